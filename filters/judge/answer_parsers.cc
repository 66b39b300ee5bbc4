#include "filters/judge/answer_parsers.h"

#include <algorithm>
#include <cctype>

namespace groundgate::filters::judge {
namespace {

using verdict::Label;

constexpr std::size_t kMaxReasonBytes = 500;
constexpr std::size_t kMaxRewriteBytes = 2048;
constexpr std::size_t kMaxShownBytes = 60;  // of an offending line, in an error

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())) != 0)
    s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())) != 0)
    s.remove_suffix(1);
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

bool istarts_with(std::string_view s, std::string_view prefix) {
  return s.size() >= prefix.size() && iequals(s.substr(0, prefix.size()), prefix);
}

// The text's lines, trimmed, without line ends.
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> out;
  while (true) {
    const std::size_t eol = text.find('\n');
    out.push_back(trim(text.substr(0, eol)));
    if (eol == std::string_view::npos) break;
    text.remove_prefix(eol + 1);
  }
  return out;
}

std::string shown(std::string_view line) {
  std::string out(line.substr(0, kMaxShownBytes));
  if (line.size() > kMaxShownBytes) out += "...";
  return "'" + out + "'";
}

// The value after `KEY:` when `line` starts with the key (any case, spaces before the colon).
std::optional<std::string_view> keyed(std::string_view line, std::string_view key) {
  if (!istarts_with(line, key)) return std::nullopt;
  std::string_view rest = line.substr(key.size());
  while (!rest.empty() && rest.front() == ' ')
    rest.remove_prefix(1);
  if (rest.empty() || rest.front() != ':') return std::nullopt;
  return trim(rest.substr(1));
}

// Leading and trailing double quotes (straight or typographic), when both are there. `closed`
// says whether an opening quote had its closing one.
std::string_view unquote(std::string_view s, bool& closed) {
  static constexpr std::string_view kOpen[] = {"\"", "\xE2\x80\x9C"};   // " “
  static constexpr std::string_view kClose[] = {"\"", "\xE2\x80\x9D"};  // " ”
  closed = true;
  for (std::string_view open : kOpen) {
    if (!s.starts_with(open)) continue;
    for (std::string_view close : kClose) {
      if (s.size() >= open.size() + close.size() && s.ends_with(close))
        return trim(s.substr(open.size(), s.size() - open.size() - close.size()));
    }
    closed = false;
    return s;
  }
  return s;
}

// "SUPPORTED", "supported." → the label.
std::optional<Label> verdict_word(std::string_view word) {
  if (word.ends_with('.')) word.remove_suffix(1);
  if (iequals(word, "supported")) return Label::kSupported;
  if (iequals(word, "unsupported")) return Label::kUnsupported;
  if (iequals(word, "contradicted")) return Label::kContradicted;
  return std::nullopt;
}

// Digits at the front of `s`, consumed; nullopt when none (or too many to be an index).
std::optional<std::size_t> read_number(std::string_view& s) {
  std::size_t n = 0;
  std::size_t digits = 0;
  while (digits < s.size() && std::isdigit(static_cast<unsigned char>(s[digits])) != 0) {
    if (digits == 6) return std::nullopt;
    n = n * 10 + static_cast<std::size_t>(s[digits] - '0');
    ++digits;
  }
  if (digits == 0) return std::nullopt;
  s.remove_prefix(digits);
  return n;
}

void skip_spaces(std::string_view& s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
}

// A triplet's index as the thesis found judges write it — `triplet_idx_3:`, `triplet_idx 3:`,
// `- 3:`, `3 :` — consumed with its colon.
std::optional<std::size_t> triplet_index(std::string_view& line) {
  std::string_view s = line;
  if (s.starts_with('-') || s.starts_with('*')) s.remove_prefix(1);
  skip_spaces(s);
  if (istarts_with(s, "triplet_idx")) {
    s.remove_prefix(11);
    if (s.starts_with('_') || s.starts_with(' ')) s.remove_prefix(1);
  }
  std::optional<std::size_t> n = read_number(s);
  if (!n) return std::nullopt;
  skip_spaces(s);
  if (!s.starts_with(':')) return std::nullopt;
  s.remove_prefix(1);
  line = trim(s);
  return n;
}

// `#k` source citations in `text`, appended to `cited` (each once); false past `sources`.
bool collect_citations(std::string_view text, std::size_t sources, std::vector<std::size_t>& cited,
                       std::string& error) {
  for (std::size_t at = text.find('#'); at != std::string_view::npos; at = text.find('#', at + 1)) {
    std::string_view rest = text.substr(at + 1);
    std::optional<std::size_t> k = read_number(rest);
    if (!k) continue;
    if (*k == 0 || *k > sources) {
      error = "cites source triplet #" + std::to_string(*k) + " of " + std::to_string(sources);
      return false;
    }
    if (std::find(cited.begin(), cited.end(), *k) == cited.end()) cited.push_back(*k);
  }
  return true;
}

// The line that is exactly `[name]` (any case).
std::optional<std::size_t> section(const std::vector<std::string_view>& lines,
                                   std::string_view name, std::size_t from = 0) {
  for (std::size_t i = from; i < lines.size(); ++i) {
    if (iequals(lines[i], name)) return i;
  }
  return std::nullopt;
}

std::string cut_utf8(std::string_view s, std::size_t max_bytes) {
  if (s.size() <= max_bytes) return std::string(s);
  std::size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80)
    --end;
  return std::string(s.substr(0, end));
}

std::string joined(const std::vector<std::string_view>& lines, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t i = from; i < to; ++i) {
    if (lines[i].empty()) continue;
    if (!out.empty()) out += ' ';
    out += lines[i];
  }
  return out;
}

}  // namespace

std::optional<VerdictAnswer> parse_verdict(std::string_view text, std::string& error) {
  VerdictAnswer out;
  bool have_verdict = false;
  bool have_reason = false;
  std::optional<std::string> quote;
  bool in_quote = false;
  for (std::string_view line : lines_of(text)) {
    if (line.empty()) continue;
    if (auto v = keyed(line, "VERDICT")) {
      std::optional<Label> label = verdict_word(*v);
      if (have_verdict || !label) {
        error = have_verdict ? "two VERDICT lines" : "unknown verdict " + shown(*v);
        return std::nullopt;
      }
      out.label = *label;
      have_verdict = true;
      in_quote = false;
    } else if (auto q = keyed(line, "QUOTE")) {
      if (quote) {
        error = "two QUOTE lines";
        return std::nullopt;
      }
      quote = std::string(*q);
      in_quote = true;
    } else if (auto r = keyed(line, "REASON")) {
      if (have_reason) {
        error = "two REASON lines";
        return std::nullopt;
      }
      out.reason = cut_utf8(*r, kMaxReasonBytes);
      have_reason = true;
      in_quote = false;
    } else if (in_quote) {
      *quote += ' ';
      *quote += line;
    } else {
      error = "unexpected line " + shown(line);
      return std::nullopt;
    }
  }
  if (!have_verdict) {
    error = "no VERDICT line";
    return std::nullopt;
  }
  if (quote) {
    bool closed = true;
    const std::string_view q = unquote(trim(*quote), closed);
    if (!closed) {
      error = "the quote does not close";
      return std::nullopt;
    }
    if (q.size() > kMaxQuoteBytes) {
      error = "the quote is longer than 4096 bytes";
      return std::nullopt;
    }
    if (!q.empty() && !iequals(q, "none")) out.quote = std::string(q);
  }
  if (out.label != Label::kUnsupported && !out.quote) {
    error = std::string(verdict::to_string(out.label)) + " without a quote";
    return std::nullopt;
  }
  return out;
}

std::optional<std::vector<NliLine>> parse_nli(std::string_view text, std::size_t claims,
                                              std::string& error) {
  std::vector<std::optional<NliLine>> read(claims);
  std::size_t count = 0;
  for (std::string_view line : lines_of(text)) {
    if (line.empty()) continue;
    std::string_view rest = line;
    std::optional<std::size_t> n = read_number(rest);
    skip_spaces(rest);
    if (!n || rest.empty() || (rest.front() != ':' && rest.front() != '.' && rest.front() != ')')) {
      error = "unexpected line " + shown(line);
      return std::nullopt;
    }
    rest = trim(rest.substr(1));
    std::size_t word_end = 0;
    while (word_end < rest.size() && std::isalpha(static_cast<unsigned char>(rest[word_end])) != 0)
      ++word_end;
    const std::string_view word = rest.substr(0, word_end);
    NliLine parsed;
    if (iequals(word, "entailment")) {
      parsed.relation = Relation::kEntailment;
    } else if (iequals(word, "contradiction")) {
      parsed.relation = Relation::kContradiction;
    } else if (iequals(word, "neutral")) {
      parsed.relation = Relation::kNeutral;
    } else {
      error = "unknown relation in " + shown(line);
      return std::nullopt;
    }
    rest = trim(rest.substr(word_end));
    if (parsed.relation == Relation::kNeutral) {
      if (!rest.empty() && rest != ".") {
        error = "a neutral claim quotes nothing: " + shown(line);
        return std::nullopt;
      }
    } else {
      if (rest.starts_with('-') || rest.starts_with(':')) rest = trim(rest.substr(1));
      bool closed = true;
      const std::string_view q = unquote(rest, closed);
      if (!closed || q.size() > kMaxQuoteBytes) {
        error = "unreadable quote in " + shown(line);
        return std::nullopt;
      }
      parsed.quote = std::string(q);
    }
    if (*n == 0 || *n > claims || read[*n - 1]) {
      error = *n == 0 || *n > claims
                  ? "claim " + std::to_string(*n) + " of " + std::to_string(claims)
                  : "claim " + std::to_string(*n) + " answered twice";
      return std::nullopt;
    }
    read[*n - 1] = std::move(parsed);
    ++count;
  }
  if (count != claims) {
    error = std::to_string(count) + " of " + std::to_string(claims) + " claims answered";
    return std::nullopt;
  }
  std::vector<NliLine> out;
  out.reserve(claims);
  for (std::optional<NliLine>& line : read)
    out.push_back(std::move(*line));
  return out;
}

std::optional<std::vector<TripletLine>> parse_triplets(std::string_view text, std::size_t triplets,
                                                       std::size_t sources, std::string& error) {
  const std::vector<std::string_view> lines = lines_of(text);
  const std::optional<std::size_t> referred = section(lines, "[REFERRED TRIPLETS]");
  const std::optional<std::size_t> final_answer =
      section(lines, "[FINAL ANSWER]", referred ? *referred + 1 : 0);
  if (!referred || !final_answer) {
    error = !final_answer ? "no [FINAL ANSWER] section" : "no [REFERRED TRIPLETS] section";
    return std::nullopt;
  }
  std::vector<TripletLine> out(triplets);
  std::vector<bool> seen(triplets, false);
  // The chain of thought: each triplet's citations, on its line and the lines that continue it.
  std::optional<std::size_t> current;
  for (std::size_t i = *referred + 1; i < *final_answer; ++i) {
    std::string_view line = lines[i];
    if (std::optional<std::size_t> n = triplet_index(line)) {
      if (*n == 0 || *n > triplets) {
        error = "reasoning for triplet " + std::to_string(*n) + " of " + std::to_string(triplets);
        return std::nullopt;
      }
      current = *n - 1;
    }
    if (current && !collect_citations(line, sources, out[*current].cited, error))
      return std::nullopt;
  }
  for (std::size_t i = *final_answer + 1; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    if (line.empty()) continue;
    std::optional<std::size_t> n = triplet_index(line);
    std::string_view value = line;
    if (value.ends_with('.')) value.remove_suffix(1);
    const bool is_true = iequals(value, "true");
    if (!n || (!is_true && !iequals(value, "false"))) {
      error = "unexpected line under [FINAL ANSWER]: " + shown(lines[i]);
      return std::nullopt;
    }
    if (*n == 0 || *n > triplets) {
      error = "a verdict for triplet " + std::to_string(*n) + " of " + std::to_string(triplets);
      return std::nullopt;
    }
    TripletLine& t = out[*n - 1];
    if (seen[*n - 1] && t.supported != is_true) {
      error = "triplet " + std::to_string(*n) + " is True and False";
      return std::nullopt;
    }
    seen[*n - 1] = true;
    t.supported = is_true;
  }
  for (std::size_t i = 0; i < triplets; ++i)
    out[i].missing = !seen[i];
  return out;
}

std::optional<std::string> parse_explanation(std::string_view text, std::size_t max_bytes,
                                             std::string& error) {
  const std::string_view t = trim(text);
  if (t.empty()) {
    error = "an empty explanation";
    return std::nullopt;
  }
  return cut_utf8(t, max_bytes);
}

std::optional<Mitigation> parse_mitigation(std::string_view text, std::string& error) {
  const std::vector<std::string_view> lines = lines_of(text);
  const std::optional<std::size_t> reason = section(lines, "[Reason]");
  const std::optional<std::size_t> correct =
      reason ? section(lines, "[Correct Sentence]", *reason + 1) : std::nullopt;
  const std::optional<std::size_t> final_sentence =
      correct ? section(lines, "[Final Sentence]", *correct + 1) : std::nullopt;
  if (!final_sentence) {
    error = "no [Reason], [Correct Sentence] and [Final Sentence] sections in that order";
    return std::nullopt;
  }
  for (std::size_t i = 0; i < *reason; ++i) {
    if (!lines[i].empty()) {
      error = "unexpected line " + shown(lines[i]);
      return std::nullopt;
    }
  }
  if (section(lines, "[Final Sentence]", *final_sentence + 1)) {
    error = "two [Final Sentence] sections";
    return std::nullopt;
  }
  Mitigation out;
  out.reason = cut_utf8(joined(lines, *reason + 1, *correct), kMaxReasonBytes);
  std::string_view verdict = out.reason;
  while (!verdict.empty() && std::ispunct(static_cast<unsigned char>(verdict.back())) != 0)
    verdict.remove_suffix(1);
  out.nothing_to_fix = iequals(verdict, "correct");
  out.sentence = joined(lines, *final_sentence + 1, lines.size());
  if (!out.nothing_to_fix && out.sentence.empty()) {
    error = "an empty [Final Sentence]";
    return std::nullopt;
  }
  if (out.sentence.size() > kMaxRewriteBytes) {
    error = "a [Final Sentence] longer than 2048 bytes";
    return std::nullopt;
  }
  return out;
}

}  // namespace groundgate::filters::judge
