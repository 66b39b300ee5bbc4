#pragma once
// A sentence that pairs two lists by order ("Kenya and Nigeria have mobile payment shares of
// 41% and 12%, respectively"): its values of one kind, listed one after another, and the one
// list of as many things, each named in one to three words. Pure functions over tokens and
// entities, for value_pairs.h.

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "filters/semantic_piece/read_text.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {

// Words two parallel parts may differ in without naming another thing: articles, and the
// hedges of a value ("about 17%" beside "23%").
inline constexpr auto kLeftOutOfParallel = text::word_table(
    "the", "a", "an", "about", "approximately", "around", "nearly", "roughly", "almost", "some");

// A thing set beside another is named in at most this many words.
inline constexpr std::size_t kMaxNameWords = 3;

// A word that may name a thing: a content word, or one written in capitals ("the US"); a
// letter is a unit or an initial ("26p"), not a name.
bool names_a_thing(std::string_view text, const text::Token& t);

// "… respectively": the sentence pairs two lists by order.
bool says_respectively(const ReadText& sentence);

// A thing of a list: tokens [first, last] of the sentence.
struct ListItem {
  std::size_t first = 0, last = 0;
  std::size_t words = 0;  // naming words in it
};

// A sentence that pairs by order ("Kenya and Nigeria have shares of 41% and 12%,
// respectively"): its values of `value`'s kind, listed one after another, and the one list of
// as many things, each named in one to three words.
struct RespectiveList {
  std::vector<const text::Entity*> values;
  std::vector<ListItem> items;
  std::size_t own = 0;  // the item (and value) the same as `value`
};

// The values a sentence that says "respectively" lists of `value`'s kind, one of them the same
// as `value` (`own`): those on either side of it with only list joints, articles and hedges
// between. Nullopt where it lists none beside it, or gives `value` twice. No items.
std::optional<RespectiveList> respective_values(const ReadText& sentence,
                                                const text::Entity& value);

// respective_values() and the one list of as many things: n names joined by n - 1 joints, the
// last with "and" or "or". Nullopt where there is none, or two (which one the values go with is
// not said).
std::optional<RespectiveList> respective_list(const ReadText& sentence, const text::Entity& value);

}  // namespace groundgate::filters::semantic_piece
