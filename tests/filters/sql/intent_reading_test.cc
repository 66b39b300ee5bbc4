// What the intent check reads: the question's cues, the request's definitions, the schema's
// keys, comments, CHECK lists and sample rows, and suggestions by meaning.
#include <gtest/gtest.h>

#include "config/sql_section.h"
#include "filters/sql/column_domain.h"
#include "filters/sql/ddl_scanner.h"
#include "filters/sql/glossary.h"
#include "filters/sql/intent_kinds.h"
#include "filters/sql/join_keys.h"
#include "filters/sql/meaning_suggestion.h"
#include "filters/sql/question_intent.h"
#include "filters/sql/request_schema.h"
#include "filters/sql/schema_check.h"
#include "filters/sql/sql_checker.h"
#include "filters/text/lexicon.h"
#include "tests/filters/sql/sql_test_support.h"
#include "tests/support/request_view.h"

namespace groundgate::filters::sql {
namespace {

std::vector<std::string> kinds(const QuestionIntent& q) {
  std::vector<std::string> out;
  for (const Cue& c : q.cues())
    out.emplace_back(to_string(c.kind));
  return out;
}

TEST(QuestionIntent, EnglishCues) {
  const QuestionIntent q(
      "How many of the top 3 departments have at least 10 employees, not counting those with "
      "no manager?");
  EXPECT_EQ(kinds(q),
            (std::vector<std::string>{"count", "top", "at_least", "negation", "negation"}));
  EXPECT_EQ(q.first(CueKind::kTop)->number, 3);
  EXPECT_EQ(q.first(CueKind::kAtLeast)->number, 10);
  EXPECT_EQ(q.first(CueKind::kAtLeast)->phrase, "at least 10");
  // The longest pattern wins: "total number" is a count, "at most" no superlative.
  EXPECT_EQ(kinds(QuestionIntent("What is the total number of orders of at most 5 items?")),
            (std::vector<std::string>{"count", "at_most"}));
  // "first name" only looks like a cue.
  EXPECT_TRUE(QuestionIntent("List the first name of each player.").has(CueKind::kEach));
  EXPECT_FALSE(QuestionIntent("List the first name of each player.").has(CueKind::kEarliest));
}

TEST(QuestionIntent, GermanCues) {
  const QuestionIntent q(
      "Wie viele verschiedene Länder haben die \"3\" bevölkerungsreichsten Städte pro Kontinent, "
      "die mehr als 100 Einwohner und keine Küste haben?");
  EXPECT_EQ(kinds(q),
            (std::vector<std::string>{"count", "distinct", "most", "each", "greater", "negation"}));
  EXPECT_EQ(q.first(CueKind::kMost)->number, 3);  // "die 3 bevölkerungsreichsten"
  EXPECT_EQ(q.first(CueKind::kGreater)->number, 100);
  // "vom ältesten bis zum jüngsten": one sort range, not two superlatives.
  const QuestionIntent range("Sortiere die Sänger vom ältesten bis zum jüngsten.");
  ASSERT_TRUE(range.has(CueKind::kOldest));
  EXPECT_FALSE(range.has(CueKind::kYoungest));
  EXPECT_TRUE(range.first(CueKind::kOldest)->sort_range);
  // Number words, and "höchstens" (at most) against "Höchstalter" (a maximum).
  EXPECT_EQ(
      QuestionIntent("Welche Teams haben höchstens drei Spieler?").first(CueKind::kAtMost)->number,
      3);
  EXPECT_TRUE(QuestionIntent("Wie hoch ist das Höchstalter?").has(CueKind::kMost));
}

TEST(Glossary, DefinitionsInTheirUsualForms) {
  const Glossary g(
      "Evidence: major city = population > 150000; female refers to gender = 'F'\n"
      "- highest salary refers to MAX(salary)\n"
      "T.label = 'c' means carbon\n"
      "gender = 'M'\n"
      "Großstadt bedeutet einwohner > 100000\n"
      "Note: the data is from 2020\n");
  const auto& d = g.definitions();
  ASSERT_EQ(d.size(), 6u);
  EXPECT_EQ(d[0].phrase, "major city");
  EXPECT_EQ(d[0].expression, "population > 150000");
  EXPECT_EQ(d[1].phrase, "female");
  EXPECT_EQ(d[1].expression, "gender = 'F'");
  EXPECT_EQ(d[2].expression, "MAX(salary)");
  EXPECT_EQ(d[3].phrase, "carbon");  // the SQL side may come first
  EXPECT_EQ(d[3].expression, "T.label = 'c'");
  EXPECT_EQ(d[4].phrase, "");  // a condition alone
  EXPECT_EQ(d[4].expression, "gender = 'M'");
  EXPECT_EQ(d[5].phrase, "Großstadt");
}

TEST(Glossary, RequestTextsCarryDefinitions) {
  const RequestSchema r = read_request_schema(groundgate::testing::view_of(
      R"({"messages":[{"role":"system","content":"CREATE TABLE city (name TEXT, population INT);\nGlossary: major city = population > 150000"},{"role":"user","content":"How many major cities?"}]})"));
  EXPECT_EQ(r.statements.size(), 1u);
  EXPECT_EQ(r.knowledge, "major city refers to population > 150000\n");
  const RequestSchema only = read_request_schema(
      groundgate::testing::view_of(
          R"({"messages":[{"role":"system","content":"CREATE TABLE t (a INT); x means a > 1"}]})"),
      {}, false);
  EXPECT_TRUE(only.statements.empty());
  EXPECT_EQ(only.knowledge, "x refers to a > 1\n");
}

TEST(JoinKeys, DeclaredSameNameAndNamedAfterTheTable) {
  const auto schema = SchemaDatabase::build(std::vector<std::string>{
      "CREATE TABLE airlines (airline_id INTEGER PRIMARY KEY, name TEXT)",
      "CREATE TABLE airports (code TEXT PRIMARY KEY, city TEXT)",
      "CREATE TABLE flights (airline INTEGER, source TEXT REFERENCES airports(code), "
      "airline_id_text TEXT)",
      "CREATE TABLE crews (airline_id INTEGER, size INTEGER)"});
  const Table& airlines = *schema->find_table("airlines");
  const Table& flights = *schema->find_table("flights");
  const Table& airports = *schema->find_table("airports");
  const Table& crews = *schema->find_table("crews");
  EXPECT_TRUE(is_join_key(*schema, flights, "source", airports, "code"));          // declared
  EXPECT_TRUE(is_join_key(*schema, airlines, "airline_id", crews, "airline_id"));  // same name
  EXPECT_TRUE(is_join_key(*schema, flights, "airline", airlines, "airline_id"));   // named after
  EXPECT_FALSE(is_join_key(*schema, flights, "source", airlines, "airline_id"));
  ASSERT_FALSE(join_keys(*schema, airports, flights).empty());
  EXPECT_EQ(join_keys(*schema, airports, flights).front().right_column, "source");
}

TEST(SchemaNotes, CommentsChecksAndSampleRows) {
  const std::string create =
      "CREATE TABLE t (\n"
      "  -- the person's id\n"
      "  id INTEGER PRIMARY KEY,\n"
      "  status TEXT CHECK (status IN ('a', 'b')), -- one of 'a', 'b'\n"
      "  \"kind\" TEXT /* e.g. 'x', 'y' */,\n"
      "  UNIQUE (status, kind)\n"
      ")";
  const std::vector<ColumnComment> comments = column_comments(create);
  ASSERT_EQ(comments.size(), 3u);
  EXPECT_EQ(comments[0].column, "id");
  EXPECT_EQ(comments[0].comment, "the person's id");
  EXPECT_EQ(comments[1].comment, "one of 'a', 'b'");
  EXPECT_EQ(comments[2].column, "kind");
  EXPECT_EQ(comments[2].comment, "e.g. 'x', 'y'");
  const ColumnDomain examples = domain_of_comment("e.g. 'x', 'y'");
  EXPECT_FALSE(examples.closed);
  EXPECT_EQ(examples.values.size(), 2u);
  EXPECT_TRUE(domain_of_comment("M: male, F: female").closed);

  EXPECT_TRUE(is_sample_insert("INSERT INTO t VALUES (1, 'a', NULL), (2, 'b', -3.5);"));
  EXPECT_FALSE(is_sample_insert("INSERT INTO t SELECT * FROM u"));
  EXPECT_FALSE(is_sample_insert("INSERT INTO t VALUES (randomblob(1000000000))"));
  EXPECT_FALSE(is_sample_insert("INSERT INTO t VALUES (1); DROP TABLE t"));
  const auto schema = SchemaDatabase::build(std::vector<std::string>{
      create, "INSERT INTO t (id, status, kind) VALUES (1, 'a', 'x')",
      "INSERT INTO t VALUES (2, 'zzz', 'y')",  // the CHECK refuses it: skipped
      "DELETE FROM t"});                       // not a sample row: refused
  ASSERT_NE(schema->find_table("t"), nullptr);
  const Table& t = *schema->find_table("t");
  ASSERT_EQ(t.columns.size(), 3u);
  EXPECT_EQ(t.columns[1].comment, "one of 'a', 'b'");
  EXPECT_EQ(schema->sample_values("t", "kind", 10), std::vector<std::string>{"x"});
  EXPECT_EQ(schema->skipped().size(), 2u);
  const ColumnDomain status = column_domain(*schema, t, t.columns[1]);
  EXPECT_TRUE(status.closed);
  EXPECT_EQ(status.source, "CHECK constraint");
  EXPECT_EQ(status.values, (std::vector<std::string>{"a", "b"}));
  // DDL in prose finds sample rows too.
  EXPECT_EQ(find_ddl("Schema: CREATE TABLE a (x INT); INSERT INTO a VALUES (1); Go.").size(), 2u);
}

TEST(MeaningSuggestion, BySynonymNamePartAndComment) {
  const auto lexicon = text::Lexicon::shared().lexicon;
  ASSERT_NE(lexicon, nullptr) << "WordNet (wordnet-base) is needed";
  const std::vector<NamedThing> columns{{"mountain_name", ""},
                                        {"mountain_altitude", ""},
                                        {"area", ""},
                                        {"state_name", ""},
                                        {"pop", "number of inhabitants"}};
  auto s = closest_by_meaning("elevation", columns, lexicon.get());
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->name, "mountain_altitude");
  EXPECT_TRUE(s->unique);
  s = closest_by_meaning("surface_area", columns, lexicon.get());
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->name, "area");
  s = closest_by_meaning("inhabitants", columns, lexicon.get());
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->name, "pop");  // by its comment
  EXPECT_FALSE(closest_by_meaning("colour", columns, lexicon.get()).has_value());
}

TEST(MeaningSuggestion, TheCheckerCorrectsAnInventedColumn) {
  auto config = testing::checker_config();
  config->lexicon = text::Lexicon::shared().lexicon;
  const auto schema = SchemaDatabase::build(std::vector<std::string>{
      "CREATE TABLE mountain (mountain_name TEXT, mountain_altitude INTEGER, state_name TEXT)"});
  const SqlCheck c = SqlChecker(config, schema, "How high is Mount Whitney?")
                         .check("SELECT elevation FROM mountain WHERE mountain_name = 'whitney'");
  const Finding* f = testing::find_code(c.verdict, "unknown_column");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->reason, "no column `elevation` in `mountain`; did you mean `mountain_altitude`?");
  ASSERT_TRUE(c.verdict.corrected.has_value());
  EXPECT_EQ(*c.verdict.corrected,
            "SELECT \"mountain_altitude\" FROM mountain WHERE mountain_name = 'whitney'");
}

TEST(IntentKinds, TheConfigKnowsTheSameKinds) {
  std::vector<std::string_view> engine, config;
  for (const IntentKind& k : intent_kinds())
    engine.push_back(k.code);
  for (std::string_view k : config::known_sql_intent_kinds())
    config.push_back(k);
  std::sort(engine.begin(), engine.end());
  std::sort(config.begin(), config.end());
  EXPECT_EQ(engine, config);
}

}  // namespace
}  // namespace groundgate::filters::sql
