#pragma once
// Schemas and a database file the SQL engine's tests share.

#include <sqlite3.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "filters/sql/sample_database.h"
#include "filters/sql/schema_database.h"
#include "filters/sql/sql_checker.h"

namespace groundgate::filters::sql::testing {

inline const std::vector<std::string>& company_ddl() {
  static const std::vector<std::string> ddl{
      "CREATE TABLE departments (id INTEGER PRIMARY KEY, name TEXT, country TEXT)",
      "CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT, salary REAL, "
      "dept_id INTEGER REFERENCES departments(id), hired TEXT)",
      "CREATE TABLE \"sänger\" (\"sänger_id\" INTEGER, name TEXT, land TEXT, \"alter\" INTEGER)",
  };
  return ddl;
}

inline std::shared_ptr<const SchemaDatabase> company_schema() {
  return SchemaDatabase::build(company_ddl());
}

// A database file with the company schema and a few rows, removed with the object.
class CompanyDatabase {
 public:
  CompanyDatabase() {
    // The process id too: ctest runs each test in a process of its own, in parallel, and the
    // object's address repeats across processes (always under ASan).
    path_ = (std::filesystem::temp_directory_path() /
             ("gg_sql_test_" + std::to_string(::getpid()) + "_" +
              std::to_string(reinterpret_cast<std::uintptr_t>(this)) + ".db"))
                .string();
    std::filesystem::remove(path_);
    sqlite3* db = nullptr;
    sqlite3_open(path_.c_str(), &db);
    for (const std::string& s : company_ddl())
      sqlite3_exec(db, s.c_str(), nullptr, nullptr, nullptr);
    sqlite3_exec(
        db,
        "INSERT INTO departments VALUES (1, 'Sales', 'United States'), "
        "(2, 'Research', 'France');"
        "INSERT INTO employees VALUES (1, 'Ada', 5200, 2, '2014-03-01'), "
        "(2, 'Bob', 3100, 1, '2019-07-15'), (3, 'Cy', 4000, 1, '2021-01-10');"
        "INSERT INTO \"sänger\" VALUES (1, 'Joe', 'France', 52), (2, 'Tim', 'Netherlands', "
        "28);",
        nullptr, nullptr, nullptr);
    sqlite3_close(db);
  }
  ~CompanyDatabase() { std::filesystem::remove(path_); }
  CompanyDatabase(const CompanyDatabase&) = delete;
  CompanyDatabase& operator=(const CompanyDatabase&) = delete;

  const std::string& path() const { return path_; }
  std::shared_ptr<const SampleDatabase> open() const {
    std::string error;
    return SampleDatabase::open(path_, error);
  }

 private:
  std::string path_;
};

// A checker config with the default allow-list and, optionally, a database.
inline std::shared_ptr<SqlCheckerConfig> checker_config(
    std::shared_ptr<const SampleDatabase> database = nullptr) {
  auto config = std::make_shared<SqlCheckerConfig>(*default_checker_config());
  config->database = std::move(database);
  return config;
}

inline const Finding* find_code(const SqlVerdict& v, std::string_view code) {
  for (const Finding& f : v.findings) {
    if (f.code == code) return &f;
  }
  return nullptr;
}

}  // namespace groundgate::filters::sql::testing
