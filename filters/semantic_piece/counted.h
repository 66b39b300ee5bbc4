#pragma once
// What a count counts. "twelve gold albums" and "eight gold albums" disagree; "two tries" and
// "four separate occasions", or a man's age "89" and "one of his antiques", count different
// things and say nothing against each other.

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/text/tokenizer.h"

namespace groundgate::filters::semantic_piece {

// Stems of the words around a count, parts of hyphenated words included ("holes-in-one").
struct Counted {
  // The first two content words after the count, up to punctuation ("eight gold albums").
  std::vector<std::string> after;
  // The nearest content word before it within a short phrase ("Highway 60", "population of
  // 6,960"); punctuation stops it.
  std::vector<std::string> before;
};

// What the count spanning bytes [begin, end) of the tokens' text counts.
Counted counted_words(std::span<const text::Token> tokens, std::size_t begin, std::size_t end);

// Two counts count the same thing when the words after them share a stem; when one of them
// has none ("Highway 60.", "a population of 6,960."), when the words before them do. A verb
// before a count ("made two aces", "made one on the fourth") says nothing of what it counts.
bool count_the_same(const Counted& a, const Counted& b);

// Two values stand in the same place of two sentences (the one slot, filled differently): the
// words after them, or the words before them, share a stem ("the window is 14 days" / "the
// window is 30 days", "poem of 143 lines" / "poem of 123 lines"), or at least two of the
// tokens right next to them are the same ("Keating, 21, was" / "Keating, 22, was", "The
// 14-lap race" / "The 13-lap race"). Values at bytes [a_begin, a_end) of `a` and [b_begin,
// b_end) of `b`.
bool same_slot(std::span<const text::Token> a, std::size_t a_begin, std::size_t a_end,
               std::span<const text::Token> b, std::size_t b_begin, std::size_t b_end);

}  // namespace groundgate::filters::semantic_piece
