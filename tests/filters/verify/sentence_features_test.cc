#include "filters/verify/sentence_features.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "filters/verify/answer_features.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::verify {
namespace {

using F = SentenceFeature;

float at(const SentenceFeatures& f, SentenceFeature which) {
  return f[static_cast<std::size_t>(which)];
}

Finding piece(Label label, semantic_piece::ClauseSignals signals, bool abstains = false) {
  Finding f;
  f.engine = Engine::kSemanticPieces;
  f.label = label;
  f.signals = signals;
  f.abstains = abstains;
  return f;
}

Finding triplet(Label label, std::string_view code, double score) {
  Finding f;
  f.engine = Engine::kTriplets;
  f.label = label;
  f.code = code;
  f.score = score;
  return f;
}

bool is_identifier(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

TEST(FeatureLists, NamesAreUniqueIdentifiersWithADirection) {
  const auto& names = sentence_feature_names();
  EXPECT_EQ(std::set<std::string_view>(names.begin(), names.end()).size(), names.size());
  for (std::string_view name : names)
    EXPECT_TRUE(is_identifier(name)) << name;
  for (int d : sentence_feature_directions())
    EXPECT_TRUE(d == -1 || d == 0 || d == 1);
  EXPECT_EQ(names[static_cast<std::size_t>(F::k_coverage_min)], "coverage_min");
  EXPECT_EQ(sentence_feature_directions()[static_cast<std::size_t>(F::k_coverage_min)], -1);
  EXPECT_EQ(sentence_feature_directions()[static_cast<std::size_t>(F::k_value_mismatches)], 1);

  const auto& answer = answer_feature_names();
  EXPECT_EQ(std::set<std::string_view>(answer.begin(), answer.end()).size(), answer.size());
  for (std::string_view name : answer)
    EXPECT_TRUE(is_identifier(name)) << name;
  EXPECT_EQ(answer[static_cast<std::size_t>(AnswerFeature::k_noisy_or)], "noisy_or");
  for (int d : answer_feature_directions())
    EXPECT_TRUE(d == -1 || d == 0 || d == 1);
}

TEST(SentenceFeatures, SumsTheClausesSignalsAndKeepsTheirExtremes) {
  semantic_piece::ClauseSignals a;
  a.content_words = 4;
  a.values = 1;
  a.words_missing = 1;
  a.values_missing = 1;
  a.names_missing = 1;
  a.evidence_pieces = 2;
  a.coverage = 0.5f;
  a.best_overlap = 0.4f;
  a.best_bm25 = 3;
  a.antonym = true;
  semantic_piece::ClauseSignals b;
  b.content_words = 5;
  b.evidence_pieces = 0;
  b.coverage = 1;
  b.best_overlap = 0.9f;
  b.best_bm25 = 7;
  SentenceVerdict v;
  v.claims = true;
  v.label = Label::kContradicted;
  v.findings = {piece(Label::kContradicted, a), piece(Label::kSupported, b),
                piece(Label::kSupported, b, true)};
  const SentenceFeatures f = sentence_features(v, "A sentence.");
  EXPECT_EQ(at(f, F::k_clauses), 3);
  EXPECT_EQ(at(f, F::k_claim_clauses), 2);
  EXPECT_EQ(at(f, F::k_content_words), 9);
  EXPECT_EQ(at(f, F::k_words_missing), 1);
  EXPECT_EQ(at(f, F::k_names_missing), 1);
  EXPECT_EQ(at(f, F::k_no_evidence), 1);
  EXPECT_EQ(at(f, F::k_antonym), 1);
  EXPECT_FLOAT_EQ(at(f, F::k_coverage_min), 0.5f);
  EXPECT_FLOAT_EQ(at(f, F::k_coverage_mean), 0.75f);
  EXPECT_FLOAT_EQ(at(f, F::k_overlap_min), 0.4f);
  EXPECT_FLOAT_EQ(at(f, F::k_overlap_max), 0.9f);
  EXPECT_FLOAT_EQ(at(f, F::k_bm25_min), 3);
  EXPECT_FLOAT_EQ(at(f, F::k_bm25_max), 7);
  // (1 word + 1 value missing) of (9 words + 1 value).
  EXPECT_FLOAT_EQ(at(f, F::k_missing_share), 0.2f);
  EXPECT_EQ(at(f, F::k_pieces_contradicted), 1);
  EXPECT_FLOAT_EQ(at(f, F::k_conflict_overlap), 0.4f);
  EXPECT_EQ(at(f, F::k_conflict_clean), 0);  // a word of the conflicting clause is missing
  EXPECT_EQ(at(f, F::k_rule_label), 2);
}

TEST(SentenceFeatures, ACleanConflictAndNoClaims) {
  semantic_piece::ClauseSignals clean;
  clean.content_words = 3;
  clean.evidence_pieces = 1;
  SentenceVerdict v;
  v.claims = true;
  v.label = Label::kContradicted;
  v.findings = {piece(Label::kContradicted, clean)};
  EXPECT_EQ(at(sentence_features(v, "x"), F::k_conflict_clean), 1);

  SentenceVerdict none;
  none.findings = {piece(Label::kSupported, clean, true)};
  const SentenceFeatures f = sentence_features(none, "Yes.");
  EXPECT_EQ(at(f, F::k_claim_clauses), 0);
  EXPECT_EQ(at(f, F::k_coverage_mean), 1);  // nothing to cover
  EXPECT_EQ(at(f, F::k_overlap_min), 0);
  EXPECT_EQ(at(f, F::k_rule_label), 0);
}

TEST(SentenceFeatures, CountsTripletOutcomes) {
  SentenceVerdict v;
  v.claims = true;
  Finding abstains = triplet(Label::kSupported, "no_claim", 1);
  abstains.abstains = true;
  v.findings = {triplet(Label::kSupported, "supported_triplet", 0.9),
                triplet(Label::kContradicted, "relation_mismatch", 0.1),
                triplet(Label::kUnsupported, "qualifier_missing", 0.4), abstains};
  const SentenceFeatures f = sentence_features(v, "x");
  EXPECT_EQ(at(f, F::k_triplet_claims), 3);
  EXPECT_EQ(at(f, F::k_triplets_supported), 1);
  EXPECT_EQ(at(f, F::k_triplets_contradicted), 1);
  EXPECT_EQ(at(f, F::k_triplets_unsupported), 1);
  EXPECT_EQ(at(f, F::k_triplet_relation_mismatch), 1);
  EXPECT_EQ(at(f, F::k_triplet_qualifier_missing), 1);
  EXPECT_FLOAT_EQ(at(f, F::k_triplet_score_min), 0.1f);
  EXPECT_EQ(at(f, F::k_clauses), 0);  // no semantic-piece finding
}

TEST(SentenceFeatures, TheSentencesShape) {
  const SentenceVerdict v;
  SentenceFeatures f = sentence_features(v, "Additionally, it may open at noon.");
  EXPECT_EQ(at(f, F::k_addition), 1);
  EXPECT_EQ(at(f, F::k_hedged), 1);
  EXPECT_EQ(at(f, F::k_first_person), 0);
  EXPECT_EQ(at(f, F::k_list_item), 0);
  EXPECT_GE(at(f, F::k_tokens), 6);

  f = sentence_features(v, "- We recommend that you consult a doctor.");
  EXPECT_EQ(at(f, F::k_list_item), 1);
  EXPECT_EQ(at(f, F::k_first_person), 1);
  EXPECT_EQ(at(f, F::k_advice), 1);
  EXPECT_EQ(at(f, F::k_hedged), 0);
  EXPECT_EQ(at(f, F::k_addition), 0);

  EXPECT_EQ(at(sentence_features(v, "  12) Then this."), F::k_list_item), 1);
  EXPECT_EQ(at(sentence_features(v, "2015 was a year."), F::k_list_item), 0);
  EXPECT_EQ(at(sentence_features(v, "It is also here."), F::k_addition), 0);  // only first
}

// What kind of request or answer a sentence came in teaches the model each kind of data's base
// rate, which does not carry over: no feature says it.
TEST(SentenceFeatures, TheRequestsKindIsNoFeature) {
  for (std::string_view name : sentence_feature_names()) {
    for (std::string_view kind :
         {"has_question", "structured_context", "question_share", "sentence_index"})
      EXPECT_NE(name, kind);
  }
}

}  // namespace
}  // namespace groundgate::filters::verify
