// `groundgate sqlcheck`: checks the SQL of a file (a query, or an answer with ```sql blocks)
// against a schema and, optionally, a database, and prints the findings as JSON.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include "config/config_loader.h"
#include "filters/sql/request_schema.h"
#include "filters/sql/sql_checker.h"
#include "filters/sql/sql_extraction.h"
#include "filters/sql/sql_setup.h"
#include "filters/sql/sql_verdict_json.h"
#include "filters/verdict/json_string.h"
#include "proxy/cli/args.h"
#include "proxy/cli/commands.h"

namespace groundgate::proxy::cli {
namespace {

namespace sql = filters::sql;

constexpr std::string_view kUsage =
    "usage: groundgate sqlcheck --schema FILE [--database FILE] [--question TEXT]\n"
    "         [--dialect sqlite|postgresql|mysql] [-c CONFIG --policy NAME] QUERY_FILE|-\n"
    "  FILE: CREATE statements or a JSON description; --database alone gives its tables\n"
    "  QUERY_FILE: a query, or an answer whose ```sql blocks are checked\n"
    "  exit: 0 every query supported, 3 a finding, 1 a file could not be read, 2 usage\n";

std::optional<std::string> read_input(const std::string& path) {
  if (path == "-") {
    return std::string(std::istreambuf_iterator<char>(std::cin), {});
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The sql section to start from: the policy's, or the defaults.
std::optional<config::SqlConfig> base_config(const Args& args, std::string& error) {
  if (!args.value("c")) return config::SqlConfig{};
  const config::LoadResult loaded = config::load_config_file(*args.value("c"));
  if (!loaded.config) {
    for (const config::ConfigError& e : loaded.errors)
      error += (error.empty() ? "" : "\n") + e.to_string();
    return std::nullopt;
  }
  const config::PolicyConfig* policy = loaded.config->find_policy(*args.value("policy"));
  if (policy == nullptr || !policy->sql) {
    error = "no policy '" + *args.value("policy") + "' with an sql section";
    return std::nullopt;
  }
  return *policy->sql;
}

}  // namespace

int sqlcheck_command(int argc, char** argv, int first) {
  Args args(argc, argv, first, {});
  const bool with_policy = args.value("c").has_value();
  if (!args.error().empty() || args.positional().size() != 1 ||
      with_policy != args.value("policy").has_value() ||
      (!with_policy && !args.value("schema") && !args.value("database"))) {
    if (!args.error().empty()) {
      std::fprintf(stderr, "groundgate sqlcheck: %s\n", args.error().c_str());
    }
    std::fputs(kUsage.data(), stderr);
    return 2;
  }
  std::string error;
  std::optional<config::SqlConfig> c = base_config(args, error);
  if (!c) {
    std::fprintf(stderr, "groundgate sqlcheck: %s\n", error.c_str());
    return 2;
  }
  if (auto database = args.value("database")) {
    c->database = *database;
    c->schema_file.clear();
  }
  if (auto schema = args.value("schema")) {
    c->schema_file = *schema;
    if (!args.value("database")) c->database.clear();
  }
  if (auto dialect = args.value("dialect")) {
    if (*dialect == "sqlite") {
      c->dialect = config::SqlConfig::Dialect::kSqlite;
    } else if (*dialect == "postgresql") {
      c->dialect = config::SqlConfig::Dialect::kPostgresql;
    } else if (*dialect == "mysql") {
      c->dialect = config::SqlConfig::Dialect::kMysql;
    } else {
      std::fprintf(stderr, "groundgate sqlcheck: unknown dialect '%s'\n", dialect->c_str());
      return 2;
    }
  }
  // --schema with --database: the file names the tables, the database holds the rows.
  sql::SqlSetup setup = sql::compile_sql(*c);
  if (!setup.checker) {
    std::fprintf(stderr, "groundgate sqlcheck: %s\n", setup.error.c_str());
    return 1;
  }
  const std::optional<std::string> text = read_input(args.positional().front());
  if (!text) {
    std::fprintf(stderr, "groundgate sqlcheck: cannot read %s\n",
                 args.positional().front().c_str());
    return 1;
  }
  const sql::SqlChecker checker(setup.checker, setup.schema ? setup.schema : sql::no_schema(),
                                args.value("question").value_or(""));
  bool clean = true;
  std::string json = "{\"queries\":[";
  const std::vector<sql::SqlSpan> spans = sql::find_sql(*text);
  for (std::size_t i = 0; i < spans.size(); ++i) {
    const sql::SqlSpan& span = spans[i];
    const sql::SqlCheck check =
        checker.check(std::string_view(*text).substr(span.begin, span.end - span.begin));
    json += i > 0 ? ",\n  {\"kind\":\"sql\",\"offset\":[" : "\n  {\"kind\":\"sql\",\"offset\":[";
    json += std::to_string(span.begin) + "," + std::to_string(span.end) + "]";
    if (check.error != sql::SqlError::kNone) {
      json += ",\"label\":\"unverified\",\"error\":";
      filters::verdict::append_json_string(json, sql::to_string(check.error));
      clean = false;
    } else {
      sql::append_verdict_members(json, check.verdict, {span.begin, true, true});
      char timing[48];
      std::snprintf(timing, sizeof timing, ",\"check_us\":%.1f",
                    static_cast<double>(check.verdict.check_ns) / 1e3);
      json += timing;
      clean = clean && check.verdict.findings.empty();
    }
    if (!span.complete) json += ",\"complete\":false";
    json += '}';
  }
  const std::size_t tables = setup.schema ? setup.schema->tables().size() : 0;
  json += "\n],\"tables\":" + std::to_string(tables) + ",\"skipped_ddl\":[";
  if (setup.schema) {
    for (std::size_t i = 0; i < setup.schema->skipped().size(); ++i) {
      if (i > 0) json += ',';
      filters::verdict::append_json_string(json, setup.schema->skipped()[i]);
    }
  }
  json += "]}\n";
  std::fputs(json.c_str(), stdout);
  return clean ? 0 : 3;
}

}  // namespace groundgate::proxy::cli
