#include <gtest/gtest.h>

#include "filters/index/context_index.h"
#include "filters/triplet/triplet_verifier.h"
#include "tests/filters/triplet/triplet_fixture.h"

namespace groundgate::filters::triplet {
namespace {

class VerifierTest : public ::testing::Test {
 protected:
  std::vector<Verdict> verify(const std::string& context, const std::string& answer) {
    std::vector<context::Passage> passages(1);
    passages[0].text = context;
    TripletVerifier verifier(index::ContextIndex::build(std::move(passages)), extractor_, cache_,
                             {});
    std::vector<Verdict> out;
    verifier.verify_sentence(answer, 10, 0, out);
    return out;
  }

  std::shared_ptr<const TripletExtractor> extractor_ = shared_extractor();
  std::shared_ptr<TripletCache> cache_ = std::make_shared<TripletCache>(64);
};

constexpr const char* kContext =
    "Steve Jobs founded Apple in 1976. Einstein was born in Ulm. The drug reduced mortality by "
    "30 percent. The company did not release the product. Prices increased in 2020.";

TEST_F(VerifierTest, SupportedThroughPassiveAndSynonym) {
  const auto v = verify(kContext, "Apple was established by Steve Jobs.");
  ASSERT_EQ(1u, v.size());
  EXPECT_EQ(Label::kSupported, v[0].label);
  EXPECT_EQ(ReasonCode::kSupportedTriplet, v[0].reason_code);
  ASSERT_TRUE(v[0].evidence_triplet.has_value());
  EXPECT_EQ("Steve Jobs founded Apple in 1976.", v[0].evidence_sentence);
  ASSERT_TRUE(v[0].evidence.has_value());
  EXPECT_EQ(0u, v[0].evidence->begin);
  EXPECT_GE(v[0].answer_begin, 10u);
}

TEST_F(VerifierTest, ContradictedObjectOfTheSameType) {
  const auto v = verify(kContext, "Einstein was born in Munich.");
  ASSERT_EQ(1u, v.size());
  EXPECT_EQ(Label::kContradicted, v[0].label);
  EXPECT_EQ(ReasonCode::kObjectMismatch, v[0].reason_code);
  EXPECT_EQ(HallucinationType::kDetailedInformationModification, v[0].type);
  EXPECT_NE(std::string::npos, v[0].reason.find("Ulm"));
}

TEST_F(VerifierTest, ContradictedQualifier) {
  const auto v = verify(kContext, "Steve Jobs founded Apple in 1977.");
  ASSERT_EQ(1u, v.size());
  EXPECT_EQ(Label::kContradicted, v[0].label);
  EXPECT_EQ(ReasonCode::kQualifierMismatch, v[0].reason_code);
}

TEST_F(VerifierTest, ContradictedNumber) {
  const auto v = verify(kContext, "The drug reduced mortality by 40 percent.");
  ASSERT_EQ(1u, v.size());
  EXPECT_EQ(Label::kContradicted, v[0].label);
  EXPECT_EQ(HallucinationType::kDetailedInformationModification, v[0].type);
}

TEST_F(VerifierTest, ContradictedNegation) {
  const auto v = verify(kContext, "The company released the product.");
  ASSERT_EQ(1u, v.size());
  EXPECT_EQ(Label::kContradicted, v[0].label);
  EXPECT_EQ(ReasonCode::kNegationMismatch, v[0].reason_code);
  EXPECT_EQ(HallucinationType::kContextualFabrication, v[0].type);
}

TEST_F(VerifierTest, ContradictedAntonym) {
  const auto v = verify(kContext, "Prices decreased in 2020.");
  ASSERT_EQ(1u, v.size());
  EXPECT_EQ(Label::kContradicted, v[0].label);
  EXPECT_EQ(ReasonCode::kAntonym, v[0].reason_code);
}

TEST_F(VerifierTest, UnsupportedRelation) {
  const auto v = verify(kContext, "Steve Jobs sold Apple.");
  ASSERT_EQ(1u, v.size());
  EXPECT_EQ(Label::kUnsupported, v[0].label);
  EXPECT_EQ(ReasonCode::kRelationMismatch, v[0].reason_code);
  EXPECT_EQ(HallucinationType::kContextualFabrication, v[0].type);
}

TEST_F(VerifierTest, UnsupportedClaimAndNoEvidence) {
  const auto other = verify(kContext, "Steve Jobs designed the Macintosh.");
  ASSERT_EQ(1u, other.size());
  EXPECT_EQ(Label::kUnsupported, other[0].label);
  EXPECT_EQ(HallucinationType::kAbsoluteFabrication, other[0].type);
  const auto none = verify(kContext, "Zebras graze savannas.");
  ASSERT_EQ(1u, none.size());
  EXPECT_EQ(ReasonCode::kNoEvidence, none[0].reason_code);
}

TEST_F(VerifierTest, NoClaim) {
  const auto v = verify(kContext, "Yes.");
  ASSERT_EQ(1u, v.size());
  EXPECT_EQ(Label::kSupported, v[0].label);
  EXPECT_EQ(ReasonCode::kNoClaim, v[0].reason_code);
}

TEST_F(VerifierTest, EvidenceTripletsAreCachedPerSentence) {
  verify(kContext, "Steve Jobs founded Apple.");
  const auto misses = cache_->stats().misses;
  verify(kContext, "Steve Jobs founded Apple.");
  EXPECT_EQ(misses, cache_->stats().misses);
  EXPECT_GT(cache_->stats().hits, 0u);
}

TEST_F(VerifierTest, AnAnswerSentenceCachedAsContextIsReadAgainAsAnAnswer) {
  // Ten words: parsed for an answer, left to the rules as context (lower parse limit).
  const std::string s = "The film that won the award was made in France.";
  verify(s, "The film was made in France.");
  ASSERT_NE(nullptr, cache_->find(s));
  EXPECT_TRUE(cache_->find(s)->context_limited);
  const auto v = verify(s, s);
  ASSERT_FALSE(v.empty());
  EXPECT_FALSE(cache_->find(s)->context_limited);
  const SentenceTriplets answer = extractor_->extract_sentence(s, {});
  ASSERT_EQ(answer.triplets.size(), v.size());
  for (std::size_t i = 0; i < v.size(); ++i)
    EXPECT_EQ(answer.triplets[i], v[i].claim);
}

TEST_F(VerifierTest, FramingAboutTheSourceIsNoClaim) {
  const auto v = verify(kContext, "The passage describes two companies.");
  ASSERT_EQ(1u, v.size());
  EXPECT_EQ(ReasonCode::kNoClaim, v[0].reason_code);
  const auto here = verify(kContext, "Here is a concise summary of the article.");
  ASSERT_EQ(1u, here.size());
  EXPECT_EQ(ReasonCode::kNoClaim, here[0].reason_code);
}

}  // namespace
}  // namespace groundgate::filters::triplet
