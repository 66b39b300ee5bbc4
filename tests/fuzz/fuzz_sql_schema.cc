// The schema loader on arbitrary bytes: DDL found in text, JSON descriptions, request bodies,
// and the schema database built from what they yield, which then checks a query (the input's
// first line) without failing. The first byte picks the reader.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "filters/sql/ddl_scanner.h"
#include "filters/sql/request_schema.h"
#include "filters/sql/schema_database.h"
#include "filters/sql/schema_json.h"
#include "filters/sql/sql_checker.h"
#include "proxy/openai/request_decoder.h"

namespace sql = groundgate::filters::sql;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || size > 16384) return 0;
  const std::uint8_t mode = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::vector<std::string> statements;
  switch (mode % 3) {
    case 0: {
      for (const sql::DdlSpan& s : sql::find_ddl(text)) {
        if (s.begin >= s.end || s.end > text.size()) std::abort();
        statements.emplace_back(text.substr(s.begin, s.end - s.begin));
      }
      if (sql::without_ddl(text).size() > text.size()) std::abort();
      break;
    }
    case 1: {
      const sql::JsonSchema json = sql::ddl_from_json(text);
      if (!json.ok() && !json.statements.empty()) std::abort();
      statements = json.statements;
      break;
    }
    default: {
      sql::RequestSchema request =
          sql::read_request_schema(groundgate::proxy::openai::decode_request(text).view);
      statements = std::move(request.statements);
      break;
    }
  }
  if (statements.size() > 64) statements.resize(64);
  const auto schema = sql::SchemaDatabase::build(statements);
  for (const sql::Table& t : schema->tables()) {
    if (schema->find_table(t.name) == nullptr) std::abort();
  }
  const std::string_view query = text.substr(0, text.find('\n'));
  const sql::SqlChecker checker(sql::default_checker_config(), schema, text.substr(0, 256));
  const sql::SqlCheck c = checker.check(query);
  for (const sql::Finding& f : c.verdict.findings) {
    if (f.begin > f.end || f.end > query.size()) std::abort();
  }
  return 0;
}
