// `groundgate sqlcheck` and `groundgate eval` on SQL samples, as a user runs them.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <string>

#include "tests/proxy/cli/child_process.h"
#include "tests/proxy/cli/scripted_model.h"

namespace groundgate::testing {
namespace {

constexpr const char* kSchema =
    "CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT, salary REAL, country TEXT);\n";

class SqlCommandsTest : public ::testing::Test {
 protected:
  std::string file(const std::string& name, const std::string& text) {
    const std::string path = dir_ + "/" + name;
    write_file(path, text);
    return path;
  }
  // A database with the schema and two rows.
  std::string database() {
    const std::string path = dir_ + "/company.sqlite";
    sqlite3* db = nullptr;
    sqlite3_open(path.c_str(), &db);
    sqlite3_exec(
        db,
        (std::string(kSchema) + "INSERT INTO employees VALUES (1, 'Ada', 5200, 'United States'), "
                                "(2, 'Bob', 3100, 'France');")
            .c_str(),
        nullptr, nullptr, nullptr);
    sqlite3_close(db);
    return path;
  }
  std::string dir_ = make_temp_dir();
};

TEST_F(SqlCommandsTest, SqlcheckPrintsFindingsAsJson) {
  const std::string schema = file("schema.sql", kSchema);
  const std::string query = file("q.sql", "SELECT salry FROM employees");
  const CommandResult r = run_groundgate({"sqlcheck", "--schema", schema, query});
  EXPECT_EQ(3, r.exit_code) << r.err;
  EXPECT_NE(std::string::npos, r.out.find(R"("kind":"sql")")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find(R"("label":"contradicted")")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find(R"("code":"unknown_column")")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find("did you mean `salary`?")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find(R"("corrected":"SELECT \"salary\" FROM employees")"))
      << r.out;
}

TEST_F(SqlCommandsTest, SqlcheckReadsAnswersAndDatabases) {
  const std::string answer = file(
      "answer.md",
      "Here is the query:\n```sql\nSELECT name FROM employees WHERE country = 'Untied States'\n"
      "```\n");
  const CommandResult r = run_groundgate({"sqlcheck", "--database", database(), "--question",
                                          "Who works in the United States?", answer});
  EXPECT_EQ(3, r.exit_code) << r.err;
  EXPECT_NE(std::string::npos, r.out.find(R"("offset":[26,84])")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find(R"("code":"value_not_found")")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find("did you mean 'United States'?")) << r.out;
  const std::string good = file("good.sql", "SELECT name FROM employees WHERE salary > 4000");
  const CommandResult ok = run_groundgate(
      {"sqlcheck", "--database", database(), "--question", "Who earns more than 4000?", good});
  EXPECT_EQ(0, ok.exit_code) << ok.out;
  EXPECT_NE(std::string::npos, ok.out.find(R"("execution":"passed")")) << ok.out;
}

TEST_F(SqlCommandsTest, SqlcheckExitsNonZeroForAQueryThatRanToItsTimeCap) {
  // Nothing was found, but the execution check stopped at its cap (200 ms by default): the
  // query is unverified, not supported.
  const std::string slow = file(
      "slow.sql",
      "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n");
  const CommandResult r = run_groundgate({"sqlcheck", "--database", database(), slow});
  EXPECT_EQ(4, r.exit_code) << r.out << r.err;
  EXPECT_NE(std::string::npos, r.out.find(R"("label":"unverified")")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find(R"("execution":"incomplete:timeout")")) << r.out;
}

TEST_F(SqlCommandsTest, SqlcheckExitsNonZeroForAQueryStoppedAtItsMemoryCap) {
  // A policy's sql.execution (-c, --policy): ample time, a 1 MiB memory cap, and a query that
  // builds a ~10 MB string. Cut at the cap: unverified, not supported, not a runtime error.
  const std::string config =
      file("capped.yaml",
           "upstreams: {up: {url: \"http://127.0.0.1:9\"}}\n"
           "policies:\n"
           "  capped:\n"
           "    hold: sentence\n"
           "    sql: {execution: {timeout: 30s, max_memory: 1MiB}}\n"
           "routes: [{name: sql, match: {path_prefix: /}, upstream: up, policy: capped}]\n");
  const std::string large =
      file("large.sql",
           "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 100000) "
           "SELECT length(group_concat(printf('%0100d', x))) FROM n");
  const CommandResult r = run_groundgate(
      {"sqlcheck", "--database", database(), "-c", config, "--policy", "capped", large});
  EXPECT_EQ(4, r.exit_code) << r.out << r.err;
  EXPECT_NE(std::string::npos, r.out.find(R"("label":"unverified")")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find(R"("execution":"incomplete:memory_cap")")) << r.out;
  EXPECT_EQ(std::string::npos, r.out.find("runtime_error")) << r.out;
}

TEST_F(SqlCommandsTest, SqlcheckUsage) {
  EXPECT_EQ(2, run_groundgate({"sqlcheck", "q.sql"}).exit_code);
  const CommandResult r = run_groundgate({"sqlcheck", "--schema", "/nonexistent.sql", "q.sql"});
  EXPECT_EQ(1, r.exit_code);
  EXPECT_NE(std::string::npos, r.err.find("/nonexistent.sql")) << r.err;
}

TEST_F(SqlCommandsTest, EvalScoresSqlSamples) {
  const std::string data = file(
      "sql.jsonl",
      std::string(R"({"id":"a","task":"sql","question":"Salaries?","schema":")") +
          "CREATE TABLE employees (id INTEGER, name TEXT, salary REAL)" +
          R"(","sql":"SELECT salary FROM employees","label":0,"variant":"valid"})" + "\n" +
          R"({"id":"b","task":"sql","question":"Salaries?","schema":{"employees":["id","salary"]},)" +
          R"("sql":"SELECT salry FROM employees","label":1,"variant":"wrong_column"})" + "\n" +
          R"({"id":"c","task":"sql","question":"Salaries?","database":"company.sqlite",)" +
          R"("sql":"DELETE FROM employees","label":1,"variant":"unsafe"})" + "\n");
  database();
  const std::string out = dir_ + "/pred.jsonl";
  const CommandResult r = run_groundgate({"eval", data, "--out", out});
  ASSERT_EQ(0, r.exit_code) << r.err;
  EXPECT_NE(std::string::npos, r.out.find("sql: n=3  hallucinated=2  valid=1")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find("balanced_accuracy=1.000")) << r.out;
  EXPECT_NE(std::string::npos, r.out.find("wrong_column")) << r.out;
}

// The model the metamorphic check asks again, scripted to answer each rewritten question of
// "Who earns more than 4000?" as a consistent model would.
constexpr const char* kConsistentModel = R"yaml(
- match: "precisely"
  answer: "```sql\nSELECT name FROM employees WHERE salary > 4000\n```"
- match: "show me"
  answer: "```sql\nSELECT name FROM employees WHERE salary > 4000\n```"
- match: "at least"
  answer: "```sql\nSELECT name FROM employees WHERE salary >= 4000\n```"
- match: "5000"
  answer: "```sql\nSELECT name FROM employees WHERE salary > 5000\n```"
- match: "over"
  answer: "```sql\nSELECT name FROM employees WHERE salary > 4000\n```"
)yaml";

TEST_F(SqlCommandsTest, MetamorphicCheckAsksTheModelAgain) {
  ScriptedModel model(kConsistentModel);
  const std::string db = database();
  const auto run = [&](const std::string& query) {
    return run_groundgate({"sqlcheck", "--database", db, "--question", "Who earns more than 4000?",
                           "--metamorphic", "--upstream", model.url(), "--model", "m", "--timeout",
                           "10000", file("q.sql", query)});
  };
  const CommandResult good = run("SELECT name FROM employees WHERE salary > 4000");
  EXPECT_EQ(0, good.exit_code) << good.out << good.err;
  EXPECT_NE(std::string::npos, good.out.find(R"("metamorphic":"passed")")) << good.out;
  EXPECT_NE(std::string::npos,
            good.out.find(R"("family":"comparison_relaxed","expected":"superset")"))
      << good.out;
  // A flipped comparison: every rewritten question's answer breaks its relation.
  const CommandResult flipped = run("SELECT name FROM employees WHERE salary < 4000");
  EXPECT_EQ(3, flipped.exit_code) << flipped.out << flipped.err;
  EXPECT_NE(std::string::npos, flipped.out.find(R"("code":"metamorphic_relations_broken")"))
      << flipped.out;
}

}  // namespace
}  // namespace groundgate::testing
