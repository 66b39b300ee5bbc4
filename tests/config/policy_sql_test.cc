// A policy's `sql:` section: where queries and schemas come from, the checks, their bounds.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config_loader.h"
#include "tests/config/config_test_util.h"

namespace groundgate::config {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::kPolicyBase;
using testing::load_policy_g;
using testing::messages;
using testing::policy_g_errors;
using testing::TempDir;

TEST(PolicySql, DefaultsAndASqlOnlyPolicy) {
  LoadResult r = load_policy_g("    hold: sentence\n    sql: {}\n");
  ASSERT_TRUE(r.config) << (messages(r).empty() ? "" : messages(r)[0]);
  const PolicyConfig& p = *r.config->find_policy("g");
  ASSERT_TRUE(p.sql);
  EXPECT_TRUE(p.guards());
  EXPECT_FALSE(p.verifies());
  EXPECT_EQ(p.sql->answer, SqlConfig::Answer::kFenced);
  EXPECT_EQ(p.sql->dialect, SqlConfig::Dialect::kSqlite);
  EXPECT_TRUE(p.sql->schema_from_request);
  EXPECT_TRUE(p.sql->linking);
  EXPECT_EQ(p.sql->unsafe.kind, ActionKind::kBlock);
  EXPECT_EQ(p.sql->execution_timeout, Millis(200));
  EXPECT_EQ(p.sql->execution_max_memory, 64u << 20);
  EXPECT_EQ(r.config->limits.sql_schema_cache_bytes, 16u << 20);
}

TEST(PolicySql, EveryKey) {
  TempDir dir;
  dir.write("schema.sql", "CREATE TABLE t (a INT);");
  const std::string yaml = std::string(kPolicyBase) + "  g:\n" +
                           "    hold: sentence\n"
                           "    actions: {contradicted: {rewrite: correct}}\n"
                           "    sql:\n"
                           "      answer: whole\n"
                           "      tool_arguments: [{tool: run_query, argument: sql},\n"
                           "                       {tool: report, argument: query.text}]\n"
                           "      dialect: postgresql\n"
                           "      schema_file: schema.sql\n"
                           "      schema_from_request: false\n"
                           "      keep_schema_field: true\n"
                           "      allow_functions: [my_udf]\n"
                           "      linking: false\n"
                           "      execution: {timeout: 50ms, max_rows: 10, max_memory: 8MiB}\n"
                           "      empty_result: false\n"
                           "      max_query_bytes: 8KiB\n"
                           "      unsafe: annotate\n"
                           "limits: {sql_schema_cache_bytes: 1MiB}\n";
  const std::string path = dir.write("c.yaml", yaml);
  LoadResult r = load_config_file(path);
  ASSERT_TRUE(r.config) << (messages(r).empty() ? "" : messages(r)[0]);
  const SqlConfig& s = *r.config->find_policy("g")->sql;
  EXPECT_EQ(s.answer, SqlConfig::Answer::kWhole);
  ASSERT_EQ(s.tool_arguments.size(), 2u);
  EXPECT_EQ(s.tool_arguments[1].argument, "query.text");
  EXPECT_EQ(s.dialect, SqlConfig::Dialect::kPostgresql);
  EXPECT_EQ(s.schema_file, dir.path() + "/schema.sql");
  EXPECT_FALSE(s.schema_from_request);
  EXPECT_TRUE(s.keep_schema_field);
  EXPECT_THAT(s.allow_functions, ElementsAre("my_udf"));
  EXPECT_FALSE(s.linking);
  EXPECT_EQ(s.execution_timeout, Millis(50));
  EXPECT_EQ(s.max_rows, 10u);
  EXPECT_EQ(s.execution_max_memory, 8u << 20);
  EXPECT_FALSE(s.empty_result);
  EXPECT_EQ(s.max_query_bytes, 8u << 10);
  EXPECT_EQ(s.unsafe.kind, ActionKind::kAnnotate);
  EXPECT_EQ(r.config->limits.sql_schema_cache_bytes, 1u << 20);
}

TEST(PolicySql, UnsafeBlockNeedsSentenceHold) {
  EXPECT_THAT(policy_g_errors("    sql: {}\n"),
              ElementsAre(HasSubstr("unsafe SQL is blocked by default, which needs hold: "
                                    "sentence")));
  LoadResult r = load_policy_g("    sql: {unsafe: annotate}\n");
  EXPECT_TRUE(r.config);
}

TEST(PolicySql, BadValues) {
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    sql: {answer: all}\n"),
              ElementsAre(HasSubstr("sql.answer")));
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    sql: {dialect: oracle}\n"),
              ElementsAre(HasSubstr("sql.dialect")));
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    sql: {schema_file: /nonexistent/s.sql}\n"),
              ElementsAre(HasSubstr("file '/nonexistent/s.sql'")));
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    sql: {allow_functions: ['x; DROP']}\n"),
              ElementsAre(HasSubstr("not a function name")));
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    sql: {tool_arguments: [{tool: q}]}\n"),
              ElementsAre(HasSubstr("argument")));
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    sql: {execution: {timeout: 2m}}\n"),
              ElementsAre(HasSubstr("at most 60s")));
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    sql: {execution: {max_memory: 8GiB}}\n"),
              ElementsAre(HasSubstr("at most 4GiB")));
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    sql: {schema_from_request: false}\n"),
              ElementsAre(HasSubstr("no schema source")));
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    sql: {metamorphic: true}\n"),
              ElementsAre(HasSubstr("it needs database")));
}

TEST(PolicySql, MetamorphicCheck) {
  TempDir dir;
  const std::string db = dir.write("d.sqlite", "");
  LoadResult off = load_policy_g("    hold: sentence\n    sql: {database: " + db + "}\n");
  ASSERT_TRUE(off.config);
  EXPECT_FALSE(off.config->find_policy("g")->sql->metamorphic);
  LoadResult on =
      load_policy_g("    hold: sentence\n    sql: {database: " + db + ", metamorphic: true}\n");
  ASSERT_TRUE(on.config);
  const auto& m = on.config->find_policy("g")->sql->metamorphic;
  ASSERT_TRUE(m);
  EXPECT_EQ(m->variants, 4u);
  EXPECT_EQ(m->fan_out, 2u);
  EXPECT_EQ(m->timeout, Millis(10'000));
  LoadResult keys = load_policy_g("    hold: sentence\n    sql: {database: " + db +
                                  ", metamorphic: {variants: 6, fan_out: 3, timeout: 2s, "
                                  "max_queries: 1}}\n");
  ASSERT_TRUE(keys.config) << messages(keys)[0];
  const auto& k = *keys.config->find_policy("g")->sql->metamorphic;
  EXPECT_EQ(k.variants, 6u);
  EXPECT_EQ(k.fan_out, 3u);
  EXPECT_EQ(k.timeout, Millis(2'000));
  EXPECT_EQ(k.max_queries, 1u);
  const std::string base = "    hold: sentence\n    sql: {database: " + db + ", ";
  EXPECT_THAT(policy_g_errors(base + "metamorphic: {variants: 9}}\n"),
              ElementsAre(HasSubstr("variants")));
  EXPECT_THAT(policy_g_errors(base + "metamorphic: {fan_out: 0}}\n"),
              ElementsAre(HasSubstr("from 1 to 16")));
  EXPECT_THAT(policy_g_errors(base + "metamorphic: {timeout: 5m}}\n"),
              ElementsAre(HasSubstr("at most 120s")));
  EXPECT_THAT(policy_g_errors(base + "metamorphic: {runs: 2}}\n"), ElementsAre(HasSubstr("runs")));
  EXPECT_THAT(policy_g_errors(base + "execution: false, metamorphic: true}\n"),
              ElementsAre(HasSubstr("execution on")));
}

TEST(PolicySql, IntentCheck) {
  const auto on = load_policy_g("    hold: sentence\n    sql: {}\n");
  EXPECT_TRUE(on.config->find_policy("g")->sql->intent);
  const auto off = load_policy_g("    hold: sentence\n    sql: {intent: false}\n");
  EXPECT_FALSE(off.config->find_policy("g")->sql->intent);
  const auto kinds = load_policy_g(
      "    hold: sentence\n    sql: {intent: {enforce: [empty_result], annotate_only: "
      "[column_unasked, order_direction]}}\n");
  ASSERT_TRUE(kinds.config) << messages(kinds)[0];
  const SqlConfig& k = *kinds.config->find_policy("g")->sql;
  EXPECT_TRUE(k.intent);
  EXPECT_EQ(k.intent_enforce, std::vector<std::string>{"empty_result"});
  EXPECT_EQ(k.intent_annotate_only,
            (std::vector<std::string>{"column_unasked", "order_direction"}));
  EXPECT_THAT(
      policy_g_errors("    hold: sentence\n    sql: {intent: {enforce: [unknown_column]}}\n"),
      ElementsAre(HasSubstr("no intent kind 'unknown_column'")));
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    sql: {intent: {strict: true}}\n"),
              ElementsAre(HasSubstr("strict")));
}

TEST(PolicySql, DatabaseOptions) {
  TempDir dir;
  const std::string db = dir.write("d.sqlite", "");
  LoadResult both = load_policy_g("    hold: sentence\n    sql: {database: " + db +
                                  ", schema_file: " + db + "}\n");
  EXPECT_THAT(messages(both), ElementsAre(HasSubstr("leave schema_file out")));
  LoadResult dialect =
      load_policy_g("    hold: sentence\n    sql: {dialect: mysql, database: " + db + "}\n");
  EXPECT_THAT(messages(dialect), ElementsAre(HasSubstr("runs SQLite's dialect only")));
}

TEST(PolicySql, AWholeAnswerQueryHasNoProse) {
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    verifiers: [semantic_pieces]\n"
                              "    sql: {answer: whole}\n"),
              ElementsAre(HasSubstr("answer: whole makes every answer one query")));
  LoadResult mixed = load_policy_g(
      "    hold: sentence\n    verifiers: [semantic_pieces]\n    sql: {answer: fenced}\n");
  EXPECT_TRUE(mixed.config);
}

TEST(PolicySql, ProseKeysNeedAProseVerifier) {
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    sql: {}\n    verify_tool_calls: true\n"),
              ElementsAre(HasSubstr("has no effect without a prose verifier")));
  // The guard's own keys serve SQL too.
  LoadResult r = load_policy_g(
      "    hold: sentence\n    on_error: closed\n    annotations: comment\n"
      "    actions: {unsupported: block, no_context: annotate}\n    sql: {}\n");
  EXPECT_TRUE(r.config) << (messages(r).empty() ? "" : messages(r)[0]);
}

}  // namespace
}  // namespace groundgate::config
