// The guard's SPL part on streamed answers split at odd points: a search is held until its
// closing fence, then corrected, blocked or annotated (`kind: "spl"`, findings typed by the
// taxonomy); metadata from the request's `spl_metadata`, its text and a policy file; what
// cannot be checked is unverified and on_error decides; whole answers and tool calls.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "tests/filters/actions/guard_test_support.h"

namespace groundgate::filters::actions {
namespace {

using testing::contains;
using testing::field_of;
using testing::run;
using testing::split;

constexpr std::string_view kMetadata =
    R"({"indexes":{"cloud":{"aws:cloudtrail":{"aws_cloudtrail":["eventName","src_ip","user"]}}}})";

std::string request(std::string_view metadata = kMetadata,
                    std::string_view system = "You write Splunk searches.") {
  std::string body = R"({"model":"m","stream":true,)";
  if (!metadata.empty()) body += R"("spl_metadata":)" + std::string(metadata) + ",";
  return body + R"("messages":[{"role":"system","content":")" + std::string(system) +
         R"("},{"role":"user","content":"Count the CloudTrail events by user."}]})";
}

config::PolicyConfig spl_policy(config::HoldMode hold = config::HoldMode::kSentence) {
  config::PolicyConfig p;
  p.name = "spl";
  p.hold = hold;
  p.spl = config::SplConfig{};
  p.spl->tool_arguments = {{"run_search", "query"}};
  p.actions.contradicted = {config::ActionKind::kRewrite, config::RewriteKind::kCorrect};
  return p;
}

constexpr std::string_view kMisspelt =
    "Here it is:\n```spl\nindex=cloud sourcetype=aws:cloudtrail | stat count by user\n```\nDone.";

TEST(SplGuard, AFencedSearchIsHeldUntilItsFenceClosesThenCorrected) {
  const testing::GuardRun r = run(spl_policy(), request(), split(kMisspelt, 3));
  EXPECT_EQ(r.text,
            "Here it is:\n```spl\nindex=cloud sourcetype=aws:cloudtrail | stats count by user\n"
            "```\nDone.");
  const std::size_t block_end = kMisspelt.find("```\nDone");
  for (std::size_t i = 0; i < r.emitted_at.size(); ++i) {
    if (std::min(kMisspelt.size(), 3 * (i + 1)) < block_end + 3) {
      EXPECT_LE(r.emitted_at[i], kMisspelt.find("```spl")) << i;
    }
  }
  ASSERT_FALSE(r.annotations.empty());
  const std::string& verdict = r.annotations.front();
  EXPECT_TRUE(contains(verdict, R"("kind":"spl")")) << verdict;
  EXPECT_TRUE(contains(verdict, R"("label":"contradicted","action":"rewrite")")) << verdict;
  EXPECT_TRUE(contains(verdict, R"("type":"syntax")")) << verdict;
  EXPECT_FALSE(contains(verdict, "stat count")) << verdict;  // rewritten: no search text
  EXPECT_EQ(field_of(r.report, "spl.searches"), "1");
  EXPECT_EQ(field_of(r.report, "spl.flagged"), "1");
  EXPECT_EQ(field_of(r.report, "spl.metadata"), "request");
  EXPECT_TRUE(contains(r.annotations.back(), R"("spl":{"searches":1,"flagged":1,)"))
      << r.annotations.back();
}

TEST(SplGuard, AGoodSearchPassesAndCountsAsChecked) {
  const std::string answer =
      "Run:\n```splunk\nindex=cloud sourcetype=aws:cloudtrail | stats count by user\n```\n";
  const testing::GuardRun r = run(spl_policy(), request(), split(answer, 7));
  EXPECT_EQ(r.text, answer);
  EXPECT_FALSE(contains(r.annotations.front(), R"("type":"verdict")")) << r.annotations.front();
  EXPECT_TRUE(contains(r.annotations.back(), R"("supported":1)")) << r.annotations.back();
  EXPECT_EQ(field_of(r.report, "spl.flagged"), "0");
}

TEST(SplGuard, AFabricatedNameIsContradictedWithItsType) {
  config::PolicyConfig p = spl_policy();
  p.actions.contradicted = {config::ActionKind::kAnnotate};
  const std::string answer =
      "```spl\nindex=cloud sourcetype=aws:cloudtrail | stats count by ProcessCommandLine\n```";
  const testing::GuardRun r = run(p, request(), split(answer, 5));
  EXPECT_EQ(r.text, answer);
  EXPECT_TRUE(contains(r.annotations.front(), R"("type":"fabrication")")) << r.annotations.front();
  EXPECT_TRUE(contains(r.annotations.front(), R"("code":"unknown_field")"))
      << r.annotations.front();
}

// A field the list lacks but spells otherwise is unverified: unsupported, so a policy that
// blocks contradictions lets the search through with its note.
TEST(SplGuard, AnUnverifiedFieldIsAnnotatedNotBlocked) {
  config::PolicyConfig p = spl_policy();
  p.actions.contradicted = {config::ActionKind::kBlock};
  const std::string answer =
      "```spl\nindex=cloud sourcetype=aws:cloudtrail | stats count by User\n```";
  const testing::GuardRun r = run(p, request(), split(answer, 5));
  EXPECT_EQ(r.text, answer);
  ASSERT_FALSE(r.annotations.empty());
  const std::string& verdict = r.annotations.front();
  EXPECT_TRUE(contains(verdict, R"("type":"unverified")")) << verdict;
  EXPECT_TRUE(contains(verdict, R"("code":"field_spelt_otherwise")")) << verdict;
  EXPECT_TRUE(contains(verdict, R"("label":"unsupported")")) << verdict;
}

TEST(SplGuard, MetadataFromTheRequestTextAlone) {
  const std::string system =
      R"(You write Splunk searches.\nIndexes: cloud\nSourcetypes: aws:cloudtrail\n)"
      R"(Fields: eventName, src_ip, user)";
  config::PolicyConfig p = spl_policy();
  p.actions.contradicted = {config::ActionKind::kBlock};
  const testing::GuardRun good =
      run(p, request("", system),
          split("```spl\nindex=cloud sourcetype=aws:cloudtrail | stats count by user\n```", 4));
  EXPECT_FALSE(good.stopped);
  EXPECT_EQ(field_of(good.report, "spl.metadata"), "text");
  const testing::GuardRun bad = run(
      p, request("", system),
      split("Try:\n```spl\nindex=cloud sourcetype=aws:guardduty | stats count by user\n```", 4));
  EXPECT_TRUE(bad.stopped);
  EXPECT_EQ(bad.text, "Try:");
  EXPECT_FALSE(contains(bad.text, "guardduty"));
}

TEST(SplGuard, WithoutMetadataOnlySyntaxIsCheckedAndTheRestIsNoContext) {
  config::PolicyConfig p = spl_policy();
  p.spl->metadata_from_request = false;
  p.actions.no_context = {config::ActionKind::kAnnotate};
  const testing::GuardRun r =
      run(p, request(),
          split("```spl\nindex=cloud sourcetype=aws:cloudtrail | stats count by user\n```", 4));
  EXPECT_TRUE(contains(r.annotations.front(), R"("label":"no_context")")) << r.annotations.front();
  EXPECT_EQ(field_of(r.report, "spl.metadata"), "none");
}

TEST(SplGuard, UnreadableMetadataMakesEverySearchUnverified) {
  config::PolicyConfig p = spl_policy();
  p.on_error = config::OnError::kClosed;
  const testing::GuardRun broken =
      run(p, request(R"({"indexes":7})"),
          split("Here:\n```spl\nindex=cloud | stats count by user\n```", 4));
  EXPECT_TRUE(broken.stopped);
  EXPECT_EQ(broken.stop_reason, "guard.unverified");
  EXPECT_EQ(broken.text, "Here:");
  ASSERT_TRUE(field_of(broken.report, "spl.warning").has_value());
}

TEST(SplGuard, TheWholeAnswerIsOneSearch) {
  config::PolicyConfig p = spl_policy();
  p.spl->answer = config::SplConfig::Answer::kWhole;
  const testing::GuardRun r =
      run(p, request(), split("index=cloud source=aws:cloudtrail | stats count by user", 3));
  EXPECT_EQ(r.text, "index=cloud sourcetype=aws:cloudtrail | stats count by user");
  for (std::size_t i = 0; i + 1 < r.emitted_at.size(); ++i)
    EXPECT_EQ(r.emitted_at[i], 0u) << i;
  EXPECT_TRUE(contains(r.annotations.front(), R"("type":"misaligned")")) << r.annotations.front();
}

TEST(SplGuard, APolicyFileGivesTheMetadata) {
  const std::string path = ::testing::TempDir() + "spl_guard_metadata.json";
  std::ofstream(path) << kMetadata;
  config::PolicyConfig p = spl_policy();
  p.spl->metadata_file = path;
  p.spl->metadata_from_request = false;
  const testing::GuardRun r = run(p, request(""), split(kMisspelt, 6));
  EXPECT_TRUE(contains(r.text, "| stats count by user")) << r.text;
  EXPECT_EQ(field_of(r.report, "spl.metadata"), "policy");
  std::remove(path.c_str());

  p.spl->metadata_file = path + ".missing";
  p.on_error = config::OnError::kClosed;
  const testing::GuardRun missing = run(p, request(""), split(kMisspelt, 6));
  EXPECT_TRUE(missing.stopped);
  EXPECT_EQ(missing.stop_reason, "guard.unverified");
}

TEST(SplGuard, ToolCallsWithASearchArgument) {
  const auto compiled = compile_guard(spl_policy(), nullptr);
  const std::string body = request();
  GuardFilter guard(compiled, groundgate::testing::view_of(body));
  EXPECT_EQ(guard.tool_call_interest(), stream::ToolCallInterest::kHold);
  stream::ToolCallOutcome bad;
  guard.on_tool_call(
      {0, 0, "run_search", R"({"query":"index=cloud sourcetype=nope | stats count"})", false}, bad);
  ASSERT_EQ(bad.annotations.size(), 1u);
  EXPECT_TRUE(contains(bad.annotations[0], R"("kind":"spl")")) << bad.annotations[0];
  EXPECT_TRUE(contains(bad.annotations[0], R"("label":"contradicted")")) << bad.annotations[0];
  stream::ToolCallOutcome fine;
  guard.on_tool_call(
      {0, 1, "run_search", R"({"query":"index=cloud | stats count by user"})", false}, fine);
  EXPECT_TRUE(fine.annotations.empty());
}

TEST(SplGuard, TheMetadataMemberIsNotForwarded) {
  const std::string body = request();
  GuardFilter guard(compile_guard(spl_policy(), nullptr), groundgate::testing::view_of(body));
  std::vector<std::string> names;
  guard.members_to_strip(names);
  EXPECT_EQ(names, (std::vector<std::string>{"context", "documents", "spl_metadata"}));
}

}  // namespace
}  // namespace groundgate::filters::actions
