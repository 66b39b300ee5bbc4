#pragma once
// Two parties of a relation in each other's place: "Beta acquired Acme" where a context
// sentence says "Acme acquired Beta" — the same words between the two (the relation, its voice
// and its polarity), the parties exchanged. Coverage cannot see it: every word is in the
// context. Pure functions over tokens and entities.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "filters/semantic_piece/read_text.h"
#include "filters/text/lexicon.h"

namespace groundgate::filters::semantic_piece {

// Two parties next to each other with the words that relate them: two names related one way
// only ("Acme acquired Beta", "Paris is older than Rome"), or two values of a change ("from
// 5% to 8%"). The
// capitalised words that open the text count as a name (entity extraction leaves them out: an
// opening capital is no sign of one); a pair is only compared with another text's, where the
// same words stand as a name. Not a pair: a relation that may hold both ways ("and", "with",
// "married", "met", "near", "the brother of", "is identical to"), one negated or modal ("did
// not acquire", "could acquire"), a pair in a condition or a report ("if Acme acquired Beta",
// "reports that …"), a party that is a part or possession of something ("Acme's board", "the
// CEO of Acme", "Acme shares"). `lexicon` gives verbs their base forms.
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

std::vector<PartyPair> party_pairs(const ReadText& text, const text::Lexicon* lexicon);

// How pair `a` of one text stands to pair `b` of another: the same parties related the same
// way (kSame: in the same places and voice with `a`'s verb among `b`'s words, "later
// acquired", or the other way round in the other voice, "was acquired by"), related the other
// way (kSwapped: in each other's places with the same words between, or in the same places in
// the other voice, "were defeated by" for "defeated"), or another relation or other parties
// (kOther). A party is the same name, a full name and its last word, or the same value.
// With `lexicon`, the verb is known in its other forms ("were beaten by" against "beat").
enum class PairOrder : std::uint8_t { kSame, kSwapped, kOther };
PairOrder compare_pairs(const PartyPair& a, const PartyPair& b, const text::Lexicon* lexicon);

// The pair's relation is in the passive: its last word is "by" ("was acquired by").
bool is_passive(const PartyPair& p);
// The relation's verb where the relation is the verb alone with its auxiliaries and adverbs
// of time or manner, and "by" in the passive ("were later beaten by", "acquired"); null for
// any other relation ("took a beating from", "signed for", "tried to beat").
const text::Token* simple_verb(const PartyPair& p);
// The relation's verb: its last word, or in the passive the word before "by".
const text::Token& relation_verb(const PartyPair& p);
// `t` is a form of `verb`: the same word, stem or (with `lexicon`) base form ("beaten", "beat").
bool form_of(const text::Token& t, const text::Token& verb, const text::Lexicon* lexicon);

// Whether `text` states the clause's pair `ours` its way in words of its own: its first party,
// then a form of the relation's last word ("countersued", "suing", "had beaten" for "sued",
// "beat"), then its second party, a few words apart; or the other way round in the passive
// ("Acme was sued by Beta"). Looser than compare_pairs: any such sentence agrees.
bool states_in_order(const ReadText& text, const PartyPair& ours, const text::Lexicon* lexicon);

// Two words or names of a clause in each other's places in a context sentence that says the
// rest of the clause word for word: "Garcia finished second, behind Chen" against "Chen
// finished second, behind Garcia", "stronger in men than in women" against "stronger in women
// than in men". Only where the words between them order the two one way (a kOneWay word or
// one of place in an order: "behind", "ahead", "above", "won") and neither name them together
// ("and", "as", "with") nor deny or doubt the relation. `stated` is set where the piece states
// the clause as it stands (no conflict then, whatever another piece says).
struct Exchange {
  std::size_t begin = 0;  // bytes of the clause, the first exchanged word to the second's end
  std::size_t end = 0;
  std::size_t piece_begin = 0;  // the same span of the piece
  std::size_t piece_end = 0;
};
std::optional<Exchange> exchanged_words(std::span<const text::Token> clause,
                                        std::span<const text::Token> piece,
                                        const text::Lexicon* lexicon, bool& stated);

// The names around an opposite stand in each other's places: "Venus lost the final to her
// sister Serena" against "Serena won the final, defeating her sister Venus" tell one event
// from its two sides (the converse), not two that oppose. A name word of `clause` before its
// word at `at` stands in `piece` only after the piece's opposite at `other_at`, and one after
// it only before.
bool parties_exchanged(std::span<const text::Token> clause, std::size_t at,
                       std::span<const text::Token> piece, std::size_t other_at);

}  // namespace groundgate::filters::semantic_piece
