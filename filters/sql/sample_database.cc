#include "filters/sql/sample_database.h"

#include <sqlite3.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>

#include "filters/sql/schema_database.h"
#include "filters/sql/sql_lexer.h"
#include "filters/text/utf8.h"

namespace groundgate::filters::sql {
namespace {

using Clock = std::chrono::steady_clock;

// What the checks' own probes call (sorted).
const std::vector<std::string> kProbeFunctions{"glob", "like", "typeof"};

struct RunContext {
  Clock::time_point deadline;
  std::span<const std::string> allowed;
  const std::atomic<bool>* cancelled = nullptr;
  // Memory cap (0: none): SQLite's heap when the run began, what the run may add to it (less
  // the result kept so far), and whether it was stopped for that.
  std::int64_t heap_at_start = 0;
  std::int64_t max_memory = 0;
  std::int64_t result_bytes = 0;
  bool over_memory = false;
};

bool over_memory(RunContext& context) {
  if (context.max_memory == 0) return false;
  const std::int64_t grown = sqlite3_memory_used() - context.heap_at_start;
  if (grown + context.result_bytes > context.max_memory) context.over_memory = true;
  return context.over_memory;
}

// SQLite's progress handler: stops the run at its time cap, its memory cap, or once cancelled.
int cap_handler(void* user) {
  auto* context = static_cast<RunContext*>(user);
  if (context->cancelled != nullptr && context->cancelled->load(std::memory_order_relaxed)) {
    return 1;
  }
  if (over_memory(*context)) return 1;
  return Clock::now() > context->deadline ? 1 : 0;
}

// Reads and allowed functions only: what reaches the database was checked already; this is
// the second lock on the door.
int read_only_authorizer(void* user, int action, const char*, const char* second, const char*,
                         const char*) {
  switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_RECURSIVE:
      return SQLITE_OK;
    case SQLITE_FUNCTION: {
      const auto* context = static_cast<RunContext*>(user);
      const std::string name = text::ascii_lower(second != nullptr ? second : "");
      return std::binary_search(context->allowed.begin(), context->allowed.end(), name)
                 ? SQLITE_OK
                 : SQLITE_DENY;
    }
    default:
      return SQLITE_DENY;
  }
}

std::string value_text(sqlite3_stmt* st, int column, std::size_t max_bytes, bool raw) {
  switch (sqlite3_column_type(st, column)) {
    case SQLITE_NULL:
      return "NULL";
    case SQLITE_INTEGER:
      return std::to_string(sqlite3_column_int64(st, column));
    case SQLITE_FLOAT: {
      char buffer[32];
      std::snprintf(buffer, sizeof buffer, "%.15g", sqlite3_column_double(st, column));
      return buffer;
    }
    case SQLITE_BLOB: {
      const int n = std::min<int>(sqlite3_column_bytes(st, column), static_cast<int>(max_bytes));
      const auto* bytes = static_cast<const unsigned char*>(sqlite3_column_blob(st, column));
      std::string out = "x'";
      char hex[3];
      for (int i = 0; i < n; ++i) {
        std::snprintf(hex, sizeof hex, "%02x", bytes[i]);
        out += hex;
      }
      return out + "'";
    }
    default: {
      const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(st, column));
      const std::size_t n = static_cast<std::size_t>(sqlite3_column_bytes(st, column));
      std::string_view value(text != nullptr ? text : "", text != nullptr ? n : 0);
      value = value.substr(0, text::align_to_char_start(value, std::min(value.size(), max_bytes)));
      return raw ? std::string(value) : quote_string(value);
    }
  }
}

}  // namespace

class SampleDatabase::Lease {
 public:
  explicit Lease(const SampleDatabase& owner) : owner_(owner), db_(owner.acquire()) {}
  ~Lease() {
    if (db_ != nullptr) owner_.release(db_);
  }
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;
  sqlite3* get() const { return db_; }

 private:
  const SampleDatabase& owner_;
  sqlite3* db_;
};

std::shared_ptr<SampleDatabase> SampleDatabase::open(const std::string& path, std::string& error,
                                                     std::size_t max_connections) {
  std::shared_ptr<SampleDatabase> database(
      new SampleDatabase(path, std::max<std::size_t>(max_connections, 1)));
  sqlite3* db = database->acquire();
  if (db == nullptr) {
    error = "cannot open " + path + " read-only";
    return nullptr;
  }
  sqlite3_stmt* st = nullptr;
  const char* query =
      "SELECT sql FROM sqlite_schema WHERE type IN ('table', 'view') AND sql IS NOT NULL AND "
      "name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid";
  int rc = sqlite3_prepare_v2(db, query, -1, &st, nullptr);
  while (rc == SQLITE_OK && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    database->schema_.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
    rc = SQLITE_OK;
  }
  if (rc != SQLITE_DONE) error = path + ": " + sqlite3_errmsg(db);
  sqlite3_finalize(st);
  database->release(db);
  if (!error.empty()) return nullptr;
  if (database->schema_.empty()) {
    error = path + ": no tables";
    return nullptr;
  }
  return database;
}

SampleDatabase::~SampleDatabase() {
  for (sqlite3* db : idle_)
    sqlite3_close(db);
}

sqlite3* SampleDatabase::acquire() const {
  {
    std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      sqlite3* db = idle_.back();
      idle_.pop_back();
      return db;
    }
    if (open_ >= max_connections_) return nullptr;
    ++open_;
  }
  const std::string uri = "file:" + path_ + "?mode=ro";
  sqlite3* db = open_checking_connection(uri.c_str(), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
  if (db != nullptr) {
    sqlite3_exec(db, "PRAGMA query_only = 1", nullptr, nullptr, nullptr);
    sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 1, nullptr);
  }
  if (db == nullptr) {
    std::lock_guard lock(mutex_);
    --open_;
  }
  return db;
}

void SampleDatabase::release(sqlite3* db) const {
  std::lock_guard lock(mutex_);
  idle_.push_back(db);
}

RunResult SampleDatabase::run(std::string_view sql, const RunLimits& limits,
                              std::span<const std::string> allowed_functions) const {
  Lease lease(*this);
  if (lease.get() == nullptr) {
    RunResult busy;
    busy.outcome = RunResult::Outcome::kBusy;
    busy.error = "no database connection free";
    return busy;
  }
  return run_on(lease.get(), sql, limits, allowed_functions, false);
}

RunResult SampleDatabase::run_on(sqlite3* db, std::string_view sql, const RunLimits& limits,
                                 std::span<const std::string> allowed, bool raw_values) const {
  RunResult result;
  RunContext context{Clock::now() + limits.time, allowed, limits.cancelled};
  context.heap_at_start = sqlite3_memory_used();
  context.max_memory =
      static_cast<std::int64_t>(std::min<std::size_t>(limits.max_memory, INT64_MAX));
  sqlite3_set_authorizer(db, read_only_authorizer, &context);
  sqlite3_stmt* st = nullptr;
  int rc = sqlite3_prepare_v2(
      db, sql.data(), static_cast<int>(std::min<std::size_t>(sql.size(), INT_MAX)), &st, nullptr);
  sqlite3_set_authorizer(db, nullptr, nullptr);
  if (rc != SQLITE_OK || st == nullptr) {
    result.outcome = RunResult::Outcome::kError;
    result.error = rc != SQLITE_OK ? sqlite3_errmsg(db) : "empty query";
    sqlite3_finalize(st);
    return result;
  }
  result.result_columns = static_cast<std::size_t>(sqlite3_column_count(st));
  sqlite3_progress_handler(db, 1000, cap_handler, &context);
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    if (result.rows.size() == limits.max_rows) {
      result.outcome = RunResult::Outcome::kRowLimit;
      break;
    }
    std::vector<std::string> row;
    for (std::size_t c = 0; c < result.result_columns; ++c) {
      row.push_back(value_text(st, static_cast<int>(c), limits.max_cell_bytes, raw_values));
      context.result_bytes += static_cast<std::int64_t>(row.back().size());
    }
    result.rows.push_back(std::move(row));
    if (over_memory(context)) break;
  }
  // A value over SQLite's length limit or an allocation it could not make is a cap reached,
  // not a fault of the query.
  if (context.over_memory || rc == SQLITE_NOMEM || rc == SQLITE_TOOBIG) {
    result.outcome = RunResult::Outcome::kMemoryCap;
    result.error = rc == SQLITE_TOOBIG ? "a value over the length limit" : "memory cap";
  } else if (rc == SQLITE_INTERRUPT) {
    result.outcome = RunResult::Outcome::kTimeout;
  } else if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
    result.outcome = RunResult::Outcome::kError;
    result.error = sqlite3_errmsg(db);
  }
  sqlite3_progress_handler(db, 0, nullptr, nullptr);
  sqlite3_finalize(st);
  return result;
}

std::optional<bool> SampleDatabase::holds(std::string_view table, std::string_view column,
                                          std::string_view op, std::string_view literal_sql,
                                          const RunLimits& limits) const {
  Lease lease(*this);
  if (lease.get() == nullptr) return std::nullopt;
  const std::string probe = "SELECT 1 FROM " + quote_identifier(table) + " WHERE " +
                            quote_identifier(column) + " " + std::string(op) + " " +
                            std::string(literal_sql) + " LIMIT 1";
  RunLimits one = limits;
  one.max_rows = 1;
  const RunResult r = run_on(lease.get(), probe, one, kProbeFunctions, false);
  if (r.outcome != RunResult::Outcome::kDone) return std::nullopt;
  return !r.rows.empty();
}

std::optional<bool> SampleDatabase::values_meet(std::string_view table, std::string_view column,
                                                std::string_view other,
                                                std::string_view other_column,
                                                const RunLimits& limits) const {
  Lease lease(*this);
  if (lease.get() == nullptr) return std::nullopt;
  const std::string probe = "SELECT 1 FROM " + quote_identifier(table) + " WHERE " +
                            quote_identifier(column) + " IN (SELECT " +
                            quote_identifier(other_column) + " FROM " + quote_identifier(other) +
                            ") LIMIT 1";
  RunLimits one = limits;
  one.max_rows = 1;
  const RunResult r = run_on(lease.get(), probe, one, kProbeFunctions, false);
  if (r.outcome != RunResult::Outcome::kDone) return std::nullopt;
  return !r.rows.empty();
}

std::optional<bool> SampleDatabase::has_rows(std::string_view table,
                                             const RunLimits& limits) const {
  Lease lease(*this);
  if (lease.get() == nullptr) return std::nullopt;
  RunLimits one = limits;
  one.max_rows = 1;
  const RunResult r = run_on(lease.get(), "SELECT 1 FROM " + quote_identifier(table) + " LIMIT 1",
                             one, kProbeFunctions, false);
  if (r.outcome != RunResult::Outcome::kDone) return std::nullopt;
  return !r.rows.empty();
}

std::optional<std::vector<std::string>> SampleDatabase::text_values(std::string_view table,
                                                                    std::string_view column,
                                                                    const RunLimits& limits) const {
  Lease lease(*this);
  if (lease.get() == nullptr) return std::nullopt;
  const std::string query = "SELECT DISTINCT " + quote_identifier(column) + " FROM " +
                            quote_identifier(table) + " WHERE typeof(" + quote_identifier(column) +
                            ") = 'text'";
  RunResult r = run_on(lease.get(), query, limits, kProbeFunctions, true);
  if (!r.complete()) return std::nullopt;
  std::vector<std::string> values;
  for (std::vector<std::string>& row : r.rows)
    values.push_back(std::move(row.front()));
  return values;
}

}  // namespace groundgate::filters::sql
