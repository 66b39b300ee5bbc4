#pragma once
// The schema a request carries, and the definitions it gives: CREATE TABLE and CREATE VIEW
// statements (and sample rows) in any message the app wrote (chat `messages`, Responses
// `instructions` and `input` items: system, developer, user, tool results) and in its
// `context`/`documents` fields, and a top-level `schema` extension field (DDL text, or a JSON
// description: schema_json.h), which is stripped before the request goes upstream. DDL in the
// answer's own history (assistant messages) is the model's, not the app's, and is not read.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/sql/ddl_scanner.h"

namespace groundgate::filters::sql {

struct RequestSchema {
  std::vector<std::string> statements;  // in request order, duplicates removed
  // The definitions the app's texts give (glossary.h: "major city = population > 150000",
  // BIRD's evidence), one per line as "phrase = expression" (a condition alone as itself).
  std::string knowledge;
  bool has_schema_field = false;      // a top-level `schema` member to strip
  std::vector<std::string> warnings;  // a `schema` field that could not be read
};

// `statements`: collect the DDL too (false: the definitions only, for a policy whose schema is
// fixed).
RequestSchema read_request_schema(std::string_view body, const DdlLimits& limits = {},
                                  bool statements = true);

// `body` without its top-level `schema` member; nullopt when it has none or is not a JSON
// object.
std::optional<std::string> without_schema_field(std::string_view body);

// The statements of a schema text: a JSON description when it starts with `{` or `[`, else
// the CREATE statements in it.
std::vector<std::string> schema_statements(std::string_view text, std::string& error);

}  // namespace groundgate::filters::sql
