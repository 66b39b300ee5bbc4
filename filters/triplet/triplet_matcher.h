#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/text/entities.h"
#include "filters/text/lexicon.h"
#include "filters/triplet/triplet.h"

namespace groundgate::filters::triplet {

// Compares the parts of two triplets after normalisation (Snowball stems, WordNet lemmas,
// copula forms, the text layer's entity values). Stateless apart from the shared lexicon, so
// one matcher serves every thread.
class TripletMatcher {
 public:
  enum class ArgumentMatch : std::uint8_t {
    kSame,      // same entity, containment, acronym, or most content words shared
    kConflict,  // an entity of the same type with another value (number, date, person, place)
    kNone,
  };
  enum class RelationMatch : std::uint8_t { kSame, kAntonym, kNone };
  // What a `correct` rewrite would substitute in `a` when it conflicts with `b`.
  struct ValueConflict {
    std::size_t begin = 0;  // byte span in `a` of its conflicting value
    std::size_t end = 0;
    std::string evidence_text;  // the value as `b` writes it
  };

  // `lexicon` may be null: stems only, no synonyms, derivations or antonyms.
  explicit TripletMatcher(const text::Lexicon* lexicon) : lexicon_(lexicon) {}

  ArgumentMatch match_arguments(std::string_view a, std::string_view b) const;
  // For two arguments that conflict (match_arguments → kConflict): the one value of `a` that
  // conflicts and `b`'s value for it (typed values: the entity's span; two names sharing no
  // word: the whole phrases). Nullopt when ambiguous: two values of `a` conflict, or `b`
  // holds two different values of that kind.
  std::optional<ValueConflict> conflicting_value(std::string_view a, std::string_view b) const;
  // Relation heads by lemma or stem, WordNet synonyms and derivations ("founded" ~
  // "established", "author" ~ "write"); antonyms ("rise" / "fall"). Negation is left to the
  // caller (Triplet::negated).
  RelationMatch match_relations(const Triplet& a, const Triplet& b) const;
  // The base form of a triplet's relation head: "was" → "be", "founded" → "found".
  std::string relation_lemma(const Triplet& t) const;

 private:
  struct Words {
    std::vector<std::string> norms;  // content words, lowercase
    std::vector<std::string> stems;
    std::vector<text::Entity> entities;
    // Per content word: it lies inside one of `entities` (a value, not the phrase's head).
    std::vector<bool> in_value;
    std::string acronym;  // initials of the capitalised words: "National Aeronautics ..." → "nasa"
    std::string single_caps;    // the phrase's only all-caps word, lowercase
    bool proper = true;         // every content word capitalised: a name, even unrecognised
    bool generational = false;  // a name with "Jr.", "Sr.", "II", "III": another person
  };
  Words analyse(std::string_view phrase) const;
  // Whether the content words outside the values of `a` and `b` can describe the same thing:
  // one side has none ("1966" vs "born in September 1989"), or some are shared ("the
  // father of X" vs "the chairman of Y" share none: two roles, the values do not conflict).
  bool same_role(const Words& a, const Words& b) const;
  bool words_match(const std::string& norm_a, const std::string& stem_a, const std::string& norm_b,
                   const std::string& stem_b) const;

  const text::Lexicon* lexicon_;
};

std::string_view to_string(TripletMatcher::ArgumentMatch match);

}  // namespace groundgate::filters::triplet
