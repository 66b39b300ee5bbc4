#include "filters/verify/combine.h"

#include <gtest/gtest.h>

namespace groundgate::filters::verify {
namespace {

Finding finding(Engine engine, Label label, double score, bool abstains = false) {
  Finding f;
  f.engine = engine;
  f.label = label;
  f.score = score;
  f.abstains = abstains;
  return f;
}

SentenceVerdict merged(std::vector<Finding> findings, CombineRule rule = {}) {
  SentenceVerdict v;
  v.findings = std::move(findings);
  combine(v, rule);
  return v;
}

constexpr Engine kPieces = Engine::kSemanticPieces;
constexpr Engine kTriplets = Engine::kTriplets;

TEST(Combine, NoFindingsPassWithoutClaims) {
  SentenceVerdict v = merged({});
  EXPECT_EQ(v.label, Label::kSupported);
  EXPECT_FALSE(v.claims);
  EXPECT_FALSE(v.decisive.has_value());
}

TEST(Combine, AbstainingFindingsAreNoClaims) {
  SentenceVerdict v = merged({finding(kPieces, Label::kSupported, 1, true),
                              finding(kTriplets, Label::kSupported, 1, true)});
  EXPECT_FALSE(v.claims);
}

TEST(Combine, WorstPieceOfOneEngineDecides) {
  SentenceVerdict v =
      merged({finding(kPieces, Label::kSupported, 1), finding(kPieces, Label::kUnsupported, 0.4),
              finding(kPieces, Label::kSupported, 0.8)});
  EXPECT_EQ(v.label, Label::kUnsupported);
  EXPECT_EQ(v.decisive, 1u);
  EXPECT_DOUBLE_EQ(v.score, 0.4);
}

TEST(Combine, AContradictionFromEitherEngineContradicts) {
  SentenceVerdict a =
      merged({finding(kPieces, Label::kSupported, 1), finding(kTriplets, Label::kContradicted, 0)});
  EXPECT_EQ(a.label, Label::kContradicted);
  EXPECT_EQ(a.decisive, 1u);
  SentenceVerdict b =
      merged({finding(kPieces, Label::kContradicted, 0), finding(kTriplets, Label::kSupported, 1)},
             CombineRule{CombineRule::Support::kEither, 0});
  EXPECT_EQ(b.label, Label::kContradicted);
}

TEST(Combine, AgreementNeedsBothEnginesToSupport) {
  SentenceVerdict v = merged(
      {finding(kPieces, Label::kSupported, 0.9), finding(kTriplets, Label::kUnsupported, 0.5)});
  EXPECT_EQ(v.label, Label::kUnsupported);
  EXPECT_DOUBLE_EQ(v.score, 0.5);
}

TEST(Combine, StrongSupportFromOneEngineOverridesUnsupported) {
  CombineRule rule{CombineRule::Support::kAgreement, 0.9};
  SentenceVerdict strong = merged(
      {finding(kPieces, Label::kSupported, 0.95), finding(kTriplets, Label::kUnsupported, 0.5)},
      rule);
  EXPECT_EQ(strong.label, Label::kSupported);
  EXPECT_EQ(strong.decisive, 0u);
  EXPECT_DOUBLE_EQ(strong.score, 0.95);
  SentenceVerdict weak = merged(
      {finding(kPieces, Label::kSupported, 0.8), finding(kTriplets, Label::kUnsupported, 0.5)},
      rule);
  EXPECT_EQ(weak.label, Label::kUnsupported);
}

TEST(Combine, EitherRuleTakesOneEnginesSupport) {
  SentenceVerdict v = merged(
      {finding(kPieces, Label::kUnsupported, 0.3), finding(kTriplets, Label::kSupported, 0.7)},
      CombineRule{CombineRule::Support::kEither, 2});
  EXPECT_EQ(v.label, Label::kSupported);
  EXPECT_EQ(v.decisive, 1u);
}

TEST(Combine, AnEngineWithoutClaimsDoesNotVote) {
  SentenceVerdict v = merged(
      {finding(kPieces, Label::kSupported, 1), finding(kTriplets, Label::kSupported, 1, true)});
  EXPECT_EQ(v.label, Label::kSupported);
  EXPECT_TRUE(v.claims);
  SentenceVerdict u = merged(
      {finding(kPieces, Label::kUnsupported, 0.2), finding(kTriplets, Label::kSupported, 1, true)});
  EXPECT_EQ(u.label, Label::kUnsupported);
}

TEST(Combine, AmongEqualContradictionsOneWithACorrectionDecides) {
  Finding with = finding(kPieces, Label::kContradicted, 0);
  with.correction = Correction{3, 5, "30%"};
  SentenceVerdict v = merged({finding(kPieces, Label::kContradicted, 0), with});
  EXPECT_EQ(v.decisive, 1u);
}

TEST(Combine, AnEngineThatOnlyContradictsAddsNoUnsupported) {
  CombineRule rule;
  rule.contradictions_only[static_cast<std::size_t>(kTriplets)] = true;
  // Its unsupported abstains: the other engine's support decides.
  SentenceVerdict supported = merged(
      {finding(kPieces, Label::kSupported, 1), finding(kTriplets, Label::kUnsupported, 0.2)}, rule);
  EXPECT_EQ(supported.label, Label::kSupported);
  EXPECT_EQ(supported.decisive, 0u);
  // Its contradiction still counts.
  SentenceVerdict contradicted = merged(
      {finding(kPieces, Label::kSupported, 1), finding(kTriplets, Label::kContradicted, 0)}, rule);
  EXPECT_EQ(contradicted.label, Label::kContradicted);
  // The other engine's unsupported is untouched, and by default every finding counts.
  SentenceVerdict unsupported = merged(
      {finding(kPieces, Label::kUnsupported, 0.3), finding(kTriplets, Label::kSupported, 1)}, rule);
  EXPECT_EQ(unsupported.label, Label::kUnsupported);
  SentenceVerdict by_default = merged(
      {finding(kPieces, Label::kSupported, 1), finding(kTriplets, Label::kUnsupported, 0.2)});
  EXPECT_EQ(by_default.label, Label::kUnsupported);
}

}  // namespace
}  // namespace groundgate::filters::verify
