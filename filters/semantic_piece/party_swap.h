#pragma once
// Two parties of a relation in each other's place: "Beta acquired Acme" where a context
// sentence says "Acme acquired Beta" — the same words between the two (the relation, its voice
// and its polarity), the parties exchanged. Coverage cannot see it: every word is in the
// context. Pure functions over tokens and entities.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "filters/semantic_piece/read_text.h"

namespace groundgate::filters::semantic_piece {

// Two parties next to each other with the words that relate them: two names ("Acme acquired
// Beta", "Paris is older than Rome"), or two values of a change ("from 5% to 8%"). The
// capitalised words that open the text count as a name (entity extraction leaves them out: an
// opening capital is no sign of one); a pair is only compared with another text's, where the
// same words stand as a name. Not a pair:
// a relation that holds both ways ("and", "with", "married", "met", "near", "the brother of"),
// a relation of no content word (",", "in"), a party that is a part or possession of
// something ("Acme's board", "the CEO of Acme", "Acme shares").
struct Party {
  std::size_t begin = 0;  // byte span in the text
  std::size_t end = 0;
  std::string key;                      // a name's: its lowercase words (Entity::key)
  const text::Entity* value = nullptr;  // a value's entity; null for a name
};
struct PartyPair {
  Party first;
  Party second;
  std::span<const text::Token> relation;  // the tokens between them
};

std::vector<PartyPair> party_pairs(const ReadText& text);

// How pair `a` of one text stands to pair `b` of another: the same parties in the same places
// (kSame), in each other's (kSwapped), or another relation or other parties (kOther).
enum class PairOrder : std::uint8_t { kSame, kSwapped, kOther };
PairOrder compare_pairs(const PartyPair& a, const PartyPair& b);

}  // namespace groundgate::filters::semantic_piece
