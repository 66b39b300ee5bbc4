// `groundgate sqlcheck`: checks the SQL of a file (a query, or an answer with ```sql blocks)
// against a schema and, optionally, a database, and prints the findings as JSON.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include "config/config_loader.h"
#include "filters/sql/metamorphic_check.h"
#include "filters/sql/question_variants.h"
#include "filters/sql/request_schema.h"
#include "filters/sql/sql_checker.h"
#include "filters/sql/sql_extraction.h"
#include "filters/sql/sql_setup.h"
#include "filters/sql/sql_verdict_json.h"
#include "filters/verdict/json_string.h"
#include "offline/commands.h"
#include "offline/input_text.h"
#include "offline/model_client.h"
#include "proxy/cli/args.h"

namespace groundgate::offline {
namespace {

namespace sql = filters::sql;

constexpr std::string_view kUsage =
    "usage: groundgate sqlcheck --schema FILE [--database FILE] [--question TEXT]\n"
    "         [--evidence TEXT]\n"
    "         [--dialect sqlite|postgresql|mysql] [-c CONFIG --policy NAME]\n"
    "         [--metamorphic --upstream URL (--model NAME | --request FILE) [--variants N]\n"
    "          [--timeout MS] [--api-key-env VAR]] QUERY_FILE|-\n"
    "  FILE: CREATE statements or a JSON description; --database alone gives its tables\n"
    "  QUERY_FILE: a query, or an answer whose ```sql blocks are checked\n"
    "  --evidence: definitions the question relies on (BIRD's evidence, a glossary:\n"
    "    \"major city = population > 150000\"), one per line or `;`\n"
    "  --metamorphic (check 5, needs --database and --question): the model at URL is asked\n"
    "    rewritten questions (in the app's chat request FILE, or a plain one for NAME), in\n"
    "    parallel, and its queries must keep their relation to the checked one\n"
    "  exit: 0 every query supported, 3 a finding, 4 a query unverified (a check stopped\n"
    "    short of its end: its time or memory cap) and none with a finding, 1 a file could\n"
    "    not be read, 2 usage\n";

constexpr std::size_t kMaxVariants = 7;

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

struct Metamorphic {
  ModelEndpoint endpoint;
  std::string request;  // the app's chat request the variants are made of
  std::string question;
  std::size_t variants = 6;
  std::chrono::milliseconds timeout{30'000};
  bool whole = false;
  std::vector<config::QueryToolArgument> tools;
};

// The schema as CREATE statements, for a plain request to the model.
std::string schema_text(const Args& args, const sql::SqlSetup& setup) {
  if (auto path = args.value("schema")) return read_input(*path).value_or("");
  std::string out;
  if (setup.checker->database) {
    for (const std::string& s : setup.checker->database->schema_statements())
      out += s + ";\n";
  }
  return out;
}

std::optional<Metamorphic> metamorphic_options(const Args& args, const sql::SqlSetup& setup,
                                               const config::SqlConfig& c, std::string& error) {
  const std::optional<std::string> url = args.value("upstream");
  const std::optional<std::string> question = args.value("question");
  if (!url || !question || !setup.checker->database ||
      (!args.value("model") && !args.value("request"))) {
    error = "--metamorphic needs --upstream, --question, --database and --model or --request";
    return std::nullopt;
  }
  const char* key = std::getenv(args.value("api-key-env").value_or("OPENAI_API_KEY").c_str());
  std::optional<ModelEndpoint> endpoint = model_endpoint(*url, key != nullptr ? key : "", error);
  if (!endpoint) return std::nullopt;
  Metamorphic m;
  m.endpoint = std::move(*endpoint);
  m.question = *question;
  m.whole = c.answer == config::SqlConfig::Answer::kWhole;
  m.tools = c.tool_arguments;
  if (auto n = args.value("variants")) {
    m.variants = std::strtoul(n->c_str(), nullptr, 10);
    if (m.variants == 0 || m.variants > kMaxVariants) {
      error = "--variants needs 1 to " + std::to_string(kMaxVariants);
      return std::nullopt;
    }
  }
  if (auto t = args.value("timeout")) {
    m.timeout = std::chrono::milliseconds(std::strtoul(t->c_str(), nullptr, 10));
    if (m.timeout.count() <= 0) {
      error = "--timeout needs milliseconds";
      return std::nullopt;
    }
  }
  if (auto path = args.value("request")) {
    auto request = read_input(*path);
    if (!request) {
      error = "cannot read " + *path;
      return std::nullopt;
    }
    m.request = std::move(*request);
  } else {
    std::string body = "{\"model\":";
    filters::verdict::append_json_string(body, *args.value("model"));
    body += ",\"messages\":[{\"role\":\"system\",\"content\":";
    filters::verdict::append_json_string(
        body,
        "Answer with one SQLite query in a ```sql block. The schema:\n" + schema_text(args, setup));
    body += "},{\"role\":\"user\",\"content\":";
    filters::verdict::append_json_string(body, m.question);
    body += "}],\"temperature\":0}";
    m.request = std::move(body);
  }
  return m;
}

// Check 5 on one query: the variants asked, their queries run and compared; the pairs'
// outcomes appended to `json`.
void run_metamorphic(const Metamorphic& m, const sql::SqlSetup& setup, std::string_view query,
                     sql::SqlCheck& check, std::string& json) {
  const std::vector<sql::QuestionVariant> variants = sql::question_variants(m.question, m.variants);
  const std::vector<sql::VariantAnswer> answers =
      ask_variants(m.endpoint, m.request, m.question, variants, m.whole, m.tools, m.timeout);
  sql::MetamorphicInput input;
  input.database = setup.checker->database.get();
  input.original = check.result ? &*check.result : nullptr;
  input.ordered = sql::orders_rows(query);
  input.answers = answers;
  input.allowed_functions = setup.checker->allowed_functions;
  input.limits = setup.checker->execution_limits;
  const std::vector<sql::PairOutcome> pairs = sql::check_metamorphic(input, check.verdict);
  json += ",\"variants\":[";
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    json += i > 0 ? ",{\"family\":" : "{\"family\":";
    filters::verdict::append_json_string(json, sql::to_string(pairs[i].family));
    json += ",\"expected\":";
    filters::verdict::append_json_string(json, sql::to_string(pairs[i].expected));
    json += ",\"question\":";
    filters::verdict::append_json_string(json, answers[i].variant.question);
    json += pairs[i].effective ? ",\"effective\":true" : ",\"effective\":false";
    json += pairs[i].holds ? ",\"holds\":true" : ",\"holds\":false";
    if (!pairs[i].note.empty()) {
      json += ",\"note\":";
      filters::verdict::append_json_string(json, pairs[i].note);
    }
    json += '}';
  }
  json += ']';
}

int failed(const std::string& message, int exit_code) {
  std::fprintf(stderr, "groundgate sqlcheck: %s\n", message.c_str());
  return exit_code;
}

// `--dialect` into `c` when given; false and `error` for an unknown one.
bool apply_dialect(const Args& args, config::SqlConfig& c, std::string& error) {
  auto dialect = args.value("dialect");
  if (!dialect) return true;
  if (*dialect == "sqlite") {
    c.dialect = config::SqlConfig::Dialect::kSqlite;
  } else if (*dialect == "postgresql") {
    c.dialect = config::SqlConfig::Dialect::kPostgresql;
  } else if (*dialect == "mysql") {
    c.dialect = config::SqlConfig::Dialect::kMysql;
  } else {
    error = "unknown dialect '" + *dialect + "'";
    return false;
  }
  return true;
}

// The sql section to check with: the policy's (or the defaults) with the command line's
// database, schema and dialect; nullopt and `error` on a bad policy or dialect.
std::optional<config::SqlConfig> command_config(const Args& args, std::string& error) {
  std::optional<config::SqlConfig> c = base_config(args, error);
  if (!c) return std::nullopt;
  if (auto database = args.value("database")) {
    c->database = *database;
    c->schema_file.clear();
  }
  if (auto schema = args.value("schema")) {
    c->schema_file = *schema;
    if (!args.value("database")) c->database.clear();
  }
  if (!apply_dialect(args, *c, error)) return std::nullopt;
  return c;
}

// What the queries of a file came to: any finding or unchecked query, any unverified one.
struct QueriesOutcome {
  bool clean = true;
  bool unverified = false;

  // The exit status: 0 every query supported, 3 a finding, 4 a query unverified.
  int exit_code() const { return !clean ? 3 : unverified ? 4 : 0; }
};

// One query's check (and check 5, when asked for) as a member of the `queries` array.
void append_query(std::string& json, std::string_view text, const sql::SqlSpan& span,
                  const sql::SqlChecker& checker, const sql::SqlSetup& setup,
                  const std::optional<Metamorphic>& metamorphic, QueriesOutcome& outcome) {
  const std::string_view query = text.substr(span.begin, span.end - span.begin);
  sql::SqlCheck check = checker.check(query);
  std::string variants;
  if (metamorphic && check.error == sql::SqlError::kNone) {
    run_metamorphic(*metamorphic, setup, query, check, variants);
  }
  json += "{\"kind\":\"sql\",\"offset\":[";
  json += std::to_string(span.begin) + "," + std::to_string(span.end) + "]";
  if (check.error != sql::SqlError::kNone) {
    json += ",\"label\":\"unverified\",\"error\":";
    filters::verdict::append_json_string(json, sql::to_string(check.error));
    outcome.clean = false;
  } else {
    sql::append_verdict_members(json, check.verdict, {span.begin, true, true});
    char timing[48];
    std::snprintf(timing, sizeof timing, ",\"check_us\":%.1f",
                  static_cast<double>(check.verdict.check_ns) / 1e3);
    json += timing + variants;
    outcome.clean = outcome.clean && check.verdict.findings.empty();
    outcome.unverified = outcome.unverified || check.verdict.unverified();
  }
  if (!span.complete) json += ",\"complete\":false";
  json += '}';
}

// The schema's table count and the DDL it passed over, closing the report.
void append_schema_summary(std::string& json, const sql::SqlSetup& setup) {
  const std::size_t tables = setup.schema ? setup.schema->tables().size() : 0;
  json += "\n],\"tables\":" + std::to_string(tables) + ",\"skipped_ddl\":[";
  if (setup.schema) {
    for (std::size_t i = 0; i < setup.schema->skipped().size(); ++i) {
      if (i > 0) json += ',';
      filters::verdict::append_json_string(json, setup.schema->skipped()[i]);
    }
  }
  json += "]}\n";
}

}  // namespace

std::string_view sqlcheck_usage() {
  return kUsage;
}

int sqlcheck_command(int argc, char** argv, int first) {
  Args args(argc, argv, first, {"metamorphic"});
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
  const std::optional<config::SqlConfig> c = command_config(args, error);
  if (!c) return failed(error, 2);
  // --schema with --database: the file names the tables, the database holds the rows.
  sql::SqlSetup setup = sql::compile_sql(*c);
  if (!setup.checker) return failed(setup.error, 1);
  const std::optional<std::string> text = read_input(args.positional().front());
  if (!text) return failed("cannot read " + args.positional().front(), 1);
  std::optional<Metamorphic> metamorphic;
  if (args.flag("metamorphic")) {
    metamorphic = metamorphic_options(args, setup, *c, error);
    if (!metamorphic) return failed(error, 2);
  }
  const sql::SqlChecker checker(setup.checker, setup.schema ? setup.schema : sql::no_schema(),
                                args.value("question").value_or(""),
                                args.value("evidence").value_or(""));
  QueriesOutcome outcome;
  std::string json = "{\"queries\":[";
  const std::vector<sql::SqlSpan> spans = sql::find_sql(*text);
  for (std::size_t i = 0; i < spans.size(); ++i) {
    json += i > 0 ? ",\n  " : "\n  ";
    append_query(json, *text, spans[i], checker, setup, metamorphic, outcome);
  }
  append_schema_summary(json, setup);
  std::fputs(json.c_str(), stdout);
  return outcome.exit_code();
}

}  // namespace groundgate::offline
