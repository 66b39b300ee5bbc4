#include "filters/actions/decision.h"

#include <gtest/gtest.h>

namespace groundgate::filters::actions {
namespace {

using config::ActionKind;

checks::UnitVerdict verdict(verify::Label label, bool claims = true) {
  checks::UnitVerdict v;
  v.verdict.label = label;
  v.verdict.claims = claims;
  return v;
}

TEST(Decision, LabelsMapToTheirActions) {
  GuardConfig c;
  c.actions.supported = {ActionKind::kPass};
  c.actions.unsupported = {ActionKind::kRewrite, config::RewriteKind::kCite};
  c.actions.contradicted = {ActionKind::kBlock};
  auto s = verdict(verify::Label::kSupported);
  auto u = verdict(verify::Label::kUnsupported);
  auto x = verdict(verify::Label::kContradicted);
  EXPECT_EQ("supported", decide(c, &s).label);
  EXPECT_EQ(ActionKind::kPass, decide(c, &s).action.kind);
  EXPECT_EQ(ActionKind::kRewrite, decide(c, &u).action.kind);
  EXPECT_EQ(config::RewriteKind::kCite, decide(c, &u).action.rewrite);
  EXPECT_EQ(ActionKind::kBlock, decide(c, &x).action.kind);
}

TEST(Decision, AnAnnotateOnlyVerdictIsAnnotatedAtMost) {
  // SQL findings of kinds too imprecise to act on (intent kinds below precision 0.8).
  GuardConfig c;
  c.actions.unsupported = {ActionKind::kBlock};
  c.actions.contradicted = {ActionKind::kRewrite, config::RewriteKind::kCorrect};
  auto u = verdict(verify::Label::kUnsupported);
  auto x = verdict(verify::Label::kContradicted);
  u.verdict.annotate_only = x.verdict.annotate_only = true;
  EXPECT_EQ(ActionKind::kAnnotate, decide(c, &u).action.kind);
  EXPECT_EQ(ActionKind::kAnnotate, decide(c, &x).action.kind);
  c.actions.unsupported = {ActionKind::kPass};
  EXPECT_EQ(ActionKind::kPass, decide(c, &u).action.kind);
}

TEST(Decision, NoClaimPassesAndNoContextFollowsItsAction) {
  GuardConfig c;
  c.actions.no_context = {ActionKind::kAnnotate};
  auto none = verdict(verify::Label::kUnsupported, false);
  EXPECT_EQ("no_claim", decide(c, &none).label);
  EXPECT_EQ(ActionKind::kPass, decide(c, &none).action.kind);
  EXPECT_EQ("no_context", decide(c, nullptr).label);
  EXPECT_EQ(ActionKind::kAnnotate, decide(c, nullptr).action.kind);
}

TEST(Decision, ErrorsFollowOnError) {
  GuardConfig c;
  auto v = verdict(verify::Label::kSupported);
  v.verdict.error = verify::VerifyError::kOverBudget;
  c.on_error = config::OnError::kOpen;
  EXPECT_EQ("unverified", decide(c, &v).label);
  EXPECT_EQ(ActionKind::kAnnotate, decide(c, &v).action.kind);
  c.on_error = config::OnError::kClosed;
  EXPECT_EQ(ActionKind::kBlock, decide(c, &v).action.kind);
}

}  // namespace
}  // namespace groundgate::filters::actions
