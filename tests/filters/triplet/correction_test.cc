// A contradicted value carries the evidence's value as a correction (what the guard's
// `rewrite: correct` substitutes), only when the evidence offers exactly one such value.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "filters/index/context_index.h"
#include "filters/triplet/triplet_verifier.h"
#include "tests/filters/triplet/triplet_fixture.h"

namespace groundgate::filters::triplet {
namespace {

// The answer sentence starts at this byte of the (imagined) full answer text.
constexpr std::size_t kOffset = 10;

class CorrectionTest : public ::testing::Test {
 protected:
  std::vector<Verdict> verify_all(std::vector<std::string> context, const std::string& sentence) {
    std::vector<context::Passage> passages(context.size());
    for (std::size_t i = 0; i < context.size(); ++i)
      passages[i].text = std::move(context[i]);
    TripletVerifier verifier(index::ContextIndex::build(std::move(passages)), extractor_, cache_,
                             {});
    std::vector<Verdict> out;
    verifier.verify_sentence(sentence, kOffset, 0, out);
    return out;
  }

  // The verdict on a sentence of one claim.
  Verdict verify(std::vector<std::string> context, const std::string& sentence) {
    std::vector<Verdict> out = verify_all(std::move(context), sentence);
    EXPECT_EQ(1u, out.size());
    return out.empty() ? Verdict{} : out.front();
  }

  // The answer sentence with the correction applied; offsets are bytes of the full answer.
  static std::string corrected(const std::string& sentence, const Correction& c) {
    EXPECT_GE(c.answer_begin, kOffset);
    EXPECT_LE(c.answer_end, kOffset + sentence.size());
    EXPECT_LT(c.answer_begin, c.answer_end);
    std::string out = sentence;
    out.replace(c.answer_begin - kOffset, c.answer_end - c.answer_begin, c.evidence_text);
    return out;
  }

  std::shared_ptr<const TripletExtractor> extractor_ = shared_extractor();
  std::shared_ptr<TripletCache> cache_ = std::make_shared<TripletCache>(64);
};

TEST_F(CorrectionTest, NumberObject) {
  const std::string answer = "The trial enrolled 300 patients.";
  const Verdict v = verify({"The trial enrolled 250 patients."}, answer);
  EXPECT_EQ(Label::kContradicted, v.label);
  EXPECT_EQ(ReasonCode::kObjectMismatch, v.reason_code);
  ASSERT_TRUE(v.correction.has_value());
  EXPECT_EQ("250", v.correction->evidence_text);
  EXPECT_EQ(kOffset + answer.find("300"), v.correction->answer_begin);
  EXPECT_EQ("The trial enrolled 250 patients.", corrected(answer, *v.correction));
}

TEST_F(CorrectionTest, DateObject) {
  const std::string answer = "Einstein was born on 14 March 1880.";
  const Verdict v = verify({"Einstein was born on 14 March 1879 in Ulm."}, answer);
  EXPECT_EQ(Label::kContradicted, v.label);
  EXPECT_EQ(ReasonCode::kObjectMismatch, v.reason_code);
  ASSERT_TRUE(v.correction.has_value());
  EXPECT_EQ("Einstein was born on 14 March 1879.", corrected(answer, *v.correction));
}

TEST_F(CorrectionTest, PersonObject) {
  const std::string answer = "Steve Jobs hired Tim Cook.";
  const Verdict v = verify({"Steve Jobs hired John Sculley in 1983."}, answer);
  EXPECT_EQ(Label::kContradicted, v.label);
  EXPECT_EQ(ReasonCode::kObjectMismatch, v.reason_code);
  ASSERT_TRUE(v.correction.has_value());
  EXPECT_EQ("Steve Jobs hired John Sculley.", corrected(answer, *v.correction));
}

TEST_F(CorrectionTest, PlaceObject) {
  const std::string answer = "Einstein was born in Munich.";
  const Verdict v = verify({"Einstein was born in Ulm."}, answer);
  EXPECT_EQ(ReasonCode::kObjectMismatch, v.reason_code);
  ASSERT_TRUE(v.correction.has_value());
  EXPECT_EQ("Einstein was born in Ulm.", corrected(answer, *v.correction));
}

TEST_F(CorrectionTest, QualifierValue) {
  const std::string answer = "Steve Jobs founded Apple in 1977.";
  const Verdict v = verify({"Steve Jobs founded Apple in 1976."}, answer);
  EXPECT_EQ(ReasonCode::kQualifierMismatch, v.reason_code);
  ASSERT_TRUE(v.correction.has_value());
  EXPECT_EQ("Steve Jobs founded Apple in 1976.", corrected(answer, *v.correction));
}

TEST_F(CorrectionTest, EvidenceDisagreeingWithItselfIsAmbiguous) {
  const Verdict v = verify({"The trial enrolled 250 patients.", "The trial enrolled 260 patients."},
                           "The trial enrolled 300 patients.");
  EXPECT_EQ(Label::kContradicted, v.label);
  EXPECT_EQ(ReasonCode::kObjectMismatch, v.reason_code);
  EXPECT_FALSE(v.correction.has_value());
}

TEST_F(CorrectionTest, TwoValuesOfOneKindInTheEvidenceAreAmbiguous) {
  const Verdict object =
      verify({"The museum has 120 or 140 paintings."}, "The museum has 75 paintings.");
  EXPECT_EQ(Label::kContradicted, object.label);
  EXPECT_FALSE(object.correction.has_value());
  // A count of something else is no rival value: 40 sculptures is no number of paintings.
  const Verdict other_role =
      verify({"The museum has 120 paintings and 40 sculptures."}, "The museum has 75 paintings.");
  EXPECT_EQ(Label::kContradicted, other_role.label);
  ASSERT_TRUE(other_role.correction.has_value());
  EXPECT_EQ("120", other_role.correction->evidence_text);
  const Verdict qualifier = verify({"Steve Jobs founded Apple in 1976, and NeXT in 1985."},
                                   "Steve Jobs founded Apple in 1977.");
  EXPECT_EQ(Label::kContradicted, qualifier.label);
  EXPECT_FALSE(qualifier.correction.has_value());
}

TEST_F(CorrectionTest, AnObjectTheSentenceHoldsTwiceHasNoCorrection) {
  // Which of the two "300 patients" the claim's object is cannot be told from its text.
  const std::vector<Verdict> verdicts = verify_all(
      {"The trial enrolled 250 patients."}, "The trial of 300 patients enrolled 300 patients.");
  bool contradicted = false;
  for (const Verdict& v : verdicts) {
    contradicted = contradicted || v.label == Label::kContradicted;
    EXPECT_FALSE(v.correction.has_value()) << v.reason;
  }
  EXPECT_TRUE(contradicted);
}

TEST_F(CorrectionTest, OtherContradictionsCarryNone) {
  const Verdict v =
      verify({"The company did not release the product."}, "The company released the product.");
  EXPECT_EQ(ReasonCode::kNegationMismatch, v.reason_code);
  EXPECT_FALSE(v.correction.has_value());
}

}  // namespace
}  // namespace groundgate::filters::triplet
