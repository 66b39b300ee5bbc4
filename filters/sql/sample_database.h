#pragma once
// The operator's SQLite database (`sql.database`), opened read-only and never written: queries
// run on it with a time, a memory and a row cap (a progress handler interrupts them at the
// first two), to see whether a value a query filters on exists and what the query returns.
// Connections are pooled (one per concurrent check, bounded); a check that finds none free is
// told so instead of waiting.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;

namespace groundgate::filters::sql {

struct RunLimits {
  std::chrono::microseconds time{50'000};
  std::size_t max_rows = 1000;
  std::size_t max_cell_bytes = 256;  // longer values are cut (results are compared, not shown)
  // What a run may take (0: no cap): the growth of SQLite's heap while it runs plus the result
  // it keeps, checked every 1000 SQLite instructions. SQLite counts its heap for the process:
  // concurrent runs' growth counts too (a run may stop early) and what they free makes room, so
  // the bound holds for the heap as a whole: within what it held when the run began plus the
  // cap (with N runs at a time, N caps).
  std::size_t max_memory = 64u << 20;
  // Set: the run stops (as at its time cap) once it turns true (the client left); any thread.
  const std::atomic<bool>* cancelled = nullptr;
};

struct RunResult {
  enum class Outcome : std::uint8_t {
    kDone,       // every row was read
    kRowLimit,   // more rows than max_rows: the first max_rows are kept
    kTimeout,    // interrupted at the time cap
    kMemoryCap,  // interrupted at the memory cap (or SQLite's value length limit, out of memory)
    kError,      // SQLite refused or failed the query (message in `error`)
    kBusy,       // every pooled connection was in use
  };
  Outcome outcome = Outcome::kDone;
  std::string error;
  std::vector<std::vector<std::string>> rows;  // values as text: NULL, 42, 3.5, 'text', x'ab'
  std::size_t result_columns = 0;

  bool complete() const { return outcome == Outcome::kDone || outcome == Outcome::kRowLimit; }
  // The run stopped at a cap of its own (time or memory): what it would have found is unknown.
  bool cut() const { return outcome == Outcome::kTimeout || outcome == Outcome::kMemoryCap; }
};

class SampleDatabase {
 public:
  // Opens `path` read-only and reads its schema; null and `error` when it cannot.
  static std::shared_ptr<SampleDatabase> open(const std::string& path, std::string& error,
                                              std::size_t max_connections = 32);
  ~SampleDatabase();
  SampleDatabase(const SampleDatabase&) = delete;
  SampleDatabase& operator=(const SampleDatabase&) = delete;

  // CREATE statements of its tables and views, for the schema database.
  const std::vector<std::string>& schema_statements() const { return schema_; }
  const std::string& path() const { return path_; }

  // Runs one read-only statement. `allowed_functions` (sorted, lower case): what the query may
  // call; anything but reading is refused by the authorizer as well.
  RunResult run(std::string_view sql, const RunLimits& limits,
                std::span<const std::string> allowed_functions) const;

  // Whether `table`.`column` holds a value for which `column <op> <literal_sql>` is true (op:
  // "=", "like", "glob"); nullopt when the probe did not finish.
  std::optional<bool> holds(std::string_view table, std::string_view column, std::string_view op,
                            std::string_view literal_sql, const RunLimits& limits) const;
  // Whether some value of `table`.`column` equals some value of `other`.`other_column` (a join
  // on them finds rows); nullopt when the probe did not finish.
  std::optional<bool> values_meet(std::string_view table, std::string_view column,
                                  std::string_view other, std::string_view other_column,
                                  const RunLimits& limits) const;
  // Whether `table` holds a row; nullopt when the probe did not finish.
  std::optional<bool> has_rows(std::string_view table, const RunLimits& limits) const;
  // Distinct text values of the column (at most limits.max_rows), for a suggestion.
  std::optional<std::vector<std::string>> text_values(std::string_view table,
                                                      std::string_view column,
                                                      const RunLimits& limits) const;

 private:
  class Lease;
  explicit SampleDatabase(std::string path, std::size_t max_connections)
      : path_(std::move(path)), max_connections_(max_connections) {}
  sqlite3* acquire() const;
  void release(sqlite3* db) const;
  RunResult run_on(sqlite3* db, std::string_view sql, const RunLimits& limits,
                   std::span<const std::string> allowed, bool raw_values) const;

  std::string path_;
  std::vector<std::string> schema_;
  std::size_t max_connections_;
  mutable std::mutex mutex_;
  mutable std::vector<sqlite3*> idle_;
  mutable std::size_t open_ = 0;
};

}  // namespace groundgate::filters::sql
