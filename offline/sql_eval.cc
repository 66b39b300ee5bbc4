#include "offline/sql_eval.h"

#include <algorithm>
#include <filesystem>

#include "filters/sql/intent_kinds.h"
#include "filters/sql/request_schema.h"
#include "filters/sql/schema_json.h"
#include "filters/sql/sql_verdict_json.h"
#include "filters/verdict/json_string.h"
#include "offline/code_sample.h"
#include "offline/percentile.h"

namespace groundgate::offline {
namespace {

namespace sql = filters::sql;
namespace dom = simdjson::dom;

// One line of `--out`.
void write_prediction(std::FILE* out, const CodeSample& fields, const sql::SqlCheck& check,
                      bool flagged) {
  std::string json = prediction_start(fields, flagged);
  if (check.error != sql::SqlError::kNone) {
    json += ",\"error\":";
    filters::verdict::append_json_string(json, sql::to_string(check.error));
  } else {
    json += ",\"kind\":\"sql\"";
    sql::append_verdict_members(json, check.verdict, {});
  }
  json += "}\n";
  std::fputs(json.c_str(), out);
}

}  // namespace

SqlEvaluation::SqlEvaluation(std::shared_ptr<const sql::SqlCheckerConfig> checker,
                             std::string data_dir)
    : checker_(std::move(checker)), data_dir_(std::move(data_dir)) {}

bool SqlEvaluation::is_sql_sample(dom::element sample) {
  std::string_view task;
  return sample["task"].get_string().get(task) == simdjson::SUCCESS && task == "sql";
}

std::shared_ptr<const sql::SampleDatabase> SqlEvaluation::database(const std::string& path,
                                                                   std::string& error) {
  std::filesystem::path p(path);
  if (p.is_relative() && !data_dir_.empty()) p = std::filesystem::path(data_dir_) / p;
  const std::string key = p.string();
  if (auto it = databases_.find(key); it != databases_.end()) return it->second;
  std::shared_ptr<const sql::SampleDatabase> db = sql::SampleDatabase::open(key, error);
  if (db) databases_.emplace(key, db);
  return db;
}

bool SqlEvaluation::add(dom::element sample, std::FILE* out, std::string& error) {
  CodeSample fields;
  if (!read_code_sample(sample, "sql", fields, error)) return false;
  std::shared_ptr<const sql::SampleDatabase> db;
  std::vector<std::string> statements;
  if (!read_schema(sample, db, statements, error)) return false;
  auto config = checker_;
  if (db) {
    auto with_db = std::make_shared<sql::SqlCheckerConfig>(*checker_);
    with_db->database = db;
    config = std::move(with_db);
  }
  const sql::SqlChecker checker(config, schemas_.get_or_build(statements), fields.question,
                                optional_string(sample, "evidence"));
  const sql::SqlCheck check = checker.check(fields.code);
  const bool flagged =
      count(check, fields.label != 0, fields.variant, optional_string(sample, "family"));
  if (out != nullptr) write_prediction(out, fields, check, flagged);
  return true;
}

bool SqlEvaluation::read_schema(dom::element sample, std::shared_ptr<const sql::SampleDatabase>& db,
                                std::vector<std::string>& statements, std::string& error) {
  std::string_view database_path;
  if (sample["database"].get_string().get(database_path) == simdjson::SUCCESS) {
    db = database(std::string(database_path), error);
    if (!db) return false;
  }
  dom::element schema;
  if (sample["schema"].get(schema) != simdjson::SUCCESS) {
    if (db) statements = db->schema_statements();
    return true;
  }
  std::string_view text;
  if (schema.get_string().get(text) == simdjson::SUCCESS) {
    statements = sql::schema_statements(text, error);
  } else {
    sql::JsonSchema json = sql::ddl_from_json(simdjson::to_string(schema));
    statements = std::move(json.statements);
    error = json.error;
  }
  if (!error.empty()) {
    error = "schema: " + error;
    return false;
  }
  return true;
}

bool SqlEvaluation::count(const sql::SqlCheck& check, bool actual, std::string_view variant,
                          std::string_view family) {
  const sql::SqlVerdict& v = check.verdict;
  const bool unverified = check.error != sql::SqlError::kNone;
  const bool flagged = unverified || v.label != sql::Label::kSupported || v.unsafe;
  unverified_ += unverified ? 1 : 0;
  check_us_.push_back(static_cast<double>(v.check_ns) / 1e3);
  total_.add(flagged, actual);
  VariantCounts& c =
      variants_[variant.empty() ? (actual ? "hallucinated" : "valid") : std::string(variant)];
  ++c.n;
  c.flagged += flagged ? 1 : 0;
  for (std::string_view type :
       distinct_values(v.findings, [](const sql::Finding& f) { return sql::to_string(f.type); })) {
    ++c.by_type[std::string(type)];
  }
  if (!family.empty()) {
    VariantCounts& f = families_[std::string(family)];
    ++f.n;
    f.flagged += flagged ? 1 : 0;
  }
  for (std::string_view code :
       distinct_values(v.findings, [](const sql::Finding& f) { return f.code; })) {
    CodeCounts& counts = codes_[std::string(code)];
    (actual ? counts.on_wrong : counts.on_valid) += 1;
  }
  valid_clean_ += !actual && !flagged ? 1 : 0;
  return flagged;
}

void SqlEvaluation::print() const {
  const Confusion& t = total_;
  std::printf("sql: n=%zu  hallucinated=%zu  valid=%zu  unverified=%zu\n", t.total(), t.tp + t.fn,
              t.tn + t.fp, unverified_);
  std::printf(
      "sql: balanced_accuracy=%.3f  precision=%.3f  recall=%.3f  f1=%.3f  (tp=%zu fp=%zu tn=%zu "
      "fn=%zu)\n",
      t.balanced_accuracy(), t.precision(), t.recall(), t.f1(), t.tp, t.fp, t.tn, t.fn);
  std::printf("sql: check_us per query p50=%.1f p99=%.1f\n", percentile(check_us_, 0.5),
              percentile(check_us_, 0.99));
  std::printf("sql: valid queries with no finding: %zu/%zu = %.3f\n", valid_clean_, t.tn + t.fp,
              Confusion::ratio(valid_clean_, t.tn + t.fp));
  const std::vector<std::string_view> types{"schema",  "unsafe",    "linking",
                                            "content", "execution", "logic"};
  std::printf("%-22s %6s %8s %6s", "variant", "n", "flagged", "rate");
  for (std::string_view type : types)
    std::printf(" %9.*s", static_cast<int>(type.size()), type.data());
  std::printf("\n");
  for (const auto& [name, c] : variants_) {
    std::printf("%-22s %6zu %8zu %6.3f", name.c_str(), c.n, c.flagged,
                Confusion::ratio(c.flagged, c.n));
    for (std::string_view type : types) {
      const auto it = c.by_type.find(type);
      std::printf(" %9zu", it == c.by_type.end() ? 0 : it->second);
    }
    std::printf("\n");
  }
  print_codes();
}

void SqlEvaluation::print_codes() const {
  std::size_t valid = 0, wrong = 0;
  for (const auto& [name, c] : variants_) {
    (name == "valid" || name == "valid_empty" ? valid : wrong) += c.n;
  }
  if (!families_.empty()) {
    std::printf("%-14s %6s %8s %6s\n", "family", "n", "flagged", "recall");
    for (const auto& [name, c] : families_) {
      std::printf("%-14s %6zu %8zu %6.3f\n", name.c_str(), c.n, c.flagged,
                  Confusion::ratio(c.flagged, c.n));
    }
  }
  // Precision at the data's mix, and at an even mix of valid and wrong queries (the rate on
  // wrong ones against the sum of both rates), which does not move with how many variants a
  // gold query has.
  std::printf("%-24s %8s %8s %9s %9s %s\n", "code", "on_valid", "on_wrong", "precision",
              "prec_even", "annotate_only");
  for (const auto& [code, c] : codes_) {
    const double on_valid = Confusion::ratio(c.on_valid, valid),
                 on_wrong = Confusion::ratio(c.on_wrong, wrong);
    const sql::IntentKind* kind = sql::intent_kind(code);
    std::printf("%-24s %8zu %8zu %9.3f %9.3f %s\n", code.c_str(), c.on_valid, c.on_wrong,
                Confusion::ratio(c.on_wrong, c.on_wrong + c.on_valid),
                on_valid + on_wrong == 0 ? 0.0 : on_wrong / (on_valid + on_wrong),
                kind == nullptr       ? "-"
                : kind->annotate_only ? "yes"
                                      : "no");
  }
}

}  // namespace groundgate::offline
