#pragma once
// What the semantic-piece checks measured on one clause, whichever check decided its label:
// the learned scorer (filters/score) reads these, so a clause flagged by one rule still tells
// how well the rest of it is grounded.

#include <cstdint>

namespace groundgate::filters::semantic_piece {

struct ClauseSignals {
  // The clause's words.
  std::uint16_t tokens = 0;
  std::uint16_t content_words = 0;  // checked by coverage (values are checked apart)
  std::uint16_t values = 0;         // numbers and dates
  std::uint16_t names = 0;          // name entities
  // Where its content words were found.
  std::uint16_t words_in_evidence = 0;  // in the top-k evidence pieces
  std::uint16_t words_in_question = 0;
  std::uint16_t words_related = 0;    // a WordNet synonym or derivation of an evidence word
  std::uint16_t words_elsewhere = 0;  // in the context, outside the evidence
  std::uint16_t words_missing = 0;    // nowhere
  std::uint16_t names_missing = 0;    // capitalised words or name words found nowhere
  // Values.
  std::uint16_t values_found = 0;      // the same value in the evidence, question or context
  std::uint16_t values_missing = 0;    // a number or date the context never gives
  std::uint16_t value_mismatches = 0;  // another value of the same kind in matched evidence
  std::uint16_t counts_missing = 0;    // small counts in words ("two films") not in the context
  // The clause lines up with one context piece: the piece holds every content word of the
  // clause, and differs in one slot only: another value where the clause has its value (in
  // the same place between the same words), the clause's verb negated on one side only, or a
  // word for its antonym. The evidence that says otherwise, aligned word for word.
  bool aligned_conflict = false;
  // A conflict that does not line up so: the context piece giving the other value holds, with
  // the sentences around it, every content word of the clause (or the question does). Without
  // that, the other value may be said of another thing ("Password reset links expire after 24
  // hours." for "Invitation links expire after 7 days."): no evidence that says otherwise.
  bool conflict_holds_clause = false;
  // The clause lines up with one context piece word for word but for a modality: the piece
  // gives as possible what the clause states as a fact ("may reduce" / "reduces"), as required
  // what it gives as optional, or as permitted what it requires. The evidence says less than
  // the clause, aligned: unsupported whatever the scorer says.
  bool modality_changed = false;
  // Evidence.
  std::uint8_t evidence_pieces = 0;
  float best_overlap = 0;  // share of the clause's terms the best evidence piece holds
  float best_bm25 = 0;
  float coverage = 1;  // covered / checked words and counts
  // A record's yes/no facts the clause speaks of, and those it gives the wrong polarity.
  std::uint8_t flags_named = 0;
  std::uint8_t flag_conflicts = 0;
  // Opening hours the sentence states (per day or in general), and those the context's differ
  // from (only on the sentence's hours verdict).
  std::uint8_t hours_stated = 0;
  std::uint8_t hours_conflicts = 0;
  // Checks that fired (several may; the first in the verifier's order decides the label).
  bool negation_mismatch = false;
  bool antonym = false;
  bool order_reversed = false;
  bool order_undated = false;
  bool composed_name = false;
  bool exclusive_mismatch = false;
  bool unbound_relation = false;
  bool compares = false;      // an ordering or comparison ("older than", "first")
  bool about_source = false;  // "The passage says ..."
  bool framing = false;       // about the source or a list header, with no evidence

  friend bool operator==(const ClauseSignals&, const ClauseSignals&) = default;
};

}  // namespace groundgate::filters::semantic_piece
