#pragma once
// How strongly a clause states its predicate: as a fact ("reduces"), a possibility ("may
// reduce", "is expected to reach", "plans to open"), an obligation ("must submit", "is required
// to file") or a permission or ability ("can submit"). An answer that states as a fact what its
// source only calls possible, or as optional what the source requires, says more than the
// source does, however well its words line up.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "filters/text/tokenizer.h"

namespace groundgate::filters::text {

// kProhibited: a negated obligation or permission ("must not", "shall not", "cannot"), which
// says the same however it is worded, and never more than another.
enum class Modality : std::uint8_t { kFact, kPermitted, kPossible, kRequired, kProhibited };

// The modality token i of `tokens` gives its clause, kFact where it gives none. A modal verb
// ("may", "might", "could"; "must", "shall"; "can"), a hedging adverb ("possibly", "likely",
// "reportedly"), "suggest" of a finding, or a verb of plan or expectation before "to"
// ("plans to", "is expected to", "is required to", "has to"). Negated, "could" is a past
// inability, a fact ("could not find" = "did not find"), and "must", "shall" and "can" a
// prohibition. Not "May" the month (capitalised inside a sentence, or before a number), and not
// "would": reported speech shifts "will" to it ("said it would open" is "will open").
Modality modality_at(std::span<const Token> tokens, std::size_t i);

// Token i is a future auxiliary ("will", "shall", "we'll"; not negated): the index of the verb
// it governs ("will open" → "open"; "will be held" → "held"), else nullopt. Not a modality: "The
// store will open at 9." and "The store opens at 9." say the same; but an answer that states
// the event as done ("opened", "was held") says more than the plan.
std::optional<std::size_t> planned_verb(std::span<const Token> tokens, std::size_t i);

// A word that hedges whatever it introduces: a hedging adverb ("reportedly", "likely",
// "apparently") or "suggest" of a finding ("The study suggests that ..."). Unlike a modal verb,
// which hedges its own verb ("may book"), it weakens the sentence it opens.
bool hedges_what_follows(std::string_view word);

// Whether token i is part of a modality expression: a word modality_at() reads, or the "to" or
// "that" after one ("is likely to", "expected to", "suggests that").
bool is_modality_word(std::span<const Token> tokens, std::size_t i);

// The modality of a clause holding modality words of both `a` and `b`: a possibility where
// either is one (a hedge weakens the whole clause), else a prohibition, an obligation, a
// permission, a fact, in that order.
Modality together(Modality a, Modality b);

// The modality of a clause: together() of its words'.
Modality clause_modality(std::span<const Token> tokens);

// An answer clause of modality `answer` says more than, or other than, evidence of modality
// `evidence` that otherwise says the same: a fact or an obligation where the evidence gives a
// possibility ("reduces" / "may reduce"), a permission or possibility where it gives an
// obligation ("may submit" / "must submit"), an obligation where it gives a permission ("must
// cancel" / "can cancel"). A possibility where the evidence states a fact says less: no change.
bool overstates(Modality evidence, Modality answer);

}  // namespace groundgate::filters::text
