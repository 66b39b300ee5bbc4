#include "filters/semantic_piece/value_pairs.h"

#include <algorithm>
#include <optional>
#include <span>
#include <vector>

#include "filters/text/stopwords.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Entity;
using text::EntityMatch;
using text::Token;

// A token that breaks two parts belongs to neither.
constexpr std::size_t kNoPart = static_cast<std::size_t>(-1);

// Marks and words between two statements of one sentence (not a colon: "2021: $6 million"
// gives the two together).
constexpr auto kPartBreaks = text::word_table(",", ";", "(", ")", "and", "while", "whereas", "but",
                                              "compared", "versus", "vs", "against");

// Whether token `t` ends a part: a mark or joining word outside a value, and not the "and" of
// a "between A and B" the part opened.
class PartBreaks {
 public:
  explicit PartBreaks(std::span<const Entity> entities) : entities_(entities) {}
  bool breaks(const Token& t) {
    const bool inside = std::any_of(entities_.begin(), entities_.end(), [&](const Entity& e) {
      return e.begin <= t.begin && t.end <= e.end;
    });
    if (inside) return false;
    if (t.norm == "between") between_ = true;
    if (t.norm == "and" && between_) {
      between_ = false;
      return false;
    }
    if (!kPartBreaks.contains(t.norm)) return false;
    between_ = false;
    return true;
  }

 private:
  std::span<const Entity> entities_;
  bool between_ = false;
};

// The part of the sentence each of its entities stands in, by entity index.
std::vector<std::size_t> parts_of(const ReadText& sentence) {
  std::vector<std::size_t> out;
  out.reserve(sentence.entities.size());
  std::size_t part = 0, next = 0;
  PartBreaks breaks(sentence.entities);
  for (const Token& t : sentence.tokens) {
    while (next < sentence.entities.size() && sentence.entities[next].end <= t.begin) {
      out.push_back(part);
      ++next;
    }
    if (breaks.breaks(t)) ++part;
  }
  while (out.size() < sentence.entities.size())
    out.push_back(part);
  return out;
}

// The part each token stands in.
std::vector<std::size_t> token_parts(const ReadText& sentence) {
  std::vector<std::size_t> out;
  out.reserve(sentence.tokens.size());
  std::size_t part = 0;
  PartBreaks breaks(sentence.entities);
  for (const Token& t : sentence.tokens) {
    if (breaks.breaks(t)) {
      ++part;
      out.push_back(kNoPart);
    } else {
      out.push_back(part);
    }
  }
  return out;
}

}  // namespace

bool in_one_part(const ReadText& text, const Entity& a, const Entity& b) {
  const std::size_t from = std::min(a.end, b.end), to = std::max(a.begin, b.begin);
  PartBreaks breaks(text.entities);
  for (const Token& t : text.tokens) {
    if (t.begin >= to) break;
    if (breaks.breaks(t) && t.begin >= from) return false;
  }
  return true;
}

ValuePairing pair_values(const ReadText& sentence, const Entity& value, const Entity& key) {
  ValuePairing out;
  if (std::any_of(sentence.tokens.begin(), sentence.tokens.end(),
                  [](const Token& t) { return t.norm == "respectively"; }))
    return out;
  const std::vector<std::size_t> parts = parts_of(sentence);
  bool key_found = false, apart = true;
  const Entity* instead = nullptr;
  for (std::size_t i = 0; i < sentence.entities.size(); ++i) {
    if (text::compare(key, sentence.entities[i]) != EntityMatch::kSame) continue;
    key_found = true;
    const Entity* other = nullptr;
    for (std::size_t j = 0; j < sentence.entities.size(); ++j) {
      if (parts[j] != parts[i] || j == i) continue;
      const EntityMatch m = text::compare(value, sentence.entities[j]);
      if (m == EntityMatch::kSame) {
        out.kind = ValuePairing::Kind::kTogether;
        return out;
      }
      if (m == EntityMatch::kDifferent && other == nullptr) other = &sentence.entities[j];
    }
    if (other == nullptr) {
      apart = false;
    } else if (instead == nullptr) {
      instead = other;
    } else if (text::compare(*instead, *other) != EntityMatch::kSame) {
      apart = false;  // the key goes with two other values: which one is not said
    }
  }
  // The sentence gives the answer's value with a key of its own (another year) in some part: a
  // key said once for the whole sentence ("In 2023 revenue was $1.2 billion and net income $300
  // million") pairs nothing apart.
  bool keyed_apart = false;
  for (std::size_t i = 0; i < sentence.entities.size() && !keyed_apart; ++i) {
    if (text::compare(value, sentence.entities[i]) != EntityMatch::kSame) continue;
    for (std::size_t j = 0; j < sentence.entities.size(); ++j) {
      keyed_apart =
          keyed_apart || (parts[j] == parts[i] &&
                          text::compare(key, sentence.entities[j]) == EntityMatch::kDifferent);
    }
  }
  if (key_found && apart && instead != nullptr && keyed_apart) {
    out.kind = ValuePairing::Kind::kApart;
    out.instead = instead;
  }
  return out;
}

std::vector<ParallelPart> parallel_parts(const ReadText& sentence, const Entity& value) {
  std::vector<ParallelPart> out;
  const std::vector<std::size_t> parts = token_parts(sentence);
  auto inside_value = [&](const Token& t) {
    return std::any_of(sentence.entities.begin(), sentence.entities.end(), [&](const Entity& e) {
      return e.type != text::EntityType::kName && e.begin <= t.begin && t.end <= e.end;
    });
  };
  // A part's words, its values' tokens and its punctuation left out.
  auto words_of = [&](std::size_t part) {
    std::vector<const Token*> words;
    for (std::size_t i = 0; i < sentence.tokens.size(); ++i) {
      const Token& t = sentence.tokens[i];
      if (parts[i] == part && t.kind != text::TokenKind::kPunctuation && !inside_value(t))
        words.push_back(&t);
    }
    return words;
  };
  // The one value of a part that compares with `value`.
  auto value_of = [&](std::size_t part) -> const Entity* {
    const Entity* found = nullptr;
    for (const Entity& e : sentence.entities) {
      const auto it = std::lower_bound(sentence.tokens.begin(), sentence.tokens.end(), e.begin,
                                       [](const Token& t, std::size_t at) { return t.begin < at; });
      if (it == sentence.tokens.end() ||
          parts[static_cast<std::size_t>(it - sentence.tokens.begin())] != part ||
          text::compare(value, e) == EntityMatch::kIncomparable)
        continue;
      if (found != nullptr) return nullptr;  // two: which one is not said
      found = &e;
    }
    return found;
  };
  std::size_t last = 0;
  for (std::size_t p : parts) {
    if (p != kNoPart) last = std::max(last, p);
  }
  std::optional<std::size_t> own;
  for (std::size_t p = 0; p <= last; ++p) {
    const Entity* v = value_of(p);
    if (v != nullptr && text::compare(value, *v) == EntityMatch::kSame) own = p;
  }
  if (!own) return out;
  const std::vector<const Token*> own_words = words_of(*own);
  for (std::size_t p = 0; p <= last; ++p) {
    const Entity* other = p == *own ? nullptr : value_of(p);
    if (other == nullptr || text::compare(value, *other) != EntityMatch::kDifferent) continue;
    const std::vector<const Token*> words = words_of(p);
    if (words.size() != own_words.size()) continue;
    std::optional<std::size_t> differs;
    bool parallel = true;
    for (std::size_t i = 0; i < words.size() && parallel; ++i) {
      if (words[i]->norm == own_words[i]->norm) continue;
      parallel = !differs && words[i]->kind == text::TokenKind::kWord &&
                 own_words[i]->kind == text::TokenKind::kWord && text::is_content_word(*words[i]) &&
                 text::is_content_word(*own_words[i]);
      differs = i;
    }
    if (parallel && differs)
      out.push_back({own_words[*differs]->norm, words[*differs]->norm, other});
  }
  return out;
}

}  // namespace groundgate::filters::semantic_piece
