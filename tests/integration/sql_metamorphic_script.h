#pragma once
// What the check-5 integration tests share (sql_metamorphic_test.cc: streamed chat completions;
// sql_metamorphic_apis_test.cc: non-streamed chat and the Responses API): the policies on the
// company database (tests/filters/sql/sql_test_support.h), routed by model name, and the mock
// upstream's script, which answers the rewritten questions by question (the first matching
// entry wins).

#include <string>

namespace groundgate::testing {

// Policies on the company database, by model name.
inline std::string metamorphic_config(const std::string& database) {
  return R"(
upstreams:
  up: {url: "http://127.0.0.1:${MOCK_PORT}"}
policies:
  held:
    hold: sentence
    actions: {unsupported: block}
    sql: {database: ")" +
         database + R"(", metamorphic: {variants: 4, fan_out: 2, timeout: 10s}}
  noted:
    hold: sentence
    actions: {unsupported: annotate}
    sql: {database: ")" +
         database + R"(", metamorphic: true}
  first:
    sql: {database: ")" +
         database + R"(", unsafe: annotate, metamorphic: true}
  quick:
    hold: sentence
    actions: {unsupported: block}
    sql: {database: ")" +
         database + R"(", metamorphic: {variants: 2, timeout: 200ms}}
  http:
    hold: sentence
    actions: {unsupported: block}
    block_status: 422
    sql: {database: ")" +
         database + R"(", metamorphic: true}
routes:
  - {name: held, match: {model: held}, upstream: up, policy: held}
  - {name: noted, match: {model: noted}, upstream: up, policy: noted}
  - {name: first, match: {model: first}, upstream: up, policy: first}
  - {name: quick, match: {model: quick}, upstream: up, policy: quick}
  - {name: http, match: {model: http}, upstream: up, policy: http}
logging: {access_log_path: '${DIR}/access.log'}
)";
}

inline constexpr const char* kQuery = "SELECT name FROM employees WHERE salary > 3000";

// "employees": every question (its rewrites too) gets the same query: consistent. "staff": the
// original question gets the query, its rewrites a query that finds nobody: inconsistent.
// "workers": the rewrites get their answer after 2 s (the `quick` policy waits 200 ms).
// "clerks": the rewrites get their answer after 5 s (the client leaves before).
inline const std::string kScript = std::string(R"(
- match: "staff earn more than 3000?"
  answer: "Here:\n```sql\n)") + kQuery +
                                   R"(\n```\nDone."
- match: "staff"
  answer: "```sql\nSELECT name FROM employees WHERE salary < 100\n```"
- match: "workers earn more than 3000?"
  answer: "Here:\n```sql\n)" + kQuery +
                                   R"(\n```\nDone."
- match: "workers"
  first_byte_delay_ms: 2000
  answer: "```sql\n)" + kQuery +
                                   R"(\n```"
- match: "clerks earn more than 3000?"
  answer: "Here:\n```sql\n)" + kQuery +
                                   R"(\n```\nDone."
- match: "clerks"
  first_byte_delay_ms: 5000
  answer: "```sql\n)" + kQuery +
                                   R"(\n```"
- match: "employees"
  answer: "Here:\n```sql\n)" + kQuery +
                                   R"(\n```\nDone."
)";

inline const std::string kAnswer = std::string("Here:\n```sql\n") + kQuery + "\n```\nDone.";

}  // namespace groundgate::testing
