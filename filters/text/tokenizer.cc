#include "filters/text/tokenizer.h"

#include "filters/text/char_class.h"
#include "filters/text/utf8.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::text {

namespace {

struct Cursor {
  std::string_view text;

  DecodedChar at(std::size_t pos) const {
    if (pos >= text.size()) return DecodedChar{0, 0, false};
    const auto b = static_cast<unsigned char>(text[pos]);
    return b < 0x80 ? DecodedChar{b, 1, true} : decode_utf8(text, pos);
  }
  CharClass class_at(std::size_t pos) const {
    return pos < text.size() ? classify(at(pos).code_point) : CharClass::kSpace;
  }
  bool is_letter(std::size_t pos) const { return class_at(pos) == CharClass::kLetter; }
  bool is_digit(std::size_t pos) const { return class_at(pos) == CharClass::kDigit; }
  bool is_alnum(std::size_t pos) const {
    const CharClass cls = class_at(pos);  // decoded and classified once
    return cls == CharClass::kLetter || cls == CharClass::kDigit;
  }
  char byte(std::size_t pos) const { return pos < text.size() ? text[pos] : '\0'; }
};

std::size_t letters_end(const Cursor& c, std::size_t pos) {
  while (c.is_letter(pos))
    pos += c.at(pos).length;
  return pos;
}

// "U.S.", "e.g.", "Ph.D.": runs of 1-2 letters joined by single dots, at least two runs.
std::size_t dotted_abbreviation_end(const Cursor& c, std::size_t pos) {
  std::size_t runs = 0;
  std::size_t p = pos;
  while (true) {
    const std::size_t e = letters_end(c, p);
    if (e == p || e - p > 2 || c.is_digit(e)) break;
    if (c.byte(e) != '.') {
      return runs >= 2 && !c.is_letter(e) ? e : std::string_view::npos;
    }
    ++runs;
    p = e + 1;
    if (!c.is_letter(p)) return runs >= 2 ? p : std::string_view::npos;
  }
  return std::string_view::npos;
}

bool is_clitic_suffix(std::string_view s) {
  static constexpr auto kSuffixes = word_table("s", "re", "ll", "ve", "m", "d", "t");
  return kSuffixes.contains(s);
}

// "it's", "that's": "'s" is "is"/"has" here, not a possessive.
bool is_pronoun_contraction(std::string_view word) {
  static constexpr auto kHosts =
      word_table("it", "that", "he", "she", "there", "what", "who", "here", "let", "where", "how");
  return kHosts.contains(ascii_lower(word));
}

// Cheap reject for dotted_abbreviation_end, which classifies every letter of the word: with
// ASCII letters its first run of one or two letters is followed by a dot at byte 1 or 2.
// Non-ASCII starts take the full check.
bool may_be_dotted_abbreviation(const Cursor& c, std::size_t begin) {
  const auto first = static_cast<unsigned char>(c.byte(begin));
  const auto second = static_cast<unsigned char>(c.byte(begin + 1));
  if (first >= 0x80 || second >= 0x80) return true;
  return second == '.' || c.byte(begin + 2) == '.';
}

// The end of the letters and digits from `p`, each character decoded and classified once;
// `has_digit` set when one is a digit.
std::size_t alnum_end(const Cursor& c, std::size_t p, bool& has_digit) {
  while (p < c.text.size()) {
    if (const auto b = static_cast<unsigned char>(c.text[p]); b < 0x80) {
      const CharClass cls = kAsciiClasses[b];  // most of any text: no decode
      if (cls == CharClass::kLetter) {
        ++p;
        continue;
      }
      if (cls != CharClass::kDigit) break;
      has_digit = true;
      ++p;
      continue;
    }
    const auto d = c.at(p);
    const CharClass cls = classify(d.code_point);
    if (cls != CharClass::kLetter && cls != CharClass::kDigit) break;
    has_digit = has_digit || cls == CharClass::kDigit;
    p += d.length;
  }
  return p;
}

// The end of a word from `begin`: runs of letters and digits joined by a word hyphen
// (kHyphenated), an apostrophe before letters (kContraction for a clitic: "don't", "we'll")
// or, after a digit, a dot before a digit ("v1.2.3"). A possessive "'s" ends the word at its
// apostrophe (kPossessive).
std::size_t joined_word_end(const Cursor& c, std::size_t begin, Token& tok) {
  std::size_t p = begin;
  bool has_digit = false;
  while (true) {
    p = alnum_end(c, p, has_digit);
    const auto d = c.at(p);
    const std::size_t next = p + d.length;
    if (p < c.text.size() && is_word_hyphen(d.code_point) && c.is_alnum(next)) {
      tok.flags |= kHyphenated;
      p = next;
    } else if (p < c.text.size() && is_apostrophe(d.code_point) && c.is_letter(next)) {
      const std::size_t e = letters_end(c, next);
      const std::string suffix = ascii_lower(c.text.substr(next, e - next));
      if (suffix == "s" && !c.is_digit(e) &&
          !is_pronoun_contraction(c.text.substr(begin, p - begin))) {
        tok.flags |= kPossessive;
        return p;
      }
      if (is_clitic_suffix(suffix)) tok.flags |= kContraction;
      p = next;
    } else if (has_digit && c.byte(p) == '.' && c.is_digit(p + 1)) {
      p = p + 1;  // version-like "v1.2.3"
    } else {
      return p;
    }
  }
}

// The token's norm: its text lowercased; with kCapitalized (its first letter upper case) and
// kAllCaps (two letters or more, all upper case).
void lower_into_norm(const Cursor& c, Token& tok) {
  std::size_t letters = 0, upper = 0;
  const std::string_view span = c.text.substr(tok.begin, tok.end - tok.begin);
  std::size_t p = 0;
  // The ASCII prefix (most words whole): lowered straight into the norm, no decode and no
  // append per byte. The rest, if any, takes the general path below.
  while (p < span.size() && static_cast<unsigned char>(span[p]) < 0x80)
    ++p;
  tok.norm.resize(p);
  char* out = tok.norm.data();
  for (std::size_t k = 0; k < p; ++k) {
    const auto b = static_cast<unsigned char>(span[k]);
    const bool is_upper = static_cast<unsigned>(b - 'A') < 26u;
    const bool is_letter = is_upper || static_cast<unsigned>(b - 'a') < 26u;
    letters += is_letter;
    if (is_upper && letters == 1) tok.flags |= kCapitalized;
    upper += is_upper;
    out[k] = static_cast<char>(is_upper ? b + ('a' - 'A') : b);
  }
  for (p += tok.begin; p < tok.end;) {
    const auto d = c.at(p);
    if (classify(d.code_point) == CharClass::kLetter) {
      ++letters;
      if (is_upper_letter(d.code_point)) {
        ++upper;
        if (letters == 1) tok.flags |= kCapitalized;
      }
    }
    append_folded(tok.norm, d.code_point);
    p += d.length;
  }
  if (letters >= 2 && upper == letters) tok.flags |= kAllCaps;
}

// The scanners fill a token already in place in the output (fresh: empty norm), so that no
// token is built aside and moved: tokenize runs over every byte of every context.
void scan_word(const Cursor& c, std::size_t begin, Token& tok) {
  tok.kind = TokenKind::kWord;
  tok.begin = tok.end = begin;
  if (const auto e = may_be_dotted_abbreviation(c, begin) ? dotted_abbreviation_end(c, begin)
                                                          : std::string_view::npos;
      e != std::string_view::npos) {
    tok.end = e;
    tok.flags |= kAbbreviation;
  } else {
    tok.end = joined_word_end(c, begin, tok);
  }
  lower_into_norm(c, tok);
  if (tok.flags & kPossessive) {
    // The span keeps "'s" so that adjacent tokens never overlap it.
    tok.end = tok.end + c.at(tok.end).length + 1;
  }
  if (tok.norm == "n't") tok.flags = (tok.flags & ~kContraction) | kClitic;
}

void scan_number(const Cursor& c, std::size_t begin, Token& tok) {
  tok.kind = TokenKind::kNumber;
  tok.begin = tok.end = begin;
  std::size_t p = begin;
  if (c.byte(p) == '-' || c.byte(p) == '+') {
    tok.norm.push_back(c.byte(p));
    ++p;
  }
  std::size_t group = 0;
  while (c.is_digit(p)) {
    tok.norm.push_back(c.byte(p++));
    ++group;
  }
  // Thousands groups: ",ddd" not followed by another digit.
  while (group <= 3 && c.byte(p) == ',' && c.is_digit(p + 1) && c.is_digit(p + 2) &&
         c.is_digit(p + 3) && !c.is_digit(p + 4)) {
    tok.norm.append(c.text.substr(p + 1, 3));
    tok.flags |= kGrouped;
    p += 4;
  }
  if (c.byte(p) == ':' && c.is_digit(p + 1) && c.is_digit(p + 2) && !c.is_digit(p + 3)) {
    tok.norm.append(c.text.substr(p, 3));  // clock time "3:30"
    p += 3;
  }
  int dots = 0;
  while (c.byte(p) == '.' && c.is_digit(p + 1)) {
    ++dots;
    tok.norm.push_back('.');
    ++p;
    while (c.is_digit(p))
      tok.norm.push_back(c.byte(p++));
  }
  // A decimal comma, as much of Europe writes it ("99,9%", "3,25 kg"): one or two digits after
  // a comma of an ungrouped number, not another comma and digit after them ("1,2,3" lists).
  if (dots == 0 && !(tok.flags & kGrouped) && group > 0 && c.byte(p) == ',' && c.is_digit(p + 1)) {
    std::size_t q = p + 1;
    while (c.is_digit(q) && q - p <= 3)
      ++q;
    const std::size_t decimals = q - p - 1;
    if (decimals <= 2 && !(c.byte(q) == ',' && c.is_digit(q + 1)) &&
        !(begin > 0 && c.byte(begin - 1) == ',')) {
      tok.norm.push_back('.');
      tok.norm.append(c.text.substr(p + 1, decimals));
      p = q;
      dots = 1;
    }
  }
  if (dots == 1) tok.flags |= kDecimal;  // "1.2.3" is a version, not a decimal
  // Suffixes that stay part of the number: "19th", "1990s", "1990's".
  const std::size_t e = letters_end(c, p);
  const std::string suffix = ascii_lower(c.text.substr(p, e - p));
  const std::size_t digits = p - begin;
  static constexpr auto kOrdinalSuffixes = word_table("th", "st", "nd", "rd");
  if (kOrdinalSuffixes.contains(suffix) && !(tok.flags & (kDecimal | kGrouped))) {
    tok.flags |= kOrdinal;
    tok.norm += suffix;
    p = e;
  } else if (suffix == "s" && (digits == 4 || digits == 2) && tok.norm.back() == '0') {
    tok.flags |= kDecade;
    tok.norm += 's';
    p = e;
  } else if (is_apostrophe(c.at(p).code_point) && (digits == 4 || digits == 2) &&
             tok.norm.back() == '0') {
    const std::size_t s = p + c.at(p).length;
    if ((c.byte(s) == 's') && !c.is_alnum(s + 1)) {
      tok.flags |= kDecade;
      tok.norm += 's';
      p = s + 1;
    }
  }
  tok.end = p;
}

void scan_other(const Cursor& c, std::size_t begin, Token& tok) {
  const auto d = c.at(begin);
  tok.kind = classify(d.code_point) == CharClass::kPunctuation ? TokenKind::kPunctuation
                                                               : TokenKind::kSymbol;
  tok.begin = begin;
  tok.end = begin + d.length;
  if (!d.valid) {
    append_utf8(tok.norm, kReplacementChar);
    return;
  }
  if (d.code_point == '.') {
    while (c.byte(tok.end) == '.')
      ++tok.end;  // "..." as one token
    tok.norm.assign(tok.end - begin, '.');
    return;
  }
  append_folded(tok.norm, d.code_point);
}

}  // namespace

void tokenize(std::string_view text, std::vector<Token>& out) {
  const Cursor c{text};
  std::size_t pos = 0;
  CharClass prev = CharClass::kSpace;
  while (pos < text.size()) {
    const auto d = c.at(pos);
    const CharClass cls = classify(d.code_point);
    if (cls == CharClass::kSpace && d.valid) {
      pos += d.length;
      prev = cls;
      continue;
    }
    Token& tok = out.emplace_back();
    if (cls == CharClass::kDigit ||
        ((d.code_point == '-' || d.code_point == '+') && c.is_digit(pos + 1) &&
         prev != CharClass::kLetter && prev != CharClass::kDigit)) {
      scan_number(c, pos, tok);
    } else if (cls == CharClass::kLetter) {
      scan_word(c, pos, tok);
    } else if (is_apostrophe(d.code_point) && prev == CharClass::kSpace &&
               c.is_letter(pos + d.length)) {
      // Clitic split off by a pre-tokeniser: "world 's", "they 're".
      const std::size_t e = letters_end(c, pos + d.length);
      const std::string suffix = ascii_lower(text.substr(pos + d.length, e - pos - d.length));
      if (is_clitic_suffix(suffix) && !c.is_digit(e)) {
        tok.kind = TokenKind::kWord;
        tok.flags = kClitic;
        tok.begin = pos;
        tok.end = e;
        tok.norm = "'" + suffix;
      } else {
        scan_other(c, pos, tok);
      }
    } else {
      scan_other(c, pos, tok);
    }
    if (tok.kind == TokenKind::kWord || tok.kind == TokenKind::kNumber) {
      prev = tok.kind == TokenKind::kWord ? CharClass::kLetter : CharClass::kDigit;
    } else {
      prev = CharClass::kPunctuation;
    }
    pos = tok.end;
  }
}

std::string solid_spelling(const Token& token) {
  std::string out;
  if (token.kind != TokenKind::kWord || !token.has(kHyphenated)) return out;
  for (char c : token.norm) {
    if (c != '-') out += c;
  }
  return out;
}

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> out;
  out.reserve(text.size() / 5 + 1);
  tokenize(text, out);
  return out;
}

}  // namespace groundgate::filters::text
