#include "filters/verify/sentence_verifier.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filters/triplet/link_dictionary.h"

namespace groundgate::filters::verify {
namespace {

constexpr const char* kContext =
    "Allison Beth Goertz (born March 2, 1991) is an American musician. Goertz is known for her "
    "satirical songs. In 2015 she released the album Cool Parent.";

class SentenceVerifierTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded = text::Lexicon::shared();
    ASSERT_TRUE(loaded.lexicon) << loaded.error;
    config_.pieces.lexicon = loaded.lexicon;
    std::vector<context::Passage> passages(1);
    passages[0].text = kContext;
    index_ = index::ContextIndex::build(std::move(passages));
  }

  void with_triplets() {
    auto dictionary = triplet::LinkDictionary::shared();
    ASSERT_TRUE(dictionary.dictionary) << dictionary.error;
    config_.triplets = true;
    config_.extractor = std::make_shared<triplet::TripletExtractor>(
        dictionary.dictionary, config_.pieces.lexicon, triplet::TripletExtractor::Options{});
    config_.triplet_cache = std::make_shared<triplet::TripletCache>(256);
  }

  SentenceVerifier verifier() {
    return SentenceVerifier(std::make_shared<const VerifyConfig>(config_), index_, {}, 0);
  }

  VerifyConfig config_;
  std::shared_ptr<const index::ContextIndex> index_;
};

TEST_F(SentenceVerifierTest, SemanticPiecesAloneSupportAndContradict) {
  SentenceVerifier v = verifier();
  SentenceVerdict good = v.verify("Goertz was born on 2 March 1991.", 10);
  EXPECT_TRUE(good.ok());
  EXPECT_TRUE(good.claims);
  EXPECT_EQ(good.label, Label::kSupported);
  EXPECT_EQ(good.answer_begin, 10u);
  EXPECT_EQ(good.answer_end, 10u + 32);
  SentenceVerdict bad = v.verify("Goertz was born on March 2, 1994.", 0);
  EXPECT_EQ(bad.label, Label::kContradicted);
  ASSERT_NE(bad.decisive_finding(), nullptr);
  EXPECT_EQ(bad.decisive_finding()->engine, Engine::kSemanticPieces);
  EXPECT_EQ(bad.decisive_finding()->code, "entity_mismatch");
  EXPECT_EQ(bad.decisive_finding()->type, HallucinationType::kDetailedInformationModification);
}

// A sentence copied from the context with one figure changed has that figure changed, even
// where a computation over the context's figures happens to give the new value (23 / 92 =
// 25%); the same computation supports a figure no context sentence states in its place.
TEST_F(SentenceVerifierTest, AFigureOnlyAComputationGivesIsChangedWhereItsSentenceSaysOtherwise) {
  std::vector<context::Passage> passages(1);
  passages[0].text =
      "They make up about 92% of the population of China, 76% of Singapore and 23% of Malaysia.";
  index_ = index::ContextIndex::build(std::move(passages));
  config_.figures.enabled = true;
  SentenceVerifier v = verifier();
  const SentenceVerdict changed = v.verify(
      "They make up about 92% of the population of China, 76% of Singapore and 25% of Malaysia.",
      0);
  EXPECT_EQ(changed.label, Label::kContradicted);
  ASSERT_NE(changed.decisive_finding(), nullptr);
  ASSERT_TRUE(changed.decisive_finding()->correction);
  EXPECT_EQ(changed.decisive_finding()->correction->evidence_text, "23%");
  const SentenceVerdict ratio =
      v.verify("Malaysia's share is 25% of China's share of the population.", 0);
  EXPECT_NE(ratio.label, Label::kContradicted);
}

// Without a scorer the engines' label stands, but another value in a passage about another
// thing is no contradiction (scored_label.h); the same value against a passage that holds the
// rest of the sentence is.
TEST_F(SentenceVerifierTest, WithoutAScorerAValueSaidOfAnotherThingIsUnsupported) {
  std::vector<context::Passage> passages(1);
  passages[0].text =
      "Reset links expire after 24 hours. Online orders have a refund window of 14 days.";
  index_ = index::ContextIndex::build(std::move(passages));
  SentenceVerifier v = verifier();
  const SentenceVerdict other = v.verify("Password reset links expire after 7 days.", 0);
  EXPECT_EQ(other.label, Label::kUnsupported);
  ASSERT_NE(other.decisive_finding(), nullptr);
  EXPECT_EQ(other.decisive_finding()->code, "entity_mismatch");
  // A piece that names another thing in the sentence's place holds no conflict at all.
  const SentenceVerdict another = v.verify("Invitation links expire after 7 days.", 0);
  EXPECT_EQ(another.label, Label::kUnsupported);
  ASSERT_NE(another.decisive_finding(), nullptr);
  EXPECT_EQ(another.decisive_finding()->code, "missing_entity");
  const SentenceVerdict same = v.verify("The refund window for online orders is 30 days.", 0);
  EXPECT_EQ(same.label, Label::kContradicted);
}

// A figure the context states, read off by the figures check, is still the other thing's
// where the context sets two things side by side with a value each and the sentence gives the
// value to the other one; the words the sentence takes from the passage's earlier sentences
// (its subject) and a synonym ("comprise" for "constitute") keep it about the same thing.
TEST_F(SentenceVerifierTest, AFigureReadOffButGivenToTheOtherThingIsContradicted) {
  std::vector<context::Passage> passages(1);
  passages[0].text =
      "The Han Chinese are the world's largest ethnic group. They constitute 23% of Malaysia "
      "and about 17% of the global population.";
  index_ = index::ContextIndex::build(std::move(passages));
  config_.figures.enabled = true;
  SentenceVerifier v = verifier();
  for (const char* wrong : {"They constitute 23% of the global population.",
                            "The Han Chinese comprise 23% of the global population."}) {
    const SentenceVerdict verdict = v.verify(wrong, 0);
    EXPECT_EQ(verdict.label, Label::kContradicted) << wrong;
    ASSERT_NE(verdict.decisive_finding(), nullptr) << wrong;
    ASSERT_TRUE(verdict.decisive_finding()->correction) << wrong;
    EXPECT_EQ(verdict.decisive_finding()->correction->evidence_text, "17%") << wrong;
  }
  for (const char* right : {"They constitute 17% of the global population.",
                            "The Han Chinese constitute 23% of Malaysia."}) {
    EXPECT_EQ(v.verify(right, 0).label, Label::kSupported) << right;
  }
}

// A figure a prose sentence writes is placed by the sentence it lines up with, not read off
// any sentence that writes it: "46 percent" is the opponent's, so the candidate's sentence
// with it is her "54 percent" changed; said of the opponent, it is read as written.
TEST_F(SentenceVerifierTest, AProseFigureOfAnotherPersonIsNoFigureOfThisOne) {
  std::vector<context::Passage> passages(1);
  passages[0].text =
      "Okafor, a former school principal, received 54 percent of the vote. Her opponent, "
      "incumbent mayor Robert Finch, received 46 percent.";
  index_ = index::ContextIndex::build(std::move(passages));
  config_.figures.enabled = true;
  SentenceVerifier v = verifier();
  const SentenceVerdict wrong = v.verify("Okafor received 46 percent of the vote.", 0);
  EXPECT_EQ(wrong.label, Label::kContradicted);
  ASSERT_NE(wrong.decisive_finding(), nullptr);
  ASSERT_TRUE(wrong.decisive_finding()->correction);
  EXPECT_EQ(wrong.decisive_finding()->correction->evidence_text, "54 percent");
  EXPECT_EQ(v.verify("Robert Finch received 46 percent.", 0).label, Label::kSupported);
}

// A clause in the question's words whose figure the figures check placed answers what was
// asked, though no context sentence shares a word with it.
TEST_F(SentenceVerifierTest, AFigureAskedForInTheQuestionsWordsNeedsNoContextSentence) {
  std::vector<context::Passage> passages(1);
  passages[0].text =
      "| | 2022 | 2021 |\n|---|---|---|\n| Net revenue | 29,000 | 26,500 |\n"
      "| Accounts receivable, net | 1,234 | 1,100 |";
  index_ = index::ContextIndex::build(std::move(passages));
  config_.figures.enabled = true;
  SentenceVerifier v(std::make_shared<const VerifyConfig>(config_), index_,
                     "What was the DSO in FY2022?", 0);
  auto pieces_code = [&](std::string_view sentence) {
    for (const Finding& f : v.verify(sentence, 0).findings) {
      if (f.engine == Engine::kSemanticPieces) return std::string(f.code);
    }
    return std::string();
  };
  EXPECT_EQ(pieces_code("The FY2022 DSO was 14.69 days."), "supported_entity");
  // A figure it did not place, or a word the question does not have, still needs one.
  EXPECT_EQ(pieces_code("The FY2022 DSO was 18.69 days."), "no_evidence");
  EXPECT_EQ(pieces_code("The FY2022 DSO was 14.69 days, a record."), "no_evidence");
}

TEST_F(SentenceVerifierTest, BothEnginesReportFindings) {
  with_triplets();
  SentenceVerifier v = verifier();
  SentenceVerdict s = v.verify("Goertz released the album Cool Parent in 2015.", 0);
  ASSERT_TRUE(s.ok());
  bool pieces = false;
  bool triplets = false;
  for (const Finding& f : s.findings) {
    pieces = pieces || f.engine == Engine::kSemanticPieces;
    triplets = triplets || f.engine == Engine::kTriplets;
  }
  EXPECT_TRUE(pieces);
  EXPECT_TRUE(triplets);
  EXPECT_EQ(s.label, Label::kSupported);
  SentenceVerdict bad = v.verify("Goertz released the album Cool Parent in 2012.", 0);
  EXPECT_EQ(bad.label, Label::kContradicted);
}

// The triplet engine's correction reaches the sentence verdict's findings with offsets in the
// full answer, alone and merged with the semantic-piece engine's findings.
TEST_F(SentenceVerifierTest, TripletCorrectionSurvivesTheCombineStep) {
  std::vector<context::Passage> passages(1);
  passages[0].text = "The trial enrolled 250 patients. It ran for two years.";
  index_ = index::ContextIndex::build(std::move(passages));
  with_triplets();
  const std::string answer = "It was a small study. The trial enrolled 300 patients.";
  const std::size_t offset = answer.find("The trial");
  for (const bool pieces : {false, true}) {
    config_.semantic_pieces = pieces;
    SentenceVerifier v = verifier();
    SentenceVerdict s = v.verify(std::string_view(answer).substr(offset), offset);
    ASSERT_TRUE(s.ok());
    EXPECT_EQ(s.label, Label::kContradicted);
    const Finding* decisive = s.decisive_finding();
    ASSERT_NE(decisive, nullptr);
    ASSERT_TRUE(decisive->correction.has_value()) << decisive->reason;
    bool from_triplets = false;
    for (const Finding& f : s.findings) {
      if (f.engine != Engine::kTriplets || f.label != Label::kContradicted) continue;
      ASSERT_TRUE(f.correction.has_value());
      EXPECT_EQ(f.code, "object_mismatch");
      EXPECT_EQ(*f.correction, *decisive->correction);  // both engines name the same value
      from_triplets = true;
    }
    EXPECT_TRUE(from_triplets);
    const Correction& c = *decisive->correction;
    EXPECT_EQ(answer.substr(c.answer_begin, c.answer_end - c.answer_begin), "300");
    EXPECT_EQ(c.evidence_text, "250");
  }
}

TEST_F(SentenceVerifierTest, TripletsWithoutTheirEngineReportAnError) {
  config_.triplets = true;  // no extractor: the dictionary did not load
  SentenceVerdict s = verifier().verify("Goertz is a musician.", 0);
  EXPECT_EQ(s.error, VerifyError::kEngineMissing);
  EXPECT_FALSE(s.ok());
}

TEST_F(SentenceVerifierTest, SentencesOverTheLimitAreNotChecked) {
  config_.max_sentence_bytes = 10;
  SentenceVerdict s = verifier().verify("Goertz is an American musician.", 0);
  EXPECT_EQ(s.error, VerifyError::kTooLong);
  EXPECT_TRUE(s.findings.empty());
}

TEST_F(SentenceVerifierTest, ABudgetTheCheckCannotMeetIsReported) {
  config_.budget = std::chrono::microseconds(1);
  with_triplets();
  SentenceVerdict s = verifier().verify("Goertz released the album Cool Parent in 2015.", 0);
  EXPECT_EQ(s.error, VerifyError::kOverBudget);
  EXPECT_GT(s.verify_ns, 1000u);
}

TEST_F(SentenceVerifierTest, VerifyAnswerSkipsCodeBlocksAndKeepsOffsets) {
  SentenceVerifier v = verifier();
  const std::string answer = "Goertz is a musician.\n```\nx = 1994\n```\nShe was born in 1994.";
  std::vector<SentenceVerdict> out = verify_answer(v, answer);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(answer.substr(out[1].answer_begin, out[1].answer_end - out[1].answer_begin),
            "She was born in 1994.");
  EXPECT_EQ(out[1].label, Label::kContradicted);
}

// A request to write (a summary, an overview) marks every verdict: its low word coverage
// alone is doubt (rests_on_rewording); a question's is not marked.
TEST_F(SentenceVerifierTest, ARequestToWriteMarksTheAnswersWordsAsItsOwn) {
  const auto config = std::make_shared<const VerifyConfig>(config_);
  SentenceVerifier writing(config, index_, "Write a short overview of the musician.", 0);
  EXPECT_TRUE(writing.verify("Goertz writes satirical songs.", 0).own_words);
  SentenceVerifier asking(config, index_, "What is Goertz known for?", 0);
  EXPECT_FALSE(asking.verify("Goertz writes satirical songs.", 0).own_words);
}

}  // namespace
}  // namespace groundgate::filters::verify
