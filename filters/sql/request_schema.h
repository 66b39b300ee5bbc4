#pragma once
// The schema a request carries (its view, filters/request): a top-level `schema` extension
// member (DDL text, or a JSON description: schema_json.h), then CREATE TABLE and CREATE VIEW
// statements in its `context`/`documents` fields and in any turn the app wrote (system,
// developer, user, tool results, a legacy prompt), in that order. DDL in the answer's own
// history (assistant turns) is the model's, not the app's, and is not read. The `schema`
// member never goes upstream (SqlCheck names it to strip) unless the policy keeps it.

#include <string>
#include <string_view>
#include <vector>

#include "filters/request/request_view.h"
#include "filters/sql/ddl_scanner.h"

namespace groundgate::filters::sql {

// The top-level member a request may carry its schema in.
inline constexpr std::string_view kSchemaMember = "schema";

struct RequestSchema {
  std::vector<std::string> statements;  // in the order above, duplicates removed
  // The definitions the app's texts give (glossary.h: "major city = population > 150000",
  // BIRD's evidence), one per line as "phrase = expression" (a condition alone as itself).
  std::string knowledge;
  std::vector<std::string> warnings;  // a `schema` member that could not be read
};

// `statements`: read the schema too (else only the definitions).
RequestSchema read_request_schema(const request::RequestView& request, const DdlLimits& limits = {},
                                  bool statements = true);

// The statements of a schema text: a JSON description when it starts with `{` or `[`, else
// the CREATE statements in it.
std::vector<std::string> schema_statements(std::string_view text, std::string& error);

}  // namespace groundgate::filters::sql
