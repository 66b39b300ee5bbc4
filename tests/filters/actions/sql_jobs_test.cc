// The SQL guard's runs on the operator's database: a query that ran to its time or memory cap is
// unverified (check_incomplete), never supported; served with side jobs, the query's checks go
// to a worker (a side request carrying a job) and the unit waits for its answer; a job the
// workers refused (overloaded) or that did not finish leaves the query checked without the
// database: unverified, unless a check that needs none found something (an unsafe query is
// still the policy's unsafe action).
#include <gtest/gtest.h>

#include <thread>

#include "filters/actions/guard_filter.h"
#include "tests/filters/actions/guard_test_support.h"
#include "tests/filters/sql/sql_test_support.h"

namespace groundgate::filters::actions {
namespace {

using testing::contains;
using testing::count_of;
using testing::field_of;
using testing::run;
using testing::split;

constexpr std::string_view kRequest =
    R"({"model":"m","stream":true,"messages":[{"role":"user","content":"How many?"}]})";
constexpr std::string_view kSlow =
    "```sql\nWITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) "
    "SELECT count(*) FROM n\n```\n";
constexpr std::string_view kFast = "```sql\nSELECT count(*) FROM employees\n```\n";
constexpr std::string_view kUnsafe = "```sql\nDROP TABLE employees\n```\n";

config::PolicyConfig database_policy(const sql::testing::CompanyDatabase& db,
                                     config::OnError on_error) {
  config::PolicyConfig p;
  p.name = "sql";
  p.hold = config::HoldMode::kSentence;
  p.on_error = on_error;
  p.sql = config::SqlConfig{};
  p.sql->database = db.path();
  p.sql->execution_timeout = config::Millis{20};
  return p;
}

TEST(SqlJobs, AQueryThatRanToItsTimeCapIsUnverifiedNotSupported) {
  sql::testing::CompanyDatabase db;
  const testing::GuardRun open =
      run(database_policy(db, config::OnError::kOpen), kRequest, split(kSlow, 7));
  EXPECT_EQ(open.text, kSlow);  // on_error: open lets it go, annotated
  ASSERT_GE(open.annotations.size(), 2u);
  EXPECT_TRUE(contains(open.annotations.front(), R"("error":"check_incomplete")"))
      << open.annotations.front();
  EXPECT_FALSE(contains(open.annotations.front(), R"("label":"supported")"))
      << open.annotations.front();
  EXPECT_EQ(count_of(open.report, "verdicts.unverified"), 1u);
  EXPECT_EQ(field_of(open.report, "sql.incomplete_checks"), "1");
  EXPECT_TRUE(contains(open.annotations.back(), R"("unverified":1)")) << open.annotations.back();

  const testing::GuardRun closed =
      run(database_policy(db, config::OnError::kClosed), kRequest, split(kSlow, 7));
  EXPECT_EQ(closed.text.find("RECURSIVE"), std::string::npos) << closed.text;
}

TEST(SqlJobs, AQueryStoppedAtItsMemoryCapIsUnverifiedNotSupported) {
  // A ~10 MB string built in SQLite's heap, in ample time, against a 1 MiB cap.
  constexpr std::string_view kLarge =
      "```sql\nWITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100000) "
      "SELECT length(group_concat(printf('%0100d', x))) FROM n\n```\n";
  sql::testing::CompanyDatabase db;
  config::PolicyConfig policy = database_policy(db, config::OnError::kOpen);
  policy.sql->execution_timeout = config::Millis{30'000};
  policy.sql->execution_max_memory = 1u << 20;
  const testing::GuardRun open = run(policy, kRequest, split(kLarge, 7));
  EXPECT_EQ(open.text, kLarge);  // on_error: open lets it go, annotated
  ASSERT_GE(open.annotations.size(), 2u);
  EXPECT_TRUE(contains(open.annotations.front(), R"("error":"check_incomplete")"))
      << open.annotations.front();
  EXPECT_FALSE(contains(open.annotations.front(), R"("label":"supported")"))
      << open.annotations.front();
  EXPECT_FALSE(contains(open.annotations.front(), "runtime_error")) << open.annotations.front();
  EXPECT_EQ(count_of(open.report, "verdicts.unverified"), 1u);
  EXPECT_EQ(field_of(open.report, "sql.incomplete_checks"), "1");

  policy.on_error = config::OnError::kClosed;
  const testing::GuardRun closed = run(policy, kRequest, split(kLarge, 7));
  EXPECT_EQ(closed.text.find("RECURSIVE"), std::string::npos) << closed.text;
}

// A chain served with side jobs, as the proxy serves it: the jobs are taken and answered by
// the test (run on a thread of their own, or refused).
struct ServedChain {
  ServedChain(const config::PolicyConfig& policy, std::string_view answer)
      : chain(testing::guard_chain(policy, kRequest)) {
    chain.serve_side_jobs();
    text += chain.on_delta(0, answer).text;
    text += chain.on_choice_end(0).text;
  }
  // The one job posted now.
  std::shared_ptr<stream::SideJob> job(std::uint64_t& id) {
    std::vector<stream::SideBatch> batches = chain.take_side_requests();
    if (batches.size() != 1 || batches[0].batch.requests.size() != 1) return nullptr;
    id = batches[0].batch.requests[0].id;
    return batches[0].batch.requests[0].job;
  }
  void answer(std::uint64_t id, std::string error) {
    stream::SideAnswersOutput out =
        chain.on_side_answers(0, {{id, error.empty() ? 200u : 0u, {}, std::move(error)}});
    for (stream::HeldRelease& released : out.released) {
      text += released.output.text;
      for (std::string& a : released.output.annotations)
        annotations.push_back(std::move(a));
    }
    for (std::string& a : out.annotations)
      annotations.push_back(std::move(a));
  }
  stream::FilterChain chain;
  std::string text;
  std::vector<std::string> annotations;
};

TEST(SqlJobs, ServedTheQueryRunsAsASideJobAndItsUnitWaitsForIt) {
  sql::testing::CompanyDatabase db;
  ServedChain served(database_policy(db, config::OnError::kClosed), kFast);
  EXPECT_EQ(served.text, "");  // held until the job's answer
  EXPECT_TRUE(served.chain.holds_for_answers());
  std::uint64_t id = 0;
  std::shared_ptr<stream::SideJob> job = served.job(id);
  ASSERT_NE(job, nullptr);
  std::thread worker([&] { job->run(); });  // as a worker runs it
  worker.join();
  served.answer(id, {});
  EXPECT_EQ(served.text, kFast);
  const std::vector<std::string> summary = served.chain.answer_end();
  ASSERT_EQ(summary.size(), 1u);
  EXPECT_TRUE(contains(summary.front(), R"("labels":{"supported":1)")) << summary.front();
  const stream::StreamReport report = served.chain.report();
  EXPECT_EQ(count_of(report, "verdicts.supported"), 1u);
  EXPECT_EQ(field_of(report, "sql.not_run"), "0");
}

TEST(SqlJobs, ASlowQueryOnAWorkerIsUnverifiedAndBlockedOnErrorClosed) {
  sql::testing::CompanyDatabase db;
  ServedChain served(database_policy(db, config::OnError::kClosed), kSlow);
  std::uint64_t id = 0;
  std::shared_ptr<stream::SideJob> job = served.job(id);
  ASSERT_NE(job, nullptr);
  std::thread worker([&] { job->run(); });
  worker.join();
  served.answer(id, {});
  EXPECT_EQ(served.text.find("RECURSIVE"), std::string::npos) << served.text;
  EXPECT_EQ(count_of(served.chain.report(), "verdicts.unverified"), 1u);
}

TEST(SqlJobs, AJobTheWorkersRefusedIsUnverifiedOverloaded) {
  sql::testing::CompanyDatabase db;
  ServedChain served(database_policy(db, config::OnError::kOpen), kFast);
  std::uint64_t id = 0;
  ASSERT_NE(served.job(id), nullptr);
  served.answer(id, "overloaded");  // never run
  EXPECT_EQ(served.text, kFast);
  ASSERT_FALSE(served.annotations.empty());
  EXPECT_TRUE(contains(served.annotations.front(), R"("error":"overloaded")"))
      << served.annotations.front();
  const stream::StreamReport report = served.chain.report();
  EXPECT_EQ(count_of(report, "verdicts.unverified"), 1u);
  EXPECT_EQ(field_of(report, "sql.not_run"), "1");
}

TEST(SqlJobs, AnUnsafeQueryWhoseJobDidNotRunIsStillUnsafe) {
  // Safety needs no database: checked here when the job timed out, it decides.
  sql::testing::CompanyDatabase db;
  ServedChain served(database_policy(db, config::OnError::kOpen), kUnsafe);
  std::uint64_t id = 0;
  std::shared_ptr<stream::SideJob> job = served.job(id);
  ASSERT_NE(job, nullptr);
  served.answer(id, "timeout");
  EXPECT_EQ(served.text.find("DROP"), std::string::npos) << served.text;  // unsafe: block
  EXPECT_EQ(field_of(served.chain.report(), "sql.unsafe"), "1");
}

TEST(SqlJobs, ACancelledJobStopsItsRunOnTheDatabase) {
  sql::testing::CompanyDatabase db;
  config::PolicyConfig policy = database_policy(db, config::OnError::kOpen);
  policy.sql->execution_timeout = config::Millis{60'000};
  ServedChain served(policy, kSlow);
  std::uint64_t id = 0;
  std::shared_ptr<stream::SideJob> job = served.job(id);
  ASSERT_NE(job, nullptr);
  std::thread worker([&] { job->run(); });
  job->cancel();  // the client left: the run stops long before its minute
  worker.join();
  served.answer(id, "cancelled");
  EXPECT_EQ(count_of(served.chain.report(), "verdicts.unverified"), 1u);
}

// A query in a tool call's argument (sql.tool_arguments) goes to the workers too: the call
// waits for its job's answer, its chunks held (sentence hold), and is decided then.
constexpr std::string_view kSlowCall =
    R"({"sql":"WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) )"
    R"(SELECT count(*) FROM n"})";
constexpr std::string_view kFastCall = R"({"sql":"SELECT count(*) FROM employees"})";

config::PolicyConfig tool_policy(const sql::testing::CompanyDatabase& db,
                                 config::OnError on_error) {
  config::PolicyConfig p = database_policy(db, on_error);
  p.sql->tool_arguments = {{"run_query", "sql"}};
  return p;
}

struct ServedCall {
  ServedCall(const config::PolicyConfig& policy, std::string_view arguments)
      : chain(testing::guard_chain(policy, kRequest)) {
    chain.serve_side_jobs();
    annotations = chain.on_tool_call({0, 0, "run_query", arguments, false});
  }
  // The one batch posted now: its job, run on a thread of its own (as a worker runs it), or
  // refused with `error`; the answers handed back.
  void answer(std::string error = {}) {
    std::vector<stream::SideBatch> batches = chain.take_side_requests();
    ASSERT_EQ(batches.size(), 1u);
    ASSERT_EQ(batches[0].batch.requests.size(), 1u);
    const stream::SideRequest& request = batches[0].batch.requests[0];
    ASSERT_NE(request.job, nullptr);
    if (error.empty()) {
      std::thread worker([&] { request.job->run(); });
      worker.join();
    }
    stream::SideAnswersOutput out =
        chain.on_side_answers(0, {{request.id, error.empty() ? 200u : 0u, {}, std::move(error)}});
    for (std::string& a : out.annotations)
      annotations.push_back(std::move(a));
  }
  stream::FilterChain chain;
  std::vector<std::string> annotations;
};

TEST(SqlJobs, ServedAToolCallsQueryRunsAsASideJobAndTheCallWaitsForIt) {
  sql::testing::CompanyDatabase db;
  ServedCall served(tool_policy(db, config::OnError::kClosed), kFastCall);
  EXPECT_TRUE(served.annotations.empty());  // not decided yet
  EXPECT_TRUE(served.chain.holds_for_answers());
  EXPECT_FALSE(served.chain.stopped());
  served.answer();
  EXPECT_FALSE(served.chain.holds_for_answers());
  EXPECT_FALSE(served.chain.stopped());
  const stream::StreamReport report = served.chain.report();
  EXPECT_EQ(count_of(report, "verdicts.supported"), 1u);
  EXPECT_EQ(field_of(report, "sql.queries"), "1");
}

TEST(SqlJobs, AToolCallsSlowQueryIsUnverifiedAndBlockedOnErrorClosed) {
  sql::testing::CompanyDatabase db;
  ServedCall served(tool_policy(db, config::OnError::kClosed), kSlowCall);
  served.answer();
  EXPECT_TRUE(served.chain.stopped());
  ASSERT_FALSE(served.annotations.empty());
  EXPECT_TRUE(contains(served.annotations.front(), R"("error":"check_incomplete")"))
      << served.annotations.front();
  EXPECT_EQ(count_of(served.chain.report(), "verdicts.unverified"), 1u);
}

TEST(SqlJobs, AToolCallTheWorkersRefusedIsUnverifiedOverloaded) {
  sql::testing::CompanyDatabase db;
  ServedCall served(tool_policy(db, config::OnError::kOpen), kFastCall);
  served.answer("overloaded");
  EXPECT_FALSE(served.chain.stopped());  // on_error: open lets it go, annotated
  ASSERT_FALSE(served.annotations.empty());
  EXPECT_TRUE(contains(served.annotations.front(), R"("error":"overloaded")"))
      << served.annotations.front();
  const stream::StreamReport report = served.chain.report();
  EXPECT_EQ(count_of(report, "verdicts.unverified"), 1u);
  EXPECT_EQ(field_of(report, "sql.not_run"), "1");
}

TEST(SqlJobs, NotServedAToolCallsQueryIsDecidedAtOnce) {
  // No worker pool behind the chain (offline, a test): the query runs here, as before.
  sql::testing::CompanyDatabase db;
  stream::FilterChain chain =
      testing::guard_chain(tool_policy(db, config::OnError::kClosed), kRequest);
  chain.on_tool_call({0, 0, "run_query", kSlowCall, false});
  EXPECT_TRUE(chain.stopped());
  EXPECT_FALSE(chain.holds_for_answers());
  EXPECT_TRUE(chain.take_side_requests().empty());
}

}  // namespace
}  // namespace groundgate::filters::actions
