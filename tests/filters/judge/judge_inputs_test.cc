// What each method reads beside a sentence, made from the engines' work; and the engines asked
// about a judge's quotes alone.
#include <gtest/gtest.h>

#include "filters/judge/engine_check.h"
#include "filters/judge/judge_inputs.h"

namespace groundgate::filters::judge {
namespace {

constexpr const char* kContext =
    "The bridge opened in 1932. It cost $4 million to build. The river is 300 meters wide.";

std::shared_ptr<const index::ContextIndex> context_index() {
  std::vector<context::Passage> passages(2);
  passages[0].text = kContext;
  passages[1].text = "Ferries stopped running in 1933.";
  return index::ContextIndex::build(std::move(passages));
}

bool has(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

TEST(JudgeInputs, TheSentenceWithItsEvidenceAndQuestion) {
  const auto index = context_index();
  verify::SentenceVerdict v;
  verify::Finding f;
  f.evidence = verify::Evidence{0, 27, 54};  // "It cost $4 million to build."
  v.findings.push_back(f);
  const SentenceInput in = sentence_input(9, "It cost $5 million.", "How much?", v, *index, 200);
  EXPECT_EQ(9u, in.unit);
  EXPECT_EQ("It cost $5 million.", in.sentence);
  EXPECT_EQ("How much?", in.question);
  EXPECT_TRUE(has(in.evidence, "It cost $4 million to build.")) << in.evidence;
}

TEST(JudgeInputs, NliClaimsAreThePiecesWithTheirTopEvidenceSentences) {
  const auto index = context_index();
  const std::string sentence = "The bridge opened in 1932 and cost $5 million.";
  verify::SentenceVerdict v;
  v.answer_begin = 100;
  v.answer_end = 100 + sentence.size();
  verify::Finding first;
  first.answer_begin = 100;
  first.answer_end = 125;  // "The bridge opened in 1932"
  verify::Finding second;
  second.answer_begin = 130;
  second.answer_end = 100 + sentence.size();  // "cost $5 million."
  verify::Finding none;
  none.abstains = true;
  v.findings = {first, second, none};
  const NliInput in = nli_input(4, sentence, v, *index, 10'000);
  ASSERT_EQ(2u, in.claims.size());
  EXPECT_EQ("The bridge opened in 1932", in.claims[0].text);
  EXPECT_EQ("cost $5 million.", in.claims[1].text);
  ASSERT_FALSE(in.claims[0].passages.empty());
  EXPECT_EQ("The bridge opened in 1932.", in.passages.at(in.claims[0].passages[0]));
  ASSERT_FALSE(in.claims[1].passages.empty());
  EXPECT_EQ("It cost $4 million to build.", in.passages.at(in.claims[1].passages[0]));
  for (const NliInput::Claim& c : in.claims)
    EXPECT_LE(c.passages.size(), 3u);
  // Without pieces, the sentence is the one claim; the bound holds.
  const NliInput whole = nli_input(4, sentence, verify::SentenceVerdict{}, *index, 30);
  ASSERT_EQ(1u, whole.claims.size());
  EXPECT_EQ(sentence, whole.claims[0].text);
  std::size_t bytes = 0;
  for (const std::string& p : whole.passages)
    bytes += p.size();
  EXPECT_LE(bytes, 30u);
}

TEST(JudgeInputs, TripletsOfTheSentenceAndOfItsEvidenceSentences) {
  const auto index = context_index();
  const triplet::TripletExtractor rules(nullptr, nullptr, triplet::TripletExtractor::Options{});
  triplet::TripletCache cache(64);
  const std::optional<TripletInput> in =
      triplet_input(2, "The bridge opened in 1931.", *index, rules, &cache, 10'000);
  ASSERT_TRUE(in);
  EXPECT_EQ(2u, in->unit.unit);
  ASSERT_FALSE(in->unit.triplets.empty());
  EXPECT_TRUE(has(triplet_line(in->unit.triplets[0]), "1931"))
      << triplet_line(in->unit.triplets[0]);
  ASSERT_FALSE(in->sources.empty());
  bool cites_1932 = false;
  for (const SourceTriplet& s : in->sources) {
    cites_1932 = cites_1932 || (has(triplet_line(s.triplet), "1932") &&
                                s.sentence == "The bridge opened in 1932.");
  }
  EXPECT_TRUE(cites_1932);
  EXPECT_GT(cache.stats().entries, 0u);  // the next sentence reads them from the cache
  EXPECT_FALSE(triplet_input(2, "Yes.", *index, rules, &cache, 10'000));
}

TEST(VerifierEngineCheck, TheEnginesOnTheQuotesAlone) {
  auto loaded = text::Lexicon::shared();
  ASSERT_TRUE(loaded.lexicon) << loaded.error;
  auto config = std::make_shared<verify::VerifyConfig>();
  config->pieces.lexicon = loaded.lexicon;
  const VerifierEngineCheck engines(config);
  const std::vector<std::string> quotes{"Refunds are accepted within 14 days of purchase."};
  EXPECT_EQ(Label::kContradicted, engines.label("Refunds are accepted within 30 days.", quotes));
  EXPECT_EQ(Label::kSupported, engines.label("Refunds are accepted within 14 days.", quotes));
  EXPECT_NE(Label::kSupported, engines.label("Refunds are accepted within 14 days at any store.",
                                             std::vector<std::string>{"Refunds are accepted."}));
}

}  // namespace
}  // namespace groundgate::filters::judge
