#pragma once
// The schema a request carries: CREATE TABLE and CREATE VIEW statements in any message the app
// wrote (chat `messages`, Responses `instructions` and `input` items: system, developer, user,
// tool results) and in its `context`/`documents` fields,
// and a top-level `schema` extension field (DDL text, or a JSON description: schema_json.h),
// which is stripped before the request goes upstream. DDL in the answer's own history
// (assistant messages) is the model's, not the app's, and is not read.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/sql/ddl_scanner.h"

namespace groundgate::filters::sql {

struct RequestSchema {
  std::vector<std::string> statements;  // in request order, duplicates removed
  bool has_schema_field = false;        // a top-level `schema` member to strip
  std::vector<std::string> warnings;    // a `schema` field that could not be read
};

RequestSchema read_request_schema(std::string_view body, const DdlLimits& limits = {});

// `body` without its top-level `schema` member; nullopt when it has none or is not a JSON
// object.
std::optional<std::string> without_schema_field(std::string_view body);

// The statements of a schema text: a JSON description when it starts with `{` or `[`, else
// the CREATE statements in it.
std::vector<std::string> schema_statements(std::string_view text, std::string& error);

}  // namespace groundgate::filters::sql
