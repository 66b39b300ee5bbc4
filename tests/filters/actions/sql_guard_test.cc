// The guard's SQL part on streamed answers split at odd points: a query is held until its
// closing fence, then corrected, blocked or annotated; what cannot be checked is unverified
// and on_error decides; tool calls and whole answers.
#include <gtest/gtest.h>

#include "filters/actions/decision.h"
#include "tests/filters/actions/guard_test_support.h"

namespace groundgate::filters::actions {
namespace {

using testing::contains;
using testing::field_of;
using testing::run;
using testing::split;

constexpr std::string_view kRequest =
    R"({"model":"m","stream":true,"messages":[{"role":"system","content":)"
    R"("CREATE TABLE employees (id INTEGER, name TEXT, salary REAL);"},)"
    R"({"role":"user","content":"List the salaries."}]})";

config::PolicyConfig sql_policy(config::HoldMode hold = config::HoldMode::kSentence) {
  config::PolicyConfig p;
  p.name = "sql";
  p.hold = hold;
  p.sql = config::SqlConfig{};
  p.sql->tool_arguments = {{"run_query", "sql"}};
  p.actions.contradicted = {config::ActionKind::kRewrite, config::RewriteKind::kCorrect};
  return p;
}

constexpr std::string_view kAnswer =
    "Here it is:\n```sql\nSELECT name, salry FROM employees\n```\nDone.";

TEST(SqlGuard, AFencedQueryIsHeldUntilItsFenceClosesThenCorrected) {
  const testing::GuardRun r = run(sql_policy(), kRequest, split(kAnswer, 3));
  EXPECT_EQ(r.text, "Here it is:\n```sql\nSELECT name, \"salary\" FROM employees\n```\nDone.");
  // No byte of the block went out before the block was whole.
  const std::size_t block_end = kAnswer.find("```\nDone");
  for (std::size_t i = 0; i < r.emitted_at.size(); ++i) {
    const std::size_t received = std::min(kAnswer.size(), 3 * (i + 1));
    if (received < block_end + 3) {
      EXPECT_LE(r.emitted_at[i], kAnswer.find("```sql")) << i;
    }
  }
  ASSERT_FALSE(r.annotations.empty());
  EXPECT_TRUE(contains(r.annotations.front(), R"("kind":"sql")")) << r.annotations.front();
  EXPECT_FALSE(contains(r.annotations.front(), "salry")) << r.annotations.front();
  EXPECT_EQ(field_of(r.report, "sql.queries"), "1");
  EXPECT_EQ(field_of(r.report, "sql.schema"), "request");
}

TEST(SqlGuard, AGlossaryInTheRequestDefinesWhatTheQuestionAsks) {
  constexpr std::string_view kCities =
      R"({"model":"m","stream":true,"messages":[{"role":"system","content":)"
      R"("CREATE TABLE city (name TEXT, population INTEGER);\nGlossary: major city = )"
      R"(population > 150000"},{"role":"user","content":"How many major cities are there?"}]})";
  config::PolicyConfig policy = sql_policy();
  policy.actions.unsupported = {config::ActionKind::kBlock};
  const std::string ok = "```sql\nSELECT count(*) FROM city WHERE population > 150000\n```\n";
  const testing::GuardRun pass = run(policy, kCities, split(ok, 7));
  EXPECT_EQ(pass.text, ok);
  // Another threshold than defined: unsupported, of a kind not measured on the dev data, so
  // annotated although this policy blocks unsupported queries...
  const std::string other = "```sql\nSELECT count(*) FROM city WHERE population > 15000\n```\n";
  const testing::GuardRun annotated = run(policy, kCities, split(other, 7));
  EXPECT_EQ(annotated.text, other);
  ASSERT_FALSE(annotated.annotations.empty());
  EXPECT_TRUE(contains(annotated.annotations.front(), "definition_mismatch"))
      << annotated.annotations.front();
  EXPECT_TRUE(contains(annotated.annotations.front(), R"("action":"annotate")"))
      << annotated.annotations.front();
  // ...and blocked when the policy trusts the kind.
  policy.sql->intent_enforce = {"definition_mismatch"};
  const testing::GuardRun blocked = run(policy, kCities, split(other, 7));
  EXPECT_NE(blocked.text, other);
}

TEST(SqlGuard, CodeInAnotherLanguageIsNoQueryAndStaysUnverified) {
  // The SQL guard is the checker for SQL blocks only: a bash block has no checker (on_error:
  // open releases it marked unverified).
  const testing::GuardRun r =
      run(sql_policy(), kRequest, split("Run:\n```bash\nrm -rf /tmp/x\n```\n", 4));
  EXPECT_EQ(r.text, "Run:\n```bash\nrm -rf /tmp/x\n```\n");
  EXPECT_EQ(field_of(r.report, "sql.queries"), "0");
  ASSERT_FALSE(r.annotations.empty());
  EXPECT_TRUE(contains(r.annotations.front(), R"("error":"code_block")")) << r.annotations.front();
}

TEST(SqlGuard, AResponsesRequestsSchemaInItsInstructions) {
  constexpr std::string_view kResponses =
      R"({"model":"m","stream":true,"instructions":)"
      R"("CREATE TABLE employees (id INTEGER, name TEXT, salary REAL);",)"
      R"("input":[{"role":"user","content":[{"type":"input_text","text":"List the salaries."}]}]})";
  const testing::GuardRun r = run(sql_policy(), kResponses, split(kAnswer, 5));
  EXPECT_EQ(r.text, "Here it is:\n```sql\nSELECT name, \"salary\" FROM employees\n```\nDone.");
  EXPECT_EQ(field_of(r.report, "sql.schema"), "request");
}

TEST(SqlGuard, AQueryLongerThanTheUnitIsUnverifiedAndOnErrorDecides) {
  std::string answer = "```sql\nSELECT name FROM employees WHERE name IN (";
  while (answer.size() < 6000)
    answer += "'someone', ";
  answer += "'last')\n```\n";
  config::PolicyConfig closed = sql_policy();
  closed.on_error = config::OnError::kClosed;
  const testing::GuardRun blocked = run(closed, kRequest, split(answer, 100));
  EXPECT_TRUE(blocked.stopped);
  EXPECT_EQ(blocked.stop_reason, "guard.unverified");
  EXPECT_FALSE(contains(blocked.text, "SELECT"));
  const testing::GuardRun open = run(sql_policy(), kRequest, split(answer, 100));
  EXPECT_FALSE(open.stopped);
  EXPECT_TRUE(contains(open.annotations.front(), R"("label":"unverified")"))
      << open.annotations.front();
  EXPECT_TRUE(contains(open.annotations.front(), R"("error":"sentence_too_long")"));
}

TEST(SqlGuard, TheWholeAnswerIsOneQuery) {
  config::PolicyConfig p = sql_policy();
  p.sql->answer = config::SqlConfig::Answer::kWhole;
  const testing::GuardRun r = run(p, kRequest, split("SELECT nme FROM employees", 2));
  EXPECT_EQ(r.text, "SELECT \"name\" FROM employees");
  // Nothing went out before the answer ended.
  for (std::size_t i = 0; i + 1 < r.emitted_at.size(); ++i)
    EXPECT_EQ(r.emitted_at[i], 0u) << i;

  p.sql->max_query_bytes = 16;
  p.on_error = config::OnError::kClosed;
  const testing::GuardRun too_long =
      run(p, kRequest, split("SELECT name, salary FROM employees", 4));
  EXPECT_TRUE(too_long.stopped);
  EXPECT_EQ(too_long.text, "");
}

TEST(SqlGuard, StreamFirstSendsAtOnceAndAnnotatesAfter) {
  config::PolicyConfig p = sql_policy(config::HoldMode::kStreamFirst);
  p.actions.contradicted = {config::ActionKind::kAnnotate};
  p.sql->unsafe = {config::ActionKind::kAnnotate};
  const testing::GuardRun r = run(p, kRequest, split(kAnswer, 5));
  EXPECT_EQ(r.text, kAnswer);
  for (std::size_t i = 0; i < r.emitted_at.size(); ++i)
    EXPECT_EQ(r.emitted_at[i], std::min(kAnswer.size(), 5 * (i + 1))) << i;
  EXPECT_TRUE(contains(r.annotations.front(), "did you mean `salary`?")) << r.annotations.front();
}

TEST(SqlGuard, ToolCallsWithAQueryArgument) {
  const auto compiled = compile_guard(sql_policy(), nullptr);
  GuardFilter guard(compiled, groundgate::testing::view_of(kRequest));
  EXPECT_EQ(guard.tool_call_interest(), stream::ToolCallInterest::kHold);
  stream::ToolCallOutcome bad;
  guard.on_tool_call({0, 0, "run_query", R"({"sql":"DELETE FROM employees"})", false}, bad);
  EXPECT_EQ(bad.stop_reason, "guard.tool_call.unsafe");
  ASSERT_EQ(bad.annotations.size(), 1u);
  EXPECT_TRUE(contains(bad.annotations[0], R"("kind":"sql")")) << bad.annotations[0];

  GuardFilter other(compiled, groundgate::testing::view_of(kRequest));
  stream::ToolCallOutcome fine;
  other.on_tool_call({0, 0, "run_query", R"({"sql":"SELECT name FROM employees"})", false}, fine);
  EXPECT_TRUE(fine.stop_reason.empty());
  EXPECT_TRUE(fine.annotations.empty());
  stream::ToolCallOutcome unrelated;
  other.on_tool_call({0, 1, "search", R"({"q":"x"})", false}, unrelated);
  EXPECT_TRUE(unrelated.stop_reason.empty());
  stream::ToolCallOutcome no_query;
  other.on_tool_call({0, 2, "run_query", R"({"query":"SELECT 1"})", false}, no_query);
  EXPECT_TRUE(contains(no_query.annotations.at(0), R"("error":"unparsable_arguments")"))
      << no_query.annotations.at(0);
}

TEST(SqlGuard, TheSchemaMemberIsNotForwarded) {
  const std::string body =
      R"js({"model":"m","schema":"CREATE TABLE staff (id INT, pay REAL)","messages":[)js"
      R"js({"role":"user","content":"Pay?"}]})js";
  GuardFilter guard(compile_guard(sql_policy(), nullptr), groundgate::testing::view_of(body));
  std::vector<std::string> names;
  guard.members_to_strip(names);
  EXPECT_EQ(names, (std::vector<std::string>{"context", "documents", "schema"}));
}

TEST(DecideQuery, UnsafeFirstThenNoSchemaThenTheLabel) {
  const auto compiled = compile_guard(sql_policy(), nullptr);
  // A query's verdict as the SQL check gives it: its kind, and its rule for an unsafe query.
  const auto query = [](verify::SentenceVerdict v) {
    v.query = true;
    checks::UnitVerdict verdict(std::move(v));
    verdict.kind = "sql";
    verdict.unsafe_action = sql_policy().sql->unsafe;
    return verdict;
  };
  verify::SentenceVerdict unsafe;
  unsafe.claims = true;
  verify::Finding write;
  write.engine = verify::Engine::kSql;
  write.type = verify::HallucinationType::kUnsafe;
  write.label = verify::Label::kContradicted;
  unsafe.findings.push_back(write);
  const checks::UnitVerdict unsafe_query = query(unsafe);
  EXPECT_EQ(decide(*compiled, &unsafe_query).label, "unsafe");
  EXPECT_EQ(decide(*compiled, &unsafe_query).action.kind, config::ActionKind::kBlock);
  verify::SentenceVerdict nothing;
  nothing.no_context = true;
  const checks::UnitVerdict no_schema = query(nothing);
  EXPECT_EQ(decide(*compiled, &no_schema).label, "no_context");
  verify::SentenceVerdict wrong;
  wrong.claims = true;
  wrong.label = verify::Label::kContradicted;
  const checks::UnitVerdict wrong_query = query(wrong);
  EXPECT_EQ(decide(*compiled, &wrong_query).label, "contradicted");
  EXPECT_EQ(decide(*compiled, &wrong_query).action.kind, config::ActionKind::kRewrite);
}

}  // namespace
}  // namespace groundgate::filters::actions
