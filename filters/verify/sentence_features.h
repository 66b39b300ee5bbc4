#pragma once
// The numbers the learned scorer reads for one answer sentence: what the engines measured on
// its clauses and claims (coverage, missing and mismatched values and names, relations,
// negation, antonyms, triplet outcomes, evidence scores) and the sentence's own wording
// (length, hedges, advice, a list item). Only what is known when the sentence ends: the same
// numbers on a stream and on a whole answer.
// Nothing about what kind of request or answer it came in (a question or none, how much of it
// the sentence repeats, a JSON or table context, where the sentence stands in the answer): like
// the answer model's (answer_features.h), such features let the model learn each kind of data's
// share of unfaithful sentences, which is no evidence about this sentence and does not carry
// over to data of another kind (bench/RESULTS.md, issue 28, session 45: measured leave-one-
// set-out).

#include <array>
#include <cstddef>
#include <string_view>

namespace groundgate::filters::verify {

struct SentenceVerdict;

// figures_read / figures_derived: figures matched to a cell of the row and year named, or
// recomputed from the context's figures (filters/figures; the clause's values_found counts
// them too, never values_missing); figure_conflicts: figures the row, year or operation named
// give another value for.
// conflict_overlap: the best evidence overlap of a clause an engine contradicts (how well the
// conflicting evidence matches it); conflict_clean: such a clause has every other word in the
// context, so the conflict is all that differs; aligned_conflict: it lines up with a context
// sentence that says otherwise (semantic_piece::ClauseSignals::aligned_conflict).
// X(name, direction): one feature. Names are the model file's vocabulary: a name keeps its
// meaning. Direction: +1 when more of it can only make an unfaithful sentence likelier (a
// conflict, a missing word), -1 when only less likely (coverage), 0 when either; training
// holds the model to it.
// clang-format off
#define GG_SENTENCE_FEATURES(X)                                                           \
  /* the semantic-piece clauses */                                                        \
  X(clauses, 0) X(claim_clauses, 0) X(content_words, 0) X(values, 0) X(names, 0)          \
  X(words_in_evidence, 0) X(words_in_question, 0) X(words_related, 0)                     \
  X(words_elsewhere, 0) X(words_missing, 1) X(names_missing, 1) X(missing_share, 1)       \
  X(values_found, 0) X(values_missing, 1) X(value_mismatches, 1) X(counts_missing, 1)     \
  X(coverage_min, -1) X(coverage_mean, -1) X(overlap_min, -1) X(overlap_max, -1)          \
  X(bm25_min, 0) X(bm25_max, 0) X(no_evidence, 1) X(negation_mismatch, 1) X(antonym, 1)   \
  X(order_reversed, 1) X(order_undated, 1) X(composed_name, 1) X(exclusive_mismatch, 1)   \
  X(unbound_relation, 1) X(compares, 0) X(about_source, 0) X(framing, 0)                  \
  X(flags_named, 0) X(flag_conflicts, 1) X(hours_stated, 0) X(hours_conflicts, 1)         \
  X(rule_label, 1) X(pieces_contradicted, 1) X(pieces_unsupported, 1)                     \
  X(conflict_overlap, 1) X(conflict_clean, 1) X(aligned_conflict, 1)                      \
  /* the figures */                                                                       \
  X(figures_read, -1) X(figures_derived, -1) X(figure_conflicts, 1)                       \
  /* the triplets */                                                                      \
  X(triplet_claims, 0) X(triplets_supported, 0) X(triplets_contradicted, 1)               \
  X(triplets_unsupported, 1) X(triplet_relation_mismatch, 1)                              \
  X(triplet_qualifier_missing, 1) X(triplet_score_min, -1)                                \
  /* the sentence's shape */                                                              \
  X(tokens, 0) X(hedged, 0) X(first_person, 0) X(list_item, 0) X(advice, 0)              \
  X(addition, 0)
// clang-format on

enum class SentenceFeature : std::size_t {
#define GG_FEATURE_ENUM(name, direction) k_##name,
  GG_SENTENCE_FEATURES(GG_FEATURE_ENUM)
#undef GG_FEATURE_ENUM
      kCount
};

inline constexpr std::size_t kSentenceFeatureCount =
    static_cast<std::size_t>(SentenceFeature::kCount);
using SentenceFeatures = std::array<float, kSentenceFeatureCount>;

// The feature names, in vector order, and each one's direction (see above).
const std::array<std::string_view, kSentenceFeatureCount>& sentence_feature_names();
const std::array<int, kSentenceFeatureCount>& sentence_feature_directions();

// `verdict` after combine(); `sentence` its text.
SentenceFeatures sentence_features(const SentenceVerdict& verdict, std::string_view sentence);

}  // namespace groundgate::filters::verify
