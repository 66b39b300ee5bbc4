// The actions on the built-in scorer's labels, as a route with the default scorer gets them: a
// clear contradiction is contradicted (and corrected), a sentence with no claim abstains, doubt
// is its own label with its own action and count.
#include <gtest/gtest.h>

#include "tests/filters/actions/guard_test_support.h"

namespace groundgate::filters::actions {
namespace {

using config::ActionConfig;
using config::ActionKind;
using config::RewriteKind;
using namespace testing;

std::string request() {
  return request_with_documents("m");
}

config::PolicyConfig scored_policy() {
  config::PolicyConfig p = sentence_policy();
  p.scorer.model = "builtin";
  return p;
}

// The summary annotation (the last one).
std::string summary(const GuardRun& r) {
  return r.annotations.empty() ? std::string() : r.annotations.back();
}

TEST(ScoredLabels, AChangedValueIsContradictedAndCorrected) {
  config::PolicyConfig p = scored_policy();
  p.actions.contradicted = ActionConfig{ActionKind::kRewrite, RewriteKind::kCorrect};
  p.actions.unsupported = ActionConfig{ActionKind::kRewrite, RewriteKind::kReplace};
  GuardRun r = run(p, request(),
                   split("Acme Cloud issues refunds within 30 days of a cancellation. The Pro "
                         "plan costs $12 per month.",
                         6));
  EXPECT_EQ(
      "Acme Cloud issues refunds within 14 days of a cancellation. The Pro plan costs $12 per "
      "month.",
      r.text);
  EXPECT_TRUE(contains(summary(r), R"("contradicted":1)")) << summary(r);
}

TEST(ScoredLabels, AContradictionBlocksOnARouteThatBlocksContradictions) {
  config::PolicyConfig p = scored_policy();
  p.actions.contradicted = ActionConfig{ActionKind::kBlock};
  GuardRun r = run(p, request(), split("It was founded in 2009. It is based in Oslo.", 5));
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ(r.stop_reason, "guard.contradicted");
  EXPECT_EQ(r.text, "");
}

TEST(ScoredLabels, ASentenceWithNoClaimAbstains) {
  GuardRun r = run(scored_policy(), request(),
                   split("Thanks for asking! Refunds are issued within 14 days of a "
                         "cancellation. I hope this helps.",
                         7));
  EXPECT_TRUE(contains(summary(r), R"("verdict":"grounded")")) << summary(r);
  EXPECT_TRUE(contains(summary(r), R"("checked":1)")) << summary(r);
  EXPECT_TRUE(contains(summary(r), R"("no_claim":2)")) << summary(r);
  EXPECT_EQ(count_of(r.report, "verdicts.no_claim"), 2u);

  GuardRun bye = run(scored_policy(), request(), split("Bye now.", 3));
  EXPECT_TRUE(contains(summary(bye), R"("verdict":"no_claims")")) << summary(bye);
}

// Every sentence the rules cannot settle in a band that takes in all probabilities: doubtful,
// counted apart, annotated by default, never blocked by the action for unsupported sentences.
TEST(ScoredLabels, DoubtHasItsOwnLabelActionAndCount) {
  config::PolicyConfig p = scored_policy();
  p.scorer.doubtful_at = 0.0;
  p.scorer.unsupported_at = 1.0;
  p.actions.unsupported = ActionConfig{ActionKind::kBlock};
  const std::string answer =
      "Every customer also gets a free lifetime upgrade to unlimited storage.";
  GuardRun r = run(p, request(), split(answer, 9));
  EXPECT_FALSE(r.stopped);
  EXPECT_EQ(r.text, answer);
  ASSERT_GE(r.annotations.size(), 2u);
  EXPECT_TRUE(contains(r.annotations.front(), R"("label":"doubtful")")) << r.annotations.front();
  EXPECT_TRUE(contains(r.annotations.front(), R"("action":"annotate")")) << r.annotations.front();
  EXPECT_TRUE(contains(summary(r), R"("doubtful":1)")) << summary(r);
  EXPECT_EQ(count_of(r.report, "verdicts.doubtful"), 1u);

  p.actions.doubtful = ActionConfig{ActionKind::kBlock};
  GuardRun blocked = run(p, request(), split(answer, 9));
  EXPECT_TRUE(blocked.stopped);
  EXPECT_EQ(blocked.text, "");
}

}  // namespace
}  // namespace groundgate::filters::actions
