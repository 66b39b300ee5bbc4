#include "offline/sql_eval.h"

#include <algorithm>
#include <filesystem>

#include "filters/sql/request_schema.h"
#include "filters/sql/schema_json.h"
#include "filters/sql/sql_verdict_json.h"
#include "filters/verdict/json_string.h"

namespace groundgate::offline {
namespace {

namespace sql = filters::sql;
namespace dom = simdjson::dom;

double percentile(std::vector<double> values, double q) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  return values[std::min(values.size() - 1, static_cast<std::size_t>(q * values.size()))];
}

double ratio(std::size_t a, std::size_t b) {
  return b == 0 ? 0.0 : static_cast<double>(a) / static_cast<double>(b);
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
  const auto optional = [&](std::string_view key) {
    std::string_view value;
    return sample[key].get_string().get(value) == simdjson::SUCCESS ? value : std::string_view();
  };
  const std::string_view id = optional("id"), question = optional("question"),
                         variant = optional("variant");
  std::string_view query, database_path;
  if (sample["sql"].get_string().get(query) != simdjson::SUCCESS) {
    error = "no \"sql\" string";
    return false;
  }
  std::int64_t label = 0;
  if (sample["label"].get_int64().get(label) != simdjson::SUCCESS) {
    error = "no integer \"label\"";
    return false;
  }
  std::shared_ptr<const sql::SampleDatabase> db;
  if (sample["database"].get_string().get(database_path) == simdjson::SUCCESS) {
    db = database(std::string(database_path), error);
    if (!db) return false;
  }
  std::vector<std::string> statements;
  dom::element schema;
  if (sample["schema"].get(schema) == simdjson::SUCCESS) {
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
  } else if (db) {
    statements = db->schema_statements();
  }
  auto config = checker_;
  if (db) {
    auto with_db = std::make_shared<sql::SqlCheckerConfig>(*checker_);
    with_db->database = db;
    config = std::move(with_db);
  }
  const sql::SqlChecker checker(config, schemas_.get_or_build(statements), question);
  const sql::SqlCheck check = checker.check(query);
  const sql::SqlVerdict& v = check.verdict;
  const bool unverified = check.error != sql::SqlError::kNone;
  const bool flagged = unverified || v.label != sql::Label::kSupported || v.unsafe;
  unverified_ += unverified ? 1 : 0;
  check_us_.push_back(static_cast<double>(v.check_ns) / 1e3);
  const bool actual = label != 0;
  total_.tp += flagged && actual;
  total_.fp += flagged && !actual;
  total_.tn += !flagged && !actual;
  total_.fn += !flagged && actual;
  VariantCounts& c =
      variants_[variant.empty() ? (actual ? "hallucinated" : "valid") : std::string(variant)];
  ++c.n;
  c.flagged += flagged ? 1 : 0;
  std::vector<std::string_view> types;
  for (const sql::Finding& f : v.findings) {
    const std::string_view type = sql::to_string(f.type);
    if (std::find(types.begin(), types.end(), type) == types.end()) types.push_back(type);
  }
  for (std::string_view type : types)
    ++c.by_type[std::string(type)];
  if (out != nullptr) {
    std::string json = "{\"id\":";
    filters::verdict::append_json_string(json, id);
    json += flagged ? ",\"hallucinated\":true" : ",\"hallucinated\":false";
    json += ",\"label\":" + std::to_string(label);
    if (unverified) {
      json += ",\"error\":";
      filters::verdict::append_json_string(json, sql::to_string(check.error));
    } else {
      json += ",\"kind\":\"sql\"";
      sql::append_verdict_members(json, v, {});
    }
    json += "}\n";
    std::fputs(json.c_str(), out);
  }
  return true;
}

void SqlEvaluation::print() const {
  const Counts& t = total_;
  const double recall = ratio(t.tp, t.tp + t.fn);
  const double specificity = ratio(t.tn, t.tn + t.fp);
  const double precision = ratio(t.tp, t.tp + t.fp);
  std::printf("sql: n=%zu  hallucinated=%zu  valid=%zu  unverified=%zu\n", t.n(), t.tp + t.fn,
              t.tn + t.fp, unverified_);
  std::printf(
      "sql: balanced_accuracy=%.3f  precision=%.3f  recall=%.3f  f1=%.3f  (tp=%zu fp=%zu tn=%zu "
      "fn=%zu)\n",
      (recall + specificity) / 2, precision, recall,
      precision + recall == 0 ? 0.0 : 2 * precision * recall / (precision + recall), t.tp, t.fp,
      t.tn, t.fn);
  std::printf("sql: check_us per query p50=%.1f p99=%.1f\n", percentile(check_us_, 0.5),
              percentile(check_us_, 0.99));
  const std::vector<std::string_view> types{"schema",  "unsafe",    "linking",
                                            "content", "execution", "logic"};
  std::printf("%-22s %6s %8s %6s", "variant", "n", "flagged", "rate");
  for (std::string_view type : types)
    std::printf(" %9.*s", static_cast<int>(type.size()), type.data());
  std::printf("\n");
  for (const auto& [name, c] : variants_) {
    std::printf("%-22s %6zu %8zu %6.3f", name.c_str(), c.n, c.flagged, ratio(c.flagged, c.n));
    for (std::string_view type : types) {
      const auto it = c.by_type.find(type);
      std::printf(" %9zu", it == c.by_type.end() ? 0 : it->second);
    }
    std::printf("\n");
  }
}

}  // namespace groundgate::offline
