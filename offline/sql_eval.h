#pragma once
// `groundgate eval` on SQL samples (`"task": "sql"`): each query goes through the SQL checks the
// proxy runs, against the sample's schema (and database), and is scored like prose: flagged
// (any finding, unsafe, or not checkable) against its label. Samples with a `variant` field
// (the generator's kind of hallucination, or "valid") are also counted per variant and per
// finding type, which is how the schema-level target is read; and per finding code (its
// precision: wrong samples among those it is found on) and per `family` (the logic error
// families of bench/quality/sql_logic_variants.py: the recall of any finding). A sample's
// `evidence` (BIRD's external knowledge, a glossary) is read as the request's definitions.

#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <simdjson.h>

#include "filters/sql/sample_database.h"
#include "filters/sql/schema_cache.h"
#include "filters/sql/sql_checker.h"
#include "offline/confusion.h"

namespace groundgate::offline {

class SqlEvaluation {
 public:
  // `checker`: the settings (a policy's, or the defaults); `data_dir`: where relative database
  // paths of samples start.
  SqlEvaluation(std::shared_ptr<const filters::sql::SqlCheckerConfig> checker,
                std::string data_dir);

  // Whether the parsed sample is an SQL one.
  static bool is_sql_sample(simdjson::dom::element sample);
  // Checks one sample; false and `error` when it is malformed. Writes its prediction to `out`
  // when given.
  bool add(simdjson::dom::element sample, std::FILE* out, std::string& error);
  bool empty() const { return total_.total() == 0; }
  void print() const;

 private:
  struct VariantCounts {
    std::size_t n = 0;
    std::size_t flagged = 0;
    std::map<std::string, std::size_t, std::less<>> by_type;  // samples with a finding of type
  };

  std::shared_ptr<const filters::sql::SampleDatabase> database(const std::string& path,
                                                               std::string& error);
  // The sample's database, when it names one, and its schema: the `schema` field (CREATE
  // statements or the JSON form), else the database's own; false and `error` when either
  // cannot be read.
  bool read_schema(simdjson::dom::element sample,
                   std::shared_ptr<const filters::sql::SampleDatabase>& db,
                   std::vector<std::string>& statements, std::string& error);
  // Counts one checked sample (`actual`: its label says wrong); whether it was flagged.
  bool count(const filters::sql::SqlCheck& check, bool actual, std::string_view variant,
             std::string_view family);
  void print_codes() const;

  std::shared_ptr<const filters::sql::SqlCheckerConfig> checker_;
  std::string data_dir_;
  filters::sql::SchemaCache schemas_{256u << 20};
  std::map<std::string, std::shared_ptr<const filters::sql::SampleDatabase>> databases_;
  Confusion total_;
  struct CodeCounts {
    std::size_t on_valid = 0;  // samples of label 0 with the code
    std::size_t on_wrong = 0;  // samples of label 1 with the code
  };
  std::map<std::string, VariantCounts, std::less<>> variants_;
  std::map<std::string, VariantCounts, std::less<>> families_;
  std::map<std::string, CodeCounts, std::less<>> codes_;
  std::size_t valid_clean_ = 0;  // label 0 and no finding at all
  std::vector<double> check_us_;
  std::size_t unverified_ = 0;
};

}  // namespace groundgate::offline
