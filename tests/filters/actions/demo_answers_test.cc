// The demo's canned answers (proxy/cli/demo-mock-script.yaml) against the demo's documents get
// the verdicts and rewrites the demo promises; this keeps the demo honest as the engines change.
#include <gtest/gtest.h>

#include "tests/filters/actions/guard_test_support.h"

namespace groundgate::filters::actions {
namespace {

using config::ActionConfig;
using config::ActionKind;
using config::RewriteKind;
using namespace testing;

std::string request() {
  return request_with_documents("guard-rewrite");
}

config::PolicyConfig rewrite_policy() {
  config::PolicyConfig p = sentence_policy();
  p.actions.contradicted = ActionConfig{ActionKind::kRewrite, RewriteKind::kCorrect};
  p.actions.unsupported = ActionConfig{ActionKind::kRewrite, RewriteKind::kReplace};
  p.rewrite.notice = "[removed]";
  return p;
}

TEST(DemoAnswers, ChangedNumberIsCorrected) {
  GuardRun r = run(rewrite_policy(), request(),
                   split("Acme Cloud issues refunds within 30 days of a cancellation. The Pro "
                         "plan costs $12 per month.",
                         6));
  EXPECT_EQ(
      "Acme Cloud issues refunds within 14 days of a cancellation. The Pro plan costs $12 per "
      "month.",
      r.text);
}

TEST(DemoAnswers, WrongDateIsCorrected) {
  GuardRun r = run(rewrite_policy(), request(),
                   split("Acme Cloud was founded in Oslo. It was founded in 2009. Its chief "
                         "executive is Maria Jensen.",
                         5));
  EXPECT_EQ(
      "Acme Cloud was founded in Oslo. It was founded in 2011. Its chief executive is Maria "
      "Jensen.",
      r.text);
}

TEST(DemoAnswers, InventedEntityIsReplaced) {
  GuardRun r = run(rewrite_policy(), request(),
                   split("Acme Cloud was founded in 2011 in Oslo. Its chief executive is John "
                         "Carter of Seattle.",
                         4));
  EXPECT_EQ("Acme Cloud was founded in 2011 in Oslo. [removed]", r.text);
}

TEST(DemoAnswers, UnsupportedClaimIsBlocked) {
  config::PolicyConfig p = sentence_policy();
  p.actions.unsupported = ActionConfig{ActionKind::kBlock};
  p.actions.contradicted = ActionConfig{ActionKind::kBlock};
  GuardRun r = run(p, request(),
                   split("The Pro plan costs $12 per month and includes 2 TB of storage. Every "
                         "customer also gets a free lifetime upgrade to unlimited storage.",
                         7));
  EXPECT_TRUE(r.stopped);
  EXPECT_EQ("The Pro plan costs $12 per month and includes 2 TB of storage.", r.text);
}

}  // namespace
}  // namespace groundgate::filters::actions
