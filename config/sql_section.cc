#include "config/sql_section.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "config/query_section.h"
#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 15> kSqlKeys{"answer",
                                                    "tool_arguments",
                                                    "dialect",
                                                    "schema_file",
                                                    "database",
                                                    "schema_from_request",
                                                    "keep_schema_field",
                                                    "allow_functions",
                                                    "linking",
                                                    "intent",
                                                    "execution",
                                                    "empty_result",
                                                    "max_query_bytes",
                                                    "unsafe",
                                                    "metamorphic"};
constexpr std::array<std::string_view, 2> kIntentKeys{"enforce", "annotate_only"};
constexpr std::string_view kIntentKinds[] = {
    "join_without_key",      "join_not_on_key",      "join_values_disjoint",
    "inner_join_drops_rows", "aggregate_mismatch",   "aggregate_missing",
    "distinct_missing",      "grouping_missing",     "ungrouped_column",
    "order_direction",       "limit_mismatch",       "comparison_direction",
    "comparison_inclusive",  "negation_missing",     "negation_unasked",
    "column_unasked",        "definition_ignored",   "definition_mismatch",
    "value_type_mismatch",   "value_outside_domain", "question_value_ignored",
    "unasked_filter",        "empty_result"};
constexpr std::array<std::string_view, 4> kMetamorphicKeys{"variants", "fan_out", "timeout",
                                                           "max_queries"};
constexpr std::uint64_t kMaxVariants = 7;
constexpr std::uint64_t kMaxFanOut = 16;
constexpr std::uint64_t kMaxMetamorphicQueries = 16;
constexpr Millis kMaxMetamorphicTimeout{120'000};
constexpr std::array<std::string_view, 3> kExecutionKeys{"timeout", "max_rows", "max_memory"};
// Same order as SqlConfig::Dialect.
constexpr std::array<std::string_view, 3> kDialects{"sqlite", "postgresql", "mysql"};
// What an unsafe query may get: annotated (stream_first) or blocked.
constexpr std::array<std::string_view, 2> kUnsafeActions{"annotate", "block"};
constexpr std::uint64_t kMaxRows = 1'000'000;
constexpr Millis kMaxExecutionTimeout{60'000};
constexpr std::uint64_t kMaxExecutionMemory = 4ull << 30;

bool function_name(std::string_view name) {
  if (name.empty() || name.size() > 128) return false;
  for (char c : name) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  }
  return true;
}

void read_execution(const YamlField& field, SqlConfig& out, ErrorSink& errors) {
  if (field.value.IsScalar()) {  // execution: true | false
    if (auto b = read_bool(field, errors)) out.execution = *b;
    return;
  }
  YamlMap map(field, kExecutionKeys, errors);
  if (!map.valid()) return;
  if (auto f = map.get("timeout")) {
    if (auto v = read_duration(*f, false, errors)) {
      if (*v > kMaxExecutionTimeout) {
        errors.add(f->mark(), f->path + ": at most 60s");
      } else {
        out.execution_timeout = *v;
      }
    }
  }
  if (auto f = map.get("max_rows")) {
    if (auto v = read_count(*f, kMaxRows, errors)) {
      if (*v == 0) {
        errors.add(f->mark(), f->path + ": must be at least 1");
      } else {
        out.max_rows = static_cast<std::size_t>(*v);
      }
    }
  }
  if (auto f = map.get("max_memory")) {
    if (auto v = read_size(*f, errors)) {
      if (*v > kMaxExecutionMemory) {
        errors.add(f->mark(), f->path + ": at most 4GiB");
      } else {
        out.execution_max_memory = static_cast<std::size_t>(*v);
      }
    }
  }
}

// metamorphic: true | false | {variants, fan_out, timeout, max_queries}
std::optional<SqlMetamorphicConfig> read_metamorphic(const YamlField& field, ErrorSink& errors) {
  SqlMetamorphicConfig out;
  if (field.value.IsScalar()) {
    auto on = read_bool(field, errors);
    return on && *on ? std::optional(out) : std::nullopt;
  }
  YamlMap map(field, kMetamorphicKeys, errors);
  if (!map.valid()) return std::nullopt;
  const auto count = [&](std::string_view key, std::uint64_t max, std::size_t& to) {
    auto f = map.get(key);
    if (!f) return;
    if (auto v = read_count(*f, max, errors)) to = static_cast<std::size_t>(*v);  // 1..max
  };
  count("variants", kMaxVariants, out.variants);
  count("fan_out", kMaxFanOut, out.fan_out);
  count("max_queries", kMaxMetamorphicQueries, out.max_queries);
  if (auto f = map.get("timeout")) {
    if (auto v = read_duration(*f, false, errors)) {
      if (*v > kMaxMetamorphicTimeout) {
        errors.add(f->mark(), f->path + ": at most 120s");
      } else {
        out.timeout = *v;
      }
    }
  }
  return out;
}

// intent: true | false | {enforce: [kind...], annotate_only: [kind...]}
void read_intent(const YamlField& field, SqlConfig& out, ErrorSink& errors) {
  if (field.value.IsScalar()) {
    if (auto b = read_bool(field, errors)) out.intent = *b;
    return;
  }
  YamlMap map(field, kIntentKeys, errors);
  if (!map.valid()) return;
  const auto kinds = [&](std::string_view key, std::vector<std::string>& to) {
    auto f = map.get(key);
    if (!f) return;
    auto list = read_list(*f, errors);
    if (!list) return;
    for (const YamlField& element : *list) {
      auto code = read_string(element, errors);
      if (!code) continue;
      if (std::find(std::begin(kIntentKinds), std::end(kIntentKinds), *code) ==
          std::end(kIntentKinds)) {
        errors.add(element.mark(), element.path + ": no intent kind '" + code->substr(0, 64) +
                                       "' (one of the finding codes the README lists under "
                                       "SQL guard, intent)");
        continue;
      }
      to.push_back(std::move(*code));
    }
  };
  kinds("enforce", out.intent_enforce);
  kinds("annotate_only", out.intent_annotate_only);
}

void read_flag(const YamlMap& map, std::string_view key, bool& out, ErrorSink& errors) {
  if (auto f = map.get(key)) {
    if (auto b = read_bool(*f, errors)) out = *b;
  }
}

}  // namespace

SqlConfig read_sql(const YamlField& field, std::string_view base_dir, ErrorSink& errors) {
  SqlConfig out;
  YamlMap map(field, kSqlKeys, errors);
  if (!map.valid()) return out;
  read_query_places(map, {out.answer, out.tool_arguments, out.max_query_bytes}, errors);
  if (auto f = map.get("dialect")) {
    if (auto v = read_keyword(*f, kDialects, errors)) {
      out.dialect = static_cast<SqlConfig::Dialect>(*v);
    }
  }
  if (auto f = map.get("schema_file")) {
    if (auto p = read_path(*f, base_dir, errors)) out.schema_file = std::move(*p);
  }
  if (auto f = map.get("database")) {
    if (auto p = read_path(*f, base_dir, errors)) out.database = std::move(*p);
    if (out.dialect != SqlConfig::Dialect::kSqlite) {
      errors.add(f->key_mark, f->path +
                                  ": a SQLite database runs SQLite's dialect only (set "
                                  "dialect: sqlite, or leave the database out)");
    }
  }
  if (!out.schema_file.empty() && !out.database.empty()) {
    errors.add(map.get("schema_file")->key_mark,
               map.path() +
                   ".schema_file: the database's tables are the schema; leave "
                   "schema_file out when database is set");
  }
  read_flag(map, "schema_from_request", out.schema_from_request, errors);
  read_flag(map, "keep_schema_field", out.keep_schema_field, errors);
  if (auto f = map.get("allow_functions")) {
    if (auto list = read_list(*f, errors)) {
      for (const YamlField& element : *list) {
        auto name = read_string(element, errors);
        if (!name) continue;
        if (!function_name(*name)) {
          errors.add(element.mark(),
                     element.path + ": not a function name: '" + name->substr(0, 64) + "'");
          continue;
        }
        out.allow_functions.push_back(std::move(*name));
      }
    }
  }
  read_flag(map, "linking", out.linking, errors);
  if (auto f = map.get("intent")) read_intent(*f, out, errors);
  if (auto f = map.get("execution")) read_execution(*f, out, errors);
  read_flag(map, "empty_result", out.empty_result, errors);
  if (auto f = map.get("unsafe")) {
    if (auto v = read_keyword(*f, kUnsafeActions, errors)) {
      out.unsafe.kind = *v == 0 ? ActionKind::kAnnotate : ActionKind::kBlock;
    }
  }
  if (auto f = map.get("metamorphic")) {
    out.metamorphic = read_metamorphic(*f, errors);
    // The variants' queries are compared by their results: it runs them like check 4.
    if (out.metamorphic && (out.database.empty() || !out.execution)) {
      errors.add(f->key_mark, f->path +
                                  ": the metamorphic check runs queries: it needs database "
                                  "(and execution on)");
    }
  }
  const bool has_schema_source =
      out.schema_from_request || !out.schema_file.empty() || !out.database.empty();
  if (!has_schema_source) {
    errors.add(map.mark(), map.path() +
                               ": no schema source (set schema_file, database, or "
                               "schema_from_request: true)");
  }
  return out;
}

std::span<const std::string_view> known_sql_intent_kinds() {
  return kIntentKinds;
}

}  // namespace groundgate::config
