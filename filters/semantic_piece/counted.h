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

// Some stem is in both lists.
bool share_a_word(std::span<const std::string> a, std::span<const std::string> b);

}  // namespace groundgate::filters::semantic_piece
