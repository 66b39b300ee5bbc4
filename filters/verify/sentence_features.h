#pragma once
// The numbers the learned scorer reads for one answer sentence: what the engines measured on
// its clauses and claims (coverage, missing and mismatched values and names, relations,
// negation, antonyms, triplet outcomes, evidence scores), the sentence's shape (length,
// position, hedges, words about the source) and the request's (context size, a question).
// Only what is known when the sentence ends: the same numbers on a stream and on a whole answer.

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

namespace groundgate::filters::verify {

struct SentenceVerdict;

// X(name): one feature. Names are the model file's vocabulary; add at the end, never reuse.
#define GG_SENTENCE_FEATURES(X)                                                                    \
  X(clauses)                                                                                       \
  X(claim_clauses) X(tokens) X(content_words) X(values) X(names) X(words_in_evidence)              \
      X(words_in_question) X(words_related) X(words_elsewhere) X(words_missing) X(names_missing)   \
          X(missing_share) X(values_found) X(values_missing) X(value_mismatches) X(counts_missing) \
              X(coverage_min) X(coverage_mean) X(overlap_min) X(overlap_max) X(bm25_min)           \
                  X(bm25_max) X(no_evidence) X(negation_mismatch) X(antonym) X(order_reversed)     \
                      X(order_undated) X(composed_name) X(exclusive_mismatch) X(unbound_relation)  \
                          X(compares) X(about_source) X(framing) X(rule_label)                     \
                              X(pieces_contradicted) X(pieces_unsupported) X(triplet_claims)       \
                                  X(triplets_supported) X(triplets_contradicted)                   \
                                      X(triplets_unsupported) X(triplet_relation_mismatch)         \
                                          X(triplet_qualifier_missing) X(triplet_score_min)        \
                                              X(sentence_index) X(hedged) X(first_person)          \
                                                  X(list_item) X(advice) X(addition)               \
                                                      X(question_share) X(context_passages)        \
                                                          X(context_kilobytes)                     \
                                                              X(structured_context)                \
                                                                  X(has_question)

enum class SentenceFeature : std::size_t {
#define GG_FEATURE_ENUM(name) k_##name,
  GG_SENTENCE_FEATURES(GG_FEATURE_ENUM)
#undef GG_FEATURE_ENUM
      kCount
};

inline constexpr std::size_t kSentenceFeatureCount =
    static_cast<std::size_t>(SentenceFeature::kCount);
using SentenceFeatures = std::array<float, kSentenceFeatureCount>;

// The feature names, in vector order.
const std::array<std::string_view, kSentenceFeatureCount>& sentence_feature_names();

// What is known of the request and the answer so far when a sentence ends.
struct SentenceSetting {
  std::size_t index = 0;                        // sentences of this answer before it
  std::span<const std::string> question_stems;  // sorted, unique
  std::size_t context_passages = 0;
  std::size_t context_bytes = 0;
  bool structured_context = false;  // some passage is JSON or a table, read as facts
  bool has_question = false;
};

// `verdict` after combine(); `sentence` its text.
SentenceFeatures sentence_features(const SentenceVerdict& verdict, std::string_view sentence,
                                   const SentenceSetting& setting);

}  // namespace groundgate::filters::verify
