#include "filters/sql/question_terms.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "filters/sql/name_distance.h"
#include "filters/text/stemmer.h"
#include "filters/text/tokenizer.h"
#include "filters/text/utf8.h"

namespace groundgate::filters::sql {
namespace {

constexpr std::size_t kMaxQuestionBytes = 8192;
constexpr std::size_t kMaxPhraseBytes = 200;

// Opening and closing quote marks: ASCII, typographic, German and French.
struct QuotePair {
  char32_t open;
  char32_t close;
};
constexpr QuotePair kQuotes[] = {{U'"', U'"'},     {0x201C, 0x201D}, {0x201E, 0x201C},
                                 {0x00AB, 0x00BB}, {0x00BB, 0x00AB}, {0x2039, 0x203A},
                                 {0x2018, 0x2019}, {0x201A, 0x2018}, {U'\'', U'\''}};

bool is_letter_or_digit(std::string_view text, std::size_t at) {
  if (at >= text.size()) return false;
  const text::DecodedChar c = text::decode_utf8(text, at);
  const char32_t cp = c.code_point;
  return (cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
         cp >= 0xC0;
}

bool letter_before(std::string_view text, std::size_t at) {
  return at > 0 && is_letter_or_digit(text, text::align_to_char_start(text, at - 1));
}

struct Phrase {
  std::size_t begin;  // the content, quotes excluded
  std::size_t end;
};

// Quoted phrases of `q`. An ASCII apostrophe opens one only after a non-letter and closes it
// only before one, so "don't" and "Kyle's" open nothing.
std::vector<Phrase> quoted_phrases(std::string_view q) {
  std::vector<Phrase> out;
  std::size_t i = 0;
  while (i < q.size()) {
    const text::DecodedChar c = text::decode_utf8(q, i);
    const QuotePair* pair = nullptr;
    for (const QuotePair& p : kQuotes) {
      if (c.valid && c.code_point == p.open) pair = &p;
    }
    if (pair == nullptr || (pair->open == U'\'' && letter_before(q, i))) {
      i += c.length;
      continue;
    }
    // Doubled quotes (""United Airlines"") open once.
    std::size_t begin = i + c.length;
    while (begin < q.size() && text::decode_utf8(q, begin).code_point == pair->open &&
           pair->open == pair->close) {
      begin += c.length;
    }
    std::size_t j = begin;
    std::size_t close = std::string_view::npos;
    while (j < q.size() && j - begin <= kMaxPhraseBytes) {
      const text::DecodedChar d = text::decode_utf8(q, j);
      if (d.valid && d.code_point == pair->close &&
          !(pair->close == U'\'' && is_letter_or_digit(q, j + d.length))) {
        close = j;
        break;
      }
      j += d.length;
    }
    if (close == std::string_view::npos || close == begin) {
      i += c.length;
      continue;
    }
    out.push_back({begin, close});
    std::size_t after = close;
    while (after < q.size() && text::decode_utf8(q, after).code_point == pair->close)
      after += text::decode_utf8(q, after).length;
    i = after;
  }
  return out;
}

std::size_t char_count(std::string_view s) {
  std::size_t n = 0;
  for (char c : s)
    n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

// Characters the two words share from their start.
std::size_t common_prefix_chars(std::string_view a, std::string_view b) {
  std::size_t bytes = 0;
  while (bytes < a.size() && bytes < b.size() && a[bytes] == b[bytes])
    ++bytes;
  return char_count(a.substr(0, text::align_to_char_start(a, bytes)));
}

// A name part and a question word are the same term: equal, one a prefix of the other, sharing
// most of the shorter one's start (an inflection, or the same word in a related language:
// "republic" and "republiken", "france" and "französisch"), inside a compound, or of one stem.
// German plurals and derived forms change a vowel ("Land", "Länder"; "Stadt", "Städte"): the
// word with ä, ö, ü as a, o, u.
std::string without_umlauts(std::string_view word) {
  std::string out;
  for (std::size_t i = 0; i < word.size(); ++i) {
    const std::string_view rest = word.substr(i);
    if (rest.starts_with("ä")) {
      out += 'a';
    } else if (rest.starts_with("ö")) {
      out += 'o';
    } else if (rest.starts_with("ü")) {
      out += 'u';
    } else {
      out += word[i];
      continue;
    }
    ++i;  // the second byte of the umlaut
  }
  return out;
}

bool part_matches_as_written(std::string_view part, std::string_view word, bool strict);

bool part_matches(std::string_view part, std::string_view word, bool strict = false) {
  if (part_matches_as_written(part, word, strict)) return true;
  const std::string p = without_umlauts(part), w = without_umlauts(word);
  return (p.size() != part.size() || w.size() != word.size()) &&
         part_matches_as_written(p, w, strict);
}

bool part_matches_as_written(std::string_view part, std::string_view word, bool strict) {
  if (part == word) return true;
  const std::size_t p = char_count(part), w = char_count(word);
  // Strictly, only the word may be longer (an inflection of the part, "namen" of `name`).
  if (std::min(p, w) >= 4 && (word.starts_with(part) || (!strict && part.starts_with(word)))) {
    return true;
  }
  const std::size_t shared = common_prefix_chars(part, word);
  if (!strict && shared >= 4 && 3 * shared >= 2 * std::min(p, w)) return true;
  if (p >= 4 && w >= p && word.find(part) != std::string_view::npos) return true;  // compounds
  if (p >= 3 && w >= 3 && text::stem(part) == text::stem(word)) return true;
  return false;
}

}  // namespace

bool parse_number(std::string_view text, double& out) {
  if (text.starts_with('+')) text.remove_prefix(1);
  std::string digits;
  for (char c : text) {
    if (c != '_') digits.push_back(c);
  }
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
  return ec == std::errc() && end == digits.data() + digits.size() && std::isfinite(out);
}

std::string pattern_text(std::string_view value) {
  std::string out;
  for (char c : value) {
    if (c != '%' && c != '_' && c != '*' && c != '?') out.push_back(c);
  }
  return fold_name(out);
}

QuestionTerms::QuestionTerms(std::string_view question) {
  const std::string_view q = question.substr(
      0, text::align_to_char_start(question, std::min(question.size(), kMaxQuestionBytes)));
  folded_ = fold_name(q);
  const std::vector<Phrase> phrases = quoted_phrases(q);
  for (const Phrase& p : phrases) {
    QuestionValue v;
    v.text = fold_name(q.substr(p.begin, p.end - p.begin));
    v.begin = p.begin;
    v.end = p.end;
    v.number = parse_number(v.text, v.numeric);
    values_.push_back(std::move(v));
  }
  const std::vector<text::Token> tokens = text::tokenize(q);
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    const text::Token& t = tokens[k];
    if (t.kind == text::TokenKind::kWord && k + 1 < tokens.size() && tokens[k + 1].begin == t.end &&
        q.substr(t.end, 1) == "-" && char_count(t.norm) >= 3 &&
        (k + 2 >= tokens.size() || tokens[k + 2].begin > tokens[k + 1].end ||
         tokens[k + 2].kind != text::TokenKind::kWord)) {
      truncated_.push_back(fold_name(t.norm));
    }
    if (t.kind == text::TokenKind::kWord && t.norm.size() >= 2) {
      words_.push_back(t.norm);
      // A hyphenated word's parts are words too ("us-territorium").
      for (std::size_t from = 0, dash = 0; t.has(text::kHyphenated) && dash != std::string::npos;
           from = dash + 1) {
        dash = t.norm.find('-', from);
        const std::string part = t.norm.substr(from, dash - from);
        if (part.size() >= 2) words_.push_back(part);
      }
    }
    if (t.kind != text::TokenKind::kNumber || t.has(text::kOrdinal) || t.has(text::kDecade)) {
      continue;
    }
    const bool quoted = std::any_of(phrases.begin(), phrases.end(), [&](const Phrase& p) {
      return t.begin >= p.begin && t.end <= p.end;
    });
    QuestionValue v;
    if (quoted || !parse_number(t.norm, v.numeric)) continue;
    v.number = true;
    v.text = t.norm;
    v.begin = t.begin;
    v.end = t.end;
    values_.push_back(std::move(v));
  }
}

bool QuestionTerms::mentions_name(std::string_view name) const {
  for (const std::string& part : name_parts(name)) {
    if (char_count(part) < 3 || name_function_word(part)) continue;
    if (mentions_part(part)) return true;
  }
  return false;
}

bool QuestionTerms::mentions_part(const std::string& part, bool strict) const {
  for (const std::string& word : words_) {
    if (part_matches(part, word, strict)) return true;
  }
  return std::any_of(truncated_.begin(), truncated_.end(),
                     [&](const std::string& t) { return part.starts_with(t); });
}

bool QuestionTerms::mentions_name_beyond(std::string_view name, std::string_view table,
                                         bool strict) const {
  const std::vector<std::string> table_parts = name_parts(table);
  bool beyond = false;
  for (const std::string& part : name_parts(name)) {
    if (char_count(part) < 3 || name_function_word(part)) continue;
    if (std::any_of(table_parts.begin(), table_parts.end(),
                    [&](const std::string& t) { return part_matches(part, t); })) {
      continue;
    }
    beyond = true;
    if (mentions_part(part, strict)) return true;
  }
  return !beyond && !strict && mentions_name(name);
}

std::vector<std::string> QuestionTerms::named_parts_beyond(std::string_view name,
                                                           std::string_view table) const {
  std::vector<std::string> out;
  const std::vector<std::string> table_parts = name_parts(table);
  for (std::string& part : name_parts(name)) {
    if (char_count(part) < 3 || name_function_word(part)) continue;
    if (std::any_of(table_parts.begin(), table_parts.end(),
                    [&](const std::string& t) { return part_matches(part, t); })) {
      continue;
    }
    if (mentions_part(part, true)) out.push_back(std::move(part));
  }
  return out;
}

bool QuestionTerms::mentions_value(std::string_view value) const {
  const std::string v = pattern_text(value);
  if (v.empty()) return true;  // nothing to mention ('%')
  if (folded_.find(v) != std::string::npos) return true;
  for (const QuestionValue& q : values_) {
    if (!q.number && !q.text.empty() && v.find(q.text) != std::string::npos) return true;
  }
  // Word by word, each a typo or an inflection away at most ("Frankreich"/"frankreichs").
  const std::vector<text::Token> tokens = text::tokenize(v);
  std::size_t words = 0, found = 0;
  for (const text::Token& t : tokens) {
    if (t.kind != text::TokenKind::kWord || char_count(t.norm) < 3) continue;
    ++words;
    const std::string& w = t.norm;
    const bool seen = std::any_of(words_.begin(), words_.end(), [&](const std::string& q) {
      return part_matches(w, q) || name_distance(w, q, char_count(w) >= 6 ? 2 : 1).has_value();
    });
    found += seen ? 1 : 0;
  }
  return words > 0 && found == words;
}

bool QuestionTerms::mentions_number(double value) const {
  return std::any_of(values_.begin(), values_.end(), [&](const QuestionValue& q) {
    return q.number && std::fabs(std::fabs(q.numeric) - std::fabs(value)) < 1e-9;
  });
}

}  // namespace groundgate::filters::sql
