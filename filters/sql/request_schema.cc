#include "filters/sql/request_schema.h"

#include <algorithm>

#include "filters/sql/glossary.h"
#include "filters/sql/schema_json.h"

namespace groundgate::filters::sql {
namespace {

constexpr std::size_t kMaxStatements = 2000;

class Collector {
 public:
  Collector(const DdlLimits& limits, bool statements, RequestSchema& out)
      : limits_(limits), statements_(statements), out_(out) {}

  void add_text(std::string_view text) {
    glossary_.add(text);
    if (!statements_) return;
    for (const DdlSpan& span : find_ddl(text, limits_))
      add_statement(text.substr(span.begin, span.end - span.begin));
  }

  // The definitions read, one per line, in the form Glossary reads back.
  void finish() {
    for (const Definition& d : glossary_.definitions()) {
      out_.knowledge += d.phrase.empty() ? d.expression : d.phrase + " refers to " + d.expression;
      out_.knowledge += '\n';
    }
  }

  void add_statement(std::string_view statement) {
    if (out_.statements.size() >= kMaxStatements) return;
    if (std::find(out_.statements.begin(), out_.statements.end(), statement) !=
        out_.statements.end()) {
      return;
    }
    out_.statements.emplace_back(statement);
  }

  // The `schema` member: DDL (or a JSON description) as a string, or a JSON description.
  void add_schema_member(const request::ExtensionMember& member) {
    std::string error;
    std::vector<std::string> statements;
    if (member.string) {
      statements = schema_statements(member.value, error);
    } else {
      JsonSchema json = ddl_from_json(member.value);
      statements = std::move(json.statements);
      error = std::move(json.error);
    }
    if (!error.empty()) out_.warnings.push_back("`schema`: " + error);
    for (const std::string& s : statements)
      add_statement(s);
  }

 private:
  const DdlLimits& limits_;
  bool statements_ = true;
  RequestSchema& out_;
  Glossary glossary_;
};

}  // namespace

std::vector<std::string> schema_statements(std::string_view text, std::string& error) {
  std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && (text[first] == '{' || text[first] == '[')) {
    JsonSchema json = ddl_from_json(text);
    error = json.error;
    return std::move(json.statements);
  }
  std::vector<std::string> out;
  for (const DdlSpan& span : find_ddl(text))
    out.emplace_back(text.substr(span.begin, span.end - span.begin));
  if (out.empty()) error = "no CREATE TABLE or CREATE VIEW statement";
  return out;
}

RequestSchema read_request_schema(const request::RequestView& request, const DdlLimits& limits,
                                  bool statements) {
  RequestSchema out;
  Collector collector(limits, statements, out);
  // The `schema` member first: the app stated it on purpose.
  const request::ExtensionMember* schema = request.extension(kSchemaMember);
  if (schema != nullptr && statements) {
    collector.add_schema_member(*schema);
  }
  for (const request::ContextField& field : request.context_fields) {
    for (const request::Document& document : field.documents)
      collector.add_text(document.text);
  }
  for (const request::Turn& turn : request.turns) {
    if (turn.role != request::Role::kAssistant) collector.add_text(turn.text);
  }
  collector.finish();
  return out;
}

}  // namespace groundgate::filters::sql
