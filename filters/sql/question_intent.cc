#include "filters/sql/question_intent.h"

#include <algorithm>
#include <cmath>

#include "filters/sql/name_distance.h"
#include "filters/sql/question_terms.h"
#include "filters/text/number_words.h"
#include "filters/text/tokenizer.h"
#include "filters/text/utf8.h"

namespace groundgate::filters::sql {
namespace {

constexpr std::size_t kMaxQuestionBytes = 8192;

// One word or number of the question; punctuation other than quotes is a barrier no pattern
// crosses.
struct Unit {
  std::string word;  // folded
  bool number = false;
  bool barrier = false;
  double value = 0;
  std::size_t begin = 0;
  std::size_t end = 0;
};

struct Part {
  std::string text;
  bool prefix = false;  // `word*`
  bool infix = false;   // `*word*`
  bool number = false;  // `#`
};

struct Compiled {
  std::vector<Part> parts;
  CueKind kind;
  std::size_t letters = 0;  // literal letters: the tie-break between patterns of one length
  std::size_t exact = 0;    // parts matched whole
};

const std::vector<Compiled>& compiled_patterns() {
  static const std::vector<Compiled> patterns = [] {
    std::vector<Compiled> out;
    for (const CuePattern& p : cue_patterns()) {
      Compiled c{{}, p.kind};
      std::string_view rest = p.pattern;
      while (!rest.empty()) {
        const std::size_t space = rest.find(' ');
        std::string_view w = rest.substr(0, space);
        rest = space == std::string_view::npos ? std::string_view() : rest.substr(space + 1);
        Part part;
        if (w == "#") {
          part.number = true;
        } else if (w.size() > 2 && w.starts_with('*') && w.ends_with('*')) {
          part.infix = true;
          part.text = fold_name(w.substr(1, w.size() - 2));
        } else if (w.ends_with('*')) {
          part.prefix = true;
          part.text = fold_name(w.substr(0, w.size() - 1));
        } else {
          part.text = fold_name(w);
          ++c.exact;
        }
        c.letters += part.text.size();
        c.parts.push_back(std::move(part));
      }
      out.push_back(std::move(c));
    }
    return out;
  }();
  return patterns;
}

bool is_quote(std::string_view s) {
  static constexpr std::string_view kQuotes[] = {"\"", "'", "“", "”", "„", "«", "»", "‘",
                                                 "’",  "‚", "‹", "›", "`", "$", "€", "£"};
  return std::find(std::begin(kQuotes), std::end(kQuotes), s) != std::end(kQuotes);
}

std::optional<double> number_word(std::string_view w) {
  for (const auto& [word, value] : german_number_words()) {
    if (w == word) return value;
  }
  if (auto v = text::cardinal_word(w)) return *v;
  return std::nullopt;
}

std::vector<Unit> units_of(std::string_view q) {
  std::vector<Unit> out;
  for (const text::Token& t : text::tokenize(q)) {
    Unit u;
    u.begin = t.begin;
    u.end = t.end;
    if (t.kind == text::TokenKind::kNumber) {
      if (t.has(text::kOrdinal) || t.has(text::kDecade) || !parse_number(t.norm, u.value)) {
        u.word = t.norm;
      } else {
        u.number = true;
      }
    } else if (t.kind == text::TokenKind::kWord) {
      u.word = fold_name(t.norm);
      if (auto v = number_word(u.word)) {
        u.number = true;
        u.value = *v;
      }
    } else if (is_quote(t.surface(q))) {
      continue;
    } else {
      u.barrier = true;
    }
    out.push_back(std::move(u));
  }
  return out;
}

bool part_matches(const Part& p, const Unit& u) {
  if (u.barrier) return false;
  if (p.number) return u.number;
  if (p.infix) return u.word.find(p.text) != std::string::npos;
  if (p.prefix) return u.word.starts_with(p.text);
  return u.word == p.text;
}

bool matches_at(const Compiled& c, std::span<const Unit> units, std::size_t i) {
  if (i + c.parts.size() > units.size()) return false;
  for (std::size_t k = 0; k < c.parts.size(); ++k) {
    if (!part_matches(c.parts[k], units[i + k])) return false;
  }
  return true;
}

bool better(const Compiled& a, const Compiled& b) {
  if (a.parts.size() != b.parts.size()) return a.parts.size() > b.parts.size();
  if (a.exact != b.exact) return a.exact > b.exact;
  return a.letters > b.letters;
}

}  // namespace

bool is_superlative(CueKind kind) {
  return kind == CueKind::kMost || kind == CueKind::kLeast || kind == CueKind::kOldest ||
         kind == CueKind::kYoungest || kind == CueKind::kEarliest || kind == CueKind::kLatest;
}

bool is_comparison(CueKind kind) {
  return kind == CueKind::kGreater || kind == CueKind::kLess || kind == CueKind::kAtLeast ||
         kind == CueKind::kAtMost;
}

QuestionIntent::QuestionIntent(std::string_view question) {
  const std::string_view q = question.substr(
      0, text::align_to_char_start(question, std::min(question.size(), kMaxQuestionBytes)));
  const std::vector<Unit> units = units_of(q);
  std::vector<bool> consumed(units.size(), false);
  for (const Unit& u : units) {
    if (u.number) numbers_.push_back(u.value);
  }
  const std::vector<Compiled>& patterns = compiled_patterns();
  for (std::size_t i = 0; i < units.size();) {
    const Compiled* best = nullptr;
    for (const Compiled& c : patterns) {
      if (matches_at(c, units, i) && (best == nullptr || better(c, *best))) best = &c;
    }
    if (best == nullptr) {
      ++i;
      continue;
    }
    Cue cue;
    cue.kind = best->kind;
    cue.word = i;
    cue.begin = units[i].begin;
    cue.end = units[i + best->parts.size() - 1].end;
    cue.phrase = std::string(q.substr(cue.begin, cue.end - cue.begin));
    for (std::size_t k = 0; k < best->parts.size(); ++k) {
      if (best->parts[k].number) cue.number = units[i + k].value;
      consumed[i + k] = true;
    }
    cues_.push_back(std::move(cue));
    i += best->parts.size();
  }
  // "from the oldest to the youngest": the second superlative ends a sort range.
  std::vector<Cue> kept;
  for (std::size_t k = 0; k < cues_.size(); ++k) {
    Cue& c = cues_[k];
    if (c.kind == CueKind::kRangeEnd || c.kind == CueKind::kNoCue) continue;
    if (is_superlative(c.kind) && k > 0 && cues_[k - 1].kind == CueKind::kRangeEnd &&
        c.word <= cues_[k - 1].word + 3) {
      const auto earlier = std::find_if(kept.rbegin(), kept.rend(),
                                        [](const Cue& e) { return is_superlative(e.kind); });
      if (earlier != kept.rend()) {
        earlier->sort_range = true;
        continue;
      }
    }
    // "the 3 largest", "die "3" größten": the number just before a superlative is its count.
    if (is_superlative(c.kind) && !c.number && c.word > 0 && units[c.word - 1].number &&
        !consumed[c.word - 1]) {
      c.number = units[c.word - 1].value;
    }
    kept.push_back(std::move(c));
  }
  cues_ = std::move(kept);
}

bool QuestionIntent::has(CueKind kind) const {
  return first(kind) != nullptr;
}

const Cue* QuestionIntent::first(CueKind kind) const {
  for (const Cue& c : cues_) {
    if (c.kind == kind) return &c;
  }
  return nullptr;
}

bool QuestionIntent::names_number(double value) const {
  return std::any_of(numbers_.begin(), numbers_.end(),
                     [&](double n) { return std::fabs(n - value) < 1e-9; });
}

}  // namespace groundgate::filters::sql
