#include "filters/semantic_piece/value_pairs.h"

#include <algorithm>
#include <span>
#include <vector>

#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Entity;
using text::EntityMatch;
using text::Token;

// Marks and words between two statements of one sentence.
constexpr auto kPartBreaks = text::word_table(",", ";", "(", ")", ":", "and", "while", "whereas",
                                              "but", "compared", "versus", "vs", "against");

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
  if (key_found && apart && instead != nullptr) {
    out.kind = ValuePairing::Kind::kApart;
    out.instead = instead;
  }
  return out;
}

}  // namespace groundgate::filters::semantic_piece
