#include "filters/sql/request_schema.h"

#include <simdjson.h>

#include <algorithm>
#include <initializer_list>
#include <optional>

#include "filters/context/json_members.h"
#include "filters/sql/glossary.h"
#include "filters/sql/schema_json.h"

namespace groundgate::filters::sql {
namespace {

namespace dom = simdjson::dom;

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

  // A string, or a list of strings and objects whose text is under the first of `keys` that
  // holds a string: message content (parts with `text`), `context` and `documents` (items
  // with `text`, `content` or `snippet`).
  void add_texts(dom::element value, std::initializer_list<std::string_view> keys) {
    std::string_view text;
    if (value.get_string().get(text) == simdjson::SUCCESS) {
      add_text(text);
      return;
    }
    dom::array items;
    if (value.get_array().get(items) != simdjson::SUCCESS) return;
    for (dom::element item : items) {
      if (item.get_string().get(text) == simdjson::SUCCESS) {
        add_text(text);
        continue;
      }
      for (std::string_view key : keys) {
        if (item[key].get_string().get(text) == simdjson::SUCCESS) {
          add_text(text);
          break;
        }
      }
    }
  }

  // Chat `messages`, or Responses `input` (a string, or items: messages, and tool outputs such
  // as `function_call_output`), the assistant's own turns left out.
  void add_messages(dom::element value) {
    std::string_view text;
    if (value.get_string().get(text) == simdjson::SUCCESS) {
      add_text(text);
      return;
    }
    dom::array items;
    if (value.get_array().get(items) != simdjson::SUCCESS) return;
    for (dom::element item : items) {
      std::string_view role;
      dom::element content;
      if (item["role"].get_string().get(role) == simdjson::SUCCESS) {
        if (role != "assistant" && item["content"].get(content) == simdjson::SUCCESS) {
          add_texts(content, {"text"});
        }
      } else if (item["output"].get_string().get(text) == simdjson::SUCCESS) {
        add_text(text);
      }
    }
  }

  void add_schema_field(dom::element value) {
    if (!statements_) return;
    std::string_view text;
    std::string error;
    std::vector<std::string> statements;
    if (value.get_string().get(text) == simdjson::SUCCESS) {
      statements = schema_statements(text, error);
    } else {
      const JsonSchema json = ddl_from_json(simdjson::to_string(value));
      statements = json.statements;
      error = json.error;
    }
    if (!error.empty()) out_.warnings.push_back("`schema`: " + error);
    for (const std::string& s : statements)
      add_statement(s);
  }

 private:
  const DdlLimits& limits_;
  bool statements_;
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

RequestSchema read_request_schema(std::string_view body, const DdlLimits& limits, bool statements) {
  RequestSchema out;
  dom::parser parser;
  dom::object root;
  if (parser.parse(body.data(), body.size()).get_object().get(root) != simdjson::SUCCESS) {
    return out;
  }
  Collector collector(limits, statements, out);
  // The `schema` field first: the app stated it on purpose.
  if (dom::element schema; root.at_key("schema").get(schema) == simdjson::SUCCESS) {
    out.has_schema_field = true;
    collector.add_schema_field(schema);
  }
  for (dom::key_value_pair member : root) {
    if (member.key == "context" || member.key == "documents" || member.key == "prompt" ||
        member.key == "instructions") {
      collector.add_texts(member.value, {"text", "content", "snippet"});
    } else if (member.key == "messages" || member.key == "input") {
      collector.add_messages(member.value);
    }
  }
  collector.finish();
  return out;
}

std::optional<std::string> without_schema_field(std::string_view body) {
  const auto members = context::top_level_members(body);
  dom::parser parser;
  dom::object root;
  if (!members ||
      parser.parse(body.data(), body.size()).get_object().get(root) != simdjson::SUCCESS) {
    return std::nullopt;
  }
  // Keys as the parser decoded them ("sch\u0065ma" is `schema` too), in the members' order.
  std::vector<bool> remove;
  bool any = false;
  for (dom::key_value_pair member : root) {
    remove.push_back(member.key == "schema");
    any = any || remove.back();
  }
  if (!any || remove.size() != members->size()) return std::nullopt;
  return context::without_members(body, remove);
}

}  // namespace groundgate::filters::sql
