// Check 5 in the guard (sql.metamorphic): a query checks 1-4 passed waits for the model's
// answers to rewritten questions (side requests), then goes on, annotated or blocked; in
// stream_first its verdict follows; the summary says whether the check ran, stopped short or
// was skipped, and why.
#include <gtest/gtest.h>

#include "filters/actions/guard_config.h"
#include "filters/verdict/json_string.h"
#include "tests/filters/actions/guard_test_support.h"
#include "tests/filters/sql/sql_test_support.h"

namespace groundgate::filters::actions {
namespace {

using testing::contains;
using testing::field_of;

constexpr std::string_view kRequest =
    R"({"model":"m","stream":true,"messages":[{"role":"system","content":"You write SQLite."},)"
    R"({"role":"user","content":"Which employees earn more than 3000?"}]})";
constexpr std::string_view kQuery = "SELECT name FROM employees WHERE salary > 3000";
const std::string kAnswer = "Here:\n```sql\n" + std::string(kQuery) + "\n```\nDone.";

config::PolicyConfig policy(const std::string& database, config::HoldMode hold) {
  config::PolicyConfig p;
  p.name = "sql";
  p.hold = hold;
  p.sql = config::SqlConfig{};
  p.sql->database = database;
  p.sql->metamorphic = config::SqlMetamorphicConfig{};
  p.actions.unsupported = {config::ActionKind::kBlock};
  if (hold == config::HoldMode::kStreamFirst)
    p.actions.unsupported = {config::ActionKind::kAnnotate};
  return p;
}

// A chat completion whose answer is `sql` in a fence.
std::string completion(std::string_view sql) {
  std::string content = "```sql\n" + std::string(sql) + "\n```";
  std::string out = R"({"choices":[{"index":0,"message":{"role":"assistant","content":)";
  verdict::append_json_string(out, content);
  return out + "}}]}";
}

// Every request answered with the same query (`sql`), or with `error`.
std::vector<stream::SideAnswer> answer_all(const stream::SideBatch& batch, std::string_view sql,
                                           std::string_view error = {}) {
  std::vector<stream::SideAnswer> answers;
  for (const stream::SideRequest& r : batch.batch.requests) {
    if (error.empty()) {
      answers.push_back({r.id, 200, completion(sql), ""});
    } else {
      answers.push_back({r.id, 0, "", std::string(error)});
    }
  }
  return answers;
}

struct Fixture {
  explicit Fixture(config::HoldMode hold) : p(policy(db.path(), hold)) {
    chain = testing::guard_chain(p, kRequest);
    chain.serve_side_requests(groundgate::testing::model_calls_for(kRequest));
  }
  sql::testing::CompanyDatabase db;
  config::PolicyConfig p;
  stream::FilterChain chain;
};

std::string summary_of(stream::FilterChain& chain) {
  for (std::string& a : chain.answer_end())
    if (contains(a, R"("type":"summary")")) return a;
  return {};
}

TEST(SqlMetamorphic, HeldQueryWaitsForTheAnswersAndAConsistentOnePasses) {
  Fixture f(config::HoldMode::kSentence);
  std::string text = f.chain.on_delta(0, kAnswer).text;
  text += f.chain.on_choice_end(0).text;
  EXPECT_EQ(text, "Here:");  // the block (with the line break before it) and what follows wait
  EXPECT_TRUE(f.chain.holds_for_answers());
  std::vector<stream::SideBatch> batches = f.chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  const auto& requests = batches[0].batch.requests;
  ASSERT_GE(requests.size(), 2u);
  EXPECT_EQ(batches[0].batch.limits.fan_out, 2u);
  // Each is the app's request with the question rewritten, not streamed.
  EXPECT_TRUE(contains(requests[0].body, R"("stream":false)")) << requests[0].body;
  EXPECT_TRUE(contains(requests[0].body, "You write SQLite.")) << requests[0].body;
  EXPECT_FALSE(contains(requests[0].body, "Which employees earn more than 3000?\""))
      << requests[0].body;

  stream::SideAnswersOutput out = f.chain.on_side_answers(0, answer_all(batches[0], kQuery));
  ASSERT_EQ(out.released.size(), 1u);
  EXPECT_EQ(text + out.released[0].output.text, kAnswer);
  EXPECT_FALSE(f.chain.stopped());
  const std::string summary = summary_of(f.chain);
  EXPECT_TRUE(contains(summary, R"("metamorphic":{"ran":1,"passed":1,"flagged":0)")) << summary;
}

TEST(SqlMetamorphic, AQueryTheModelContradictsIsBlockedPerPolicy) {
  Fixture f(config::HoldMode::kSentence);
  f.chain.on_delta(0, kAnswer);
  std::vector<stream::SideBatch> batches = f.chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  // The model answers every rewrite with a query that finds nobody: relations break.
  stream::SideAnswersOutput out = f.chain.on_side_answers(
      0, answer_all(batches[0], "SELECT name FROM employees WHERE salary < 100"));
  EXPECT_TRUE(f.chain.stopped());
  EXPECT_EQ(f.chain.stop_reason(), "guard.unsupported");
  for (const auto& r : out.released)
    EXPECT_FALSE(contains(r.output.text, "SELECT")) << r.output.text;
  std::string all;
  for (const std::string& a :
       out.released.empty() ? out.annotations : out.released[0].output.annotations)
    all += a;
  EXPECT_TRUE(contains(all, "metamorphic_relations_broken")) << all;
  EXPECT_TRUE(contains(summary_of(f.chain), R"("flagged":1)"));
}

TEST(SqlMetamorphic, FailedModelCallsMakeTheCheckIncompleteAndChecks1To4Stand) {
  Fixture f(config::HoldMode::kSentence);
  std::string text = f.chain.on_delta(0, kAnswer).text;
  std::vector<stream::SideBatch> batches = f.chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  stream::SideAnswersOutput out = f.chain.on_side_answers(0, answer_all(batches[0], "", "timeout"));
  ASSERT_EQ(out.released.size(), 1u);
  EXPECT_EQ(text + out.released[0].output.text, kAnswer);
  const std::string summary = summary_of(f.chain);
  EXPECT_TRUE(contains(summary, R"("incomplete":1)")) << summary;
  const stream::StreamReport report = f.chain.report();
  EXPECT_TRUE(contains(field_of(report, "sql.metamorphic").value_or(""), R"("incomplete":1)"));
  // Every check that stopped short, one per check_incomplete finding: check 5's here.
  EXPECT_EQ(field_of(report, "sql.incomplete_checks"), "1");
}

TEST(SqlMetamorphic, StreamFirstSendsAtOnceAndTheVerdictFollows) {
  Fixture f(config::HoldMode::kStreamFirst);
  EXPECT_EQ(f.chain.on_delta(0, kAnswer).text, kAnswer);
  EXPECT_FALSE(f.chain.holds_for_answers());
  std::vector<stream::SideBatch> batches = f.chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  EXPECT_TRUE(f.chain.awaits_answers());
  f.chain.on_choice_end(0);
  stream::SideAnswersOutput out = f.chain.on_side_answers(
      0, answer_all(batches[0], "SELECT name FROM employees WHERE salary < 100"));
  EXPECT_FALSE(f.chain.stopped());
  ASSERT_EQ(out.annotations.size(), 1u);
  EXPECT_TRUE(contains(out.annotations[0], "metamorphic_relations_broken")) << out.annotations[0];
  EXPECT_TRUE(contains(out.annotations[0], R"("action":"annotate")")) << out.annotations[0];
}

TEST(SqlMetamorphic, AWholeAnswerQueryWaitsWholeAndGoesOnWhenItsRelationsHold) {
  sql::testing::CompanyDatabase db;
  config::PolicyConfig p = policy(db.path(), config::HoldMode::kSentence);
  p.sql->answer = config::SqlConfig::Answer::kWhole;
  stream::FilterChain chain = testing::guard_chain(p, kRequest);
  chain.serve_side_requests(groundgate::testing::model_calls_for(kRequest));
  std::string text = chain.on_delta(0, std::string(kQuery).substr(0, 10)).text;
  text += chain.on_delta(0, std::string(kQuery).substr(10)).text;
  text += chain.on_choice_end(0).text;
  EXPECT_EQ(text, "");
  std::vector<stream::SideBatch> batches = chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  // The model answers the rewrites with bare queries too (whole answers).
  std::vector<stream::SideAnswer> answers;
  for (const stream::SideRequest& r : batches[0].batch.requests) {
    std::string out = R"({"choices":[{"index":0,"message":{"role":"assistant","content":)";
    verdict::append_json_string(out, kQuery);
    answers.push_back({r.id, 200, out + "}}]}", ""});
  }
  stream::SideAnswersOutput out = chain.on_side_answers(0, std::move(answers));
  ASSERT_EQ(out.released.size(), 1u);
  EXPECT_EQ(out.released[0].output.text, kQuery);
  EXPECT_TRUE(contains(summary_of(chain), R"("passed":1)"));
}

TEST(SqlMetamorphic, SkippedChecksSayWhy) {
  // Not served (a non-streamed answer): the query is decided at once; the summary says why.
  sql::testing::CompanyDatabase db;
  stream::FilterChain chain =
      testing::guard_chain(policy(db.path(), config::HoldMode::kSentence), kRequest);
  EXPECT_EQ(chain.on_delta(0, kAnswer).text + chain.on_choice_end(0).text, kAnswer);
  EXPECT_TRUE(chain.take_side_requests().empty());
  EXPECT_TRUE(contains(summary_of(chain), R"("skip_reasons":{"no_side_requests":1})"));
  // A query checks 1-4 flagged needs no more model calls.
  Fixture f(config::HoldMode::kSentence);
  f.chain.on_delta(0, "```sql\nSELECT nme FROM employees\n```\n");
  EXPECT_TRUE(f.chain.take_side_requests().empty());
  EXPECT_TRUE(contains(summary_of(f.chain), R"("earlier_finding":1)"));
}

}  // namespace
}  // namespace groundgate::filters::actions
