#pragma once
// Which value goes with which in a sentence that gives several of each kind: "revenue of
// $1.2 billion for fiscal 2023, up from $1.0 billion in fiscal 2022" gives $1.2 billion with
// 2023 and $1.0 billion with 2022. The sentence's parts (cut at commas, semicolons,
// parentheses and the words that join two statements: "and", "while", "compared with" …) each
// give their own values together. Pure functions over tokens and entities.

#include <cstdint>
#include <string_view>
#include <vector>

#include "filters/semantic_piece/read_text.h"

namespace groundgate::filters::semantic_piece {

struct ValuePairing {
  enum class Kind : std::uint8_t {
    kTogether,  // some part of the sentence gives both values
    kApart,     // each part that gives `key` gives another value of `value`'s kind instead
    kUnknown,   // neither: the sentence does not say which goes with which
  };
  Kind kind = Kind::kUnknown;
  const text::Entity* instead = nullptr;  // kApart: the value the sentence gives with `key`
};

// Whether `a` and `b`, two entities of `text`, stand in one part of it: the sentence gives
// them together.
bool in_one_part(const ReadText& text, const text::Entity& a, const text::Entity& b);

// How `sentence` pairs the answer's `value` with its `key` (another value of another kind,
// typically the year or date the value is for). kApart only where some part gives `value` with
// a key of its own. A sentence that pairs its values by order ("… in 2023 and 2022 were $1.2
// billion and $1.0 billion, respectively") is kUnknown.
ValuePairing pair_values(const ReadText& sentence, const text::Entity& value,
                         const text::Entity& key);

// Whether `sentence` pairs by order ("Phase one and phase two enrolled 450 and 620 patients,
// respectively") and states `value`: which slot of its words a value stands in says nothing.
bool pairs_by_order(const ReadText& sentence, const text::Entity& value);

// Two parts of `sentence` that say the same of two things, in the same words but for the
// naming words of each (one to three in a row) and their values ("the basic plan costs $10 a
// month and the pro plan costs $25 a month", "23% of Malaysia and about 17% of the global
// population"): for the part that gives a value the same as `value`, each parallel part's
// naming words, its own, and the other value it gives. Articles and the words that hedge a
// value ("about", "nearly") are left out of the comparison, and a list's items may leave out
// what they share ("41% of transactions in Kenya and 12% in Nigeria", "6 hours on homework
// and 3 hours on sports each week"). A sentence that pairs by order gives its things their
// values in turn ("Kenya and Nigeria have shares of 41% and 12%, respectively").
struct ParallelPart {
  std::vector<std::string_view> own_words;    // of the part that gives `value` ("pro")
  std::vector<std::string_view> other_words;  // the parallel part's ("basic")
  std::string_view other_name;                // those words as the sentence writes them
  const text::Entity* other_value = nullptr;  // what that part gives ("$10")
  // The two parts say the same in the same words, but for the names (the shorter may leave
  // out the start of the other's lead-in): not a list's items that leave out other words.
  bool same_words = false;
};
std::vector<ParallelPart> parallel_parts(const ReadText& sentence, const text::Entity& value);

// The words of the parts of `sentence` that give a value the same as `value`: what it is said
// of ("They make up 23% of Malaysia and 17% globally": for 17%, "globally"), with an opening
// phrase said of the whole sentence ("In Nigeria, …"); of a sentence that pairs by order, all
// but the other things' words.
std::vector<std::string_view> value_part_words(const ReadText& sentence, const text::Entity& value);

// The content words of the one part of `sentence` (of two or more) that gives a value the same
// as `value`, its values left out: a list's item says what it gives the value to ("…, compared
// with 31 percent in France and 27 percent in Italy": for 27 percent, "italy"; "laid off 50
// in Ohio": "laid", "ohio"). Empty where no part or two give it.
std::vector<std::string_view> value_item_words(const ReadText& sentence, const text::Entity& value);

}  // namespace groundgate::filters::semantic_piece
