#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// What one negation cue governs: the content words after it up to the end of its clause
// (, ; : . ! ? or a coordinating "but"), at most a few, as indices into the tokens. "He did not
// win the cup, and retired" → {win, cup}; an "and" or "or" before an auxiliary or a subject
// pronoun opens a second predicate, which it does not reach, and so does an inflected verb after
// "and" or "but" ("waived the fee and approved the permit" → {fee}). Cues are the explicit ones
// ("not", "n't", "never", "no", "without"), verbs that negate their complement ("failed to
// progress", "lacks", "refused to endorse") and active verbs that leave out their object ("bypassed
// the bidding process", "to waive the fee"). Not negations of what a clause states, so left out:
// - a focus or a comparison: "not only", "not just", "not the only", "not the same as";
// - a denied quantifier or degree, which leaves the predicate true of some or in part: "not
//   all ovens have one", "not always", "not equally harmful", "not necessarily";
// - a cue in a conditional clause, which states no fact: "if the water can't clean it, ...",
//   "unless he does not learn";
// - an answer particle ("No, ...") with nothing after it in its clause.
struct NegationScope {
  std::size_t cue = 0;
  std::vector<std::size_t> words;
  // The content words of the cue's clause before it, the nearest twelve ("the fee is not
  // charged" → {fee}): with `words`, what the negated clause is about.
  std::vector<std::size_t> before;
  // Of `before`, those after the last word that opens a clause inside the sentence ("while",
  // "which", "why", ...; "and" or "or" only where it opens a second predicate), less the verb
  // right before "no" or "without": the negated clause's own subject ("..., while white-tailed
  // deer do not have a black tip" → {white-tailed, deer}; "The hotel offers no parking" →
  // {hotel}).
  std::vector<std::size_t> subject;
};

// With `lexicon`, an irregular past form after "and" or "but" ("declined to comment and left
// the building") is known as another verb form too; without, the "-ed" forms only.
std::vector<NegationScope> negation_scopes(std::span<const Token> tokens,
                                           const Lexicon* lexicon = nullptr);

// Token i of `tokens` is a negation cue, whatever it governs: "not", "never", "failed", "lacks",
// "refused" or "declined" before "to", "waived" after no copula.
bool is_negation_cue(std::span<const Token> tokens, std::size_t i);

// Whether any negation cue is in `tokens`, whatever it governs: "favoured neither", "failed
// last year in its bid", "if it can't".
bool has_negation_cue(std::span<const Token> tokens);

// Whether `tokens` hold a condition ("if", "unless", "whether"), and whether a negation cue
// stands in one ("if you are not able to", "unless it does not rain"): a condition negation
// scopes leave out, as it states no fact.
bool states_condition(std::span<const Token> tokens);
bool negates_in_condition(std::span<const Token> tokens);

// The stems of the verbs that leave something out ("waived", "excludes", "to omit") `tokens`
// states in either voice, not negated ("the fee was waived" and "waived the fee": "waiv"; not
// "was not waived"), sorted. The active voice denies the object and the passive the subject:
// two texts with the same omission state it alike, whatever their voices.
std::vector<std::string> omissions(std::span<const Token> tokens);

// The stems of the omitting verbs `tokens` denies ("did not waive the fee", "the fee was not
// waived": "waiv"), sorted: what the verb would leave out is done after all.
std::vector<std::string> denied_omissions(std::span<const Token> tokens);

// Word `negated` is word `plain` with the prefix "non" ("non-refundable" or "nonrefundable" of
// "refundable"; lowercase): the word for its absence or opposite; `plain` has four letters at
// least ("nonce" is no "non" of "ce"). With `by_stem`, of any form of it ("non-refundable" of
// "refunded"; but also "nonprofit" of "profitable"): for reading two sides as saying the same,
// not as a conflict.
bool non_form_of(std::string_view negated, std::string_view plain, bool by_stem = false);

}  // namespace groundgate::filters::text
