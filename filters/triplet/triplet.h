#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace groundgate::filters::triplet {

// A prepositional modifier of the relation: time, place, instrument ("in 1976", "with a pen").
struct Qualifier {
  std::string preposition;  // lowercase: "in", "by", "with"
  std::string text;         // the phrase after it: "1976", "a pen"
  std::size_t begin = 0;    // byte span of the phrase in the sentence
  std::size_t end = 0;

  friend bool operator==(const Qualifier&, const Qualifier&) = default;
};

// One (subject, relation, object) claim of a sentence, normalised to the active voice:
// "Apple was founded by Jobs" → (Jobs, found, Apple). Spans are bytes of the sentence.
struct Triplet {
  std::string subject;
  std::string relation;  // the verb group as written, plus a folded preposition: "born in"
  std::string verb;      // lowercase head verb as written: "founded", "is", "born"
  std::string particle;  // preposition folded into the relation when the object came from it
  std::string object;    // empty for intransitive claims ("Revenue doubled")
  std::vector<Qualifier> qualifiers;
  bool negated = false;
  // Passive without an agent ("It was acquired"): `subject` is the patient, no actor known.
  bool passive = false;
  bool fallback = false;          // from the rule-based extractor, not a full parse
  bool subject_resolved = false;  // a pronoun replaced by the previous sentence's subject
  std::size_t begin = 0;          // byte span of the claim in its sentence
  std::size_t end = 0;

  friend bool operator==(const Triplet&, const Triplet&) = default;
};

// The triplets of one sentence of a text.
struct SentenceTriplets {
  std::size_t begin = 0;  // byte span of the sentence in the text
  std::size_t end = 0;
  std::vector<Triplet> triplets;
  bool fallback = false;  // some clause had no complete parse within the limits
  // Read as context: some clause went to the rules under the context's lower parse limit
  // that an answer's extraction would have parsed.
  bool context_limited = false;
  std::string subject;  // first subject, for the next sentence's pronouns
};

// Passive → active with the by-agent as subject (else `passive` is set); then, for a claim
// without object, the first qualifier becomes the object and its preposition joins the
// relation ("born in" Ulm, "grew by" 30%). Shared by the parser reading and the fallback.
void normalise_voice(Triplet& t, bool passive);

}  // namespace groundgate::filters::triplet
