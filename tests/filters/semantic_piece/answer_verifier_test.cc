#include <gtest/gtest.h>

#include <random>

#include "tests/filters/semantic_piece/verifier_fixture.h"

namespace groundgate::filters::semantic_piece {
namespace {

constexpr const char* kContext =
    "Poseidon grossed $181,674,817 at the worldwide box office on a budget of $160 million. "
    "The film was directed by Wolfgang Petersen and released in May 2006. Critics were not "
    "impressed by the script.";
constexpr const char* kAnswer =
    "Poseidon, directed by Wolfgang Petersen, was released in May 2006. It grossed about $182 "
    "million on a budget of $150 million; critics loved the script. Dr. Petersen filmed it in "
    "Toronto.\n\n- The budget was 160 million dollars.\n- Critics were not impressed.";

std::vector<Verdict> feed(AnswerVerifier& verifier, const std::vector<std::string>& deltas) {
  std::vector<Verdict> out;
  for (const std::string& d : deltas) {
    std::vector<Verdict> got = verifier.on_delta(d);
    out.insert(out.end(), got.begin(), got.end());
  }
  std::vector<Verdict> rest = verifier.finish();
  out.insert(out.end(), rest.begin(), rest.end());
  return out;
}

TEST_F(VerifierTest, AnySplitGivesTheSameVerdicts) {
  context({kContext});
  const std::string answer = kAnswer;
  const std::vector<Verdict> whole = verify(answer);
  ASSERT_GE(whole.size(), 5u);
  for (std::size_t cut = 0; cut <= answer.size(); ++cut) {
    AnswerVerifier verifier(index_, "", options_);
    EXPECT_EQ(feed(verifier, {answer.substr(0, cut), answer.substr(cut)}), whole) << cut;
  }
  std::mt19937 random(7);
  for (int round = 0; round < 200; ++round) {
    std::vector<std::string> deltas;
    for (std::size_t at = 0; at < answer.size();) {
      std::size_t n = std::uniform_int_distribution<std::size_t>(1, 12)(random);
      deltas.push_back(answer.substr(at, n));
      at += n;
    }
    AnswerVerifier verifier(index_, "", options_);
    EXPECT_EQ(feed(verifier, deltas), whole) << round;
  }
}

TEST_F(VerifierTest, SentencesAreVerifiedAsSoonAsTheyEnd) {
  context({kContext});
  AnswerVerifier verifier(index_, "", options_);
  EXPECT_TRUE(verifier.on_delta("Poseidon was released in May 2006").empty());
  std::vector<Verdict> first = verifier.on_delta(". It was");
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0].label, Label::kSupported) << first[0].reason;
  EXPECT_EQ(first[0].answer_begin, 0u);
  std::vector<Verdict> rest = verifier.finish();
  ASSERT_EQ(rest.size(), 1u);
  EXPECT_EQ(rest[0].answer_begin, std::string("Poseidon was released in May 2006. ").size());
  EXPECT_EQ(verifier.sentences_verified(), 2u);
}

TEST_F(VerifierTest, OffsetsPointIntoTheFullAnswer) {
  context({kContext});
  const std::string answer = kAnswer;
  for (const Verdict& v : verify(answer)) {
    ASSERT_LE(v.answer_begin, v.answer_end);
    ASSERT_LE(v.answer_end, answer.size());
    if (v.evidence) {
      ASSERT_LE(v.evidence->end, index_->passages()[v.evidence->passage].text.size());
    }
  }
  std::vector<Verdict> v = verify(answer);
  EXPECT_EQ(answer.substr(v[0].answer_begin, 8), "Poseidon");
  // "$150 million" against the evidence's "$160 million".
  EXPECT_TRUE(std::any_of(v.begin(), v.end(), [](const Verdict& x) {
    return x.reason_code == ReasonCode::kEntityMismatch;
  }));
}

}  // namespace
}  // namespace groundgate::filters::semantic_piece
