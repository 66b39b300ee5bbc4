// The intent check's readers on arbitrary bytes: the question's cues, the request's
// definitions and the query's clauses, against a schema with declared and inferred keys, a
// CHECK list, comments and sample rows. The input is "question\nknowledge\nquery". Every span
// a reader or a finding gives must lie inside its text; intent findings are unsupported (a
// closed domain's near miss alone is contradicted).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filters/sql/glossary.h"
#include "filters/sql/query_shape.h"
#include "filters/sql/question_intent.h"
#include "filters/sql/schema_database.h"
#include "filters/sql/sql_checker.h"
#include "filters/sql/sql_lexer.h"

namespace sql = groundgate::filters::sql;

namespace {

std::shared_ptr<const sql::SchemaDatabase> schema() {
  static const auto s = sql::SchemaDatabase::build(std::vector<std::string>{
      "CREATE TABLE departments (id INTEGER PRIMARY KEY, name TEXT, city TEXT, -- e.g. 'Oslo'\n"
      "  budget REAL)",
      "CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT, age INTEGER, birth DATE, "
      "dept_id INTEGER REFERENCES departments(id), status TEXT CHECK (status IN ('a', 'b')))",
      "CREATE TABLE orders (order_id INTEGER PRIMARY KEY, employee INTEGER, amount REAL)",
      "INSERT INTO departments VALUES (1, 'Sales', 'Oslo', 10.5), (2, 'Ops', 'Bergen', 3)"});
  return s;
}

void check_span(std::size_t begin, std::size_t end, std::size_t size) {
  if (begin > end || end > size) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 8192) return 0;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t first = input.find('\n');
  const std::string_view question = input.substr(0, first);
  std::string_view rest = first == std::string_view::npos ? "" : input.substr(first + 1);
  const std::size_t second = rest.find('\n');
  const std::string_view knowledge = rest.substr(0, second);
  const std::string_view query = second == std::string_view::npos ? "" : rest.substr(second + 1);

  const sql::QuestionIntent intent(question);
  for (const sql::Cue& c : intent.cues())
    check_span(c.begin, c.end, question.size());
  const sql::Glossary glossary(knowledge);
  if (glossary.definitions().size() > sql::Glossary::kMaxDefinitions) std::abort();

  const std::vector<sql::Token> tokens = sql::lex_sql(query);
  const auto s = schema();
  const sql::QueryShape shape(
      query, tokens, *s, [&](std::string_view w) { return sql::names_a_column_or_table(w, *s); });
  if (shape.cores().size() > sql::QueryShape::kMaxCores) std::abort();
  for (const sql::SelectCore& c : shape.cores()) {
    check_span(c.begin, c.end, query.size());
    for (const sql::ValueExpr& v : c.items) {
      for (const sql::ColumnRef& r : v.columns)
        check_span(r.begin, r.end, query.size());
    }
    for (const sql::FromItem& f : c.from)
      check_span(f.begin, f.end, query.size());
  }

  const sql::SqlChecker checker(sql::default_checker_config(), s, question, knowledge);
  const sql::SqlCheck check = checker.check(query);
  for (const sql::Finding& f : check.verdict.findings) {
    check_span(f.begin, f.end, query.size());
    if (f.check == sql::Check::kIntent && f.label != sql::Label::kUnsupported &&
        f.code != "value_outside_domain") {
      std::abort();
    }
  }
  return 0;
}
