#pragma once
// One query through the checks a policy enables, cheapest first: syntax and schema, safety,
// question linking (and, with a database, content), intent (joins, the question's clauses,
// definitions, value types), execution. The engine's entry point: text in, an SqlVerdict out,
// no I/O but the operator's read-only database.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/sql/glossary.h"
#include "filters/sql/question_intent.h"
#include "filters/sql/question_terms.h"
#include "filters/sql/sample_database.h"
#include "filters/sql/schema_database.h"
#include "filters/sql/sql_verdict.h"

namespace groundgate::filters::text {
class Lexicon;
}

namespace groundgate::filters::sql {

enum class Dialect : std::uint8_t { kSqlite, kPostgresql, kMysql };

std::string_view to_string(Dialect dialect);

// A policy's SQL settings, compiled once and shared by its streams.
struct SqlCheckerConfig {
  Dialect dialect = Dialect::kSqlite;
  std::vector<std::string> allowed_functions;  // sorted, lower case (see allowed_functions())
  bool linking = true;                         // check 3
  bool intent = true;                          // check 3b
  // Intent kinds (codes) trusted although annotate-only by default, and more kinds to annotate
  // only (intent_kinds.h).
  std::vector<std::string> intent_enforce;
  std::vector<std::string> intent_annotate_only;
  bool execution = true;  // check 4 (with a database)
  bool empty_result_is_finding = true;
  RunLimits execution_limits;
  RunLimits probe_limits{std::chrono::microseconds(50'000), 2000, 256};  // per content probe
  std::size_t max_sql_bytes = 64u << 10;  // longer queries are not checked (bounded work)
  std::size_t max_statements = 16;
  // The operator's database (checks 3 and 4); null: none.
  std::shared_ptr<const SampleDatabase> database;
  // WordNet, for suggestions by meaning (`elevation` -> `mountain_altitude`); null: by
  // spelling only.
  std::shared_ptr<const text::Lexicon> lexicon;
};

// The default config: SQLite, every check, the default function allow-list.
std::shared_ptr<const SqlCheckerConfig> default_checker_config();

enum class SqlError : std::uint8_t {
  kNone,
  kTooLong,  // over max_sql_bytes: not checked
  kEmpty,    // no statement in the text
};

struct SqlCheck {
  SqlVerdict verdict;
  SqlError error = SqlError::kNone;
  // The result of running the query (check 4), for the metamorphic check.
  std::optional<RunResult> result;
};

std::string_view to_string(SqlError error);

class SqlChecker {
 public:
  // `schema`: what names exist (never null; empty: the request had none). `question`: the
  // user's question ("" when unknown). `knowledge`: the request's definitions (BIRD evidence,
  // a glossary; glossary.h), read with those the question itself carries.
  SqlChecker(std::shared_ptr<const SqlCheckerConfig> config,
             std::shared_ptr<const SchemaDatabase> schema, std::string_view question,
             std::string_view knowledge = {});

  // `cancelled` (set: it may turn true on another thread) stops the database's runs early:
  // their checks end incomplete, as at their time cap.
  SqlCheck check(std::string_view sql, const std::atomic<bool>* cancelled = nullptr) const;
  // Whether check() runs queries on the operator's database (checks 3, 3b and 4): blocking work,
  // bounded by its time caps, that the proxy runs on its workers.
  bool uses_database() const;

 private:
  // One query as the checks read it (sql_checker.cc).
  struct Query;
  // 3. The question's terms and values against the query; with a database, the values it
  // filters on.
  void check_question_links(const Query& q, SqlVerdict& v) const;
  // 3b. What the question asks against what the query computes.
  void check_question_intent(const Query& q, SqlVerdict& v) const;
  // 4. The query run on the operator's database.
  void check_run(const Query& q, SqlCheck& out) const;

  std::shared_ptr<const SqlCheckerConfig> config_;
  std::shared_ptr<const SchemaDatabase> schema_;
  std::string question_text_;
  QuestionTerms question_;
  QuestionIntent intent_;
  Glossary glossary_;
};

// An empty schema (no tables), shared.
std::shared_ptr<const SchemaDatabase> no_schema();

}  // namespace groundgate::filters::sql
