#include "filters/sql/variant_request.h"

#include <simdjson.h>

#include "filters/context/json_members.h"
#include "filters/sql/sql_extraction.h"
#include "filters/verdict/json_string.h"

namespace groundgate::filters::sql {
namespace {

namespace dom = simdjson::dom;

// `text` with its first `question` replaced; nullopt when it does not hold it.
std::optional<std::string> rewritten(std::string_view text, std::string_view question,
                                     std::string_view variant) {
  const std::size_t at = text.find(question);
  if (question.empty() || at == std::string_view::npos) return std::nullopt;
  return std::string(text.substr(0, at)) + std::string(variant) +
         std::string(text.substr(at + question.size()));
}

// The last user message rebuilt with the rewritten question (its other members dropped but
// `name`); nullopt when its content does not hold the question.
std::optional<std::string> rewritten_message(dom::object message, std::string_view question,
                                             std::string_view variant) {
  dom::element content;
  if (message.at_key("content").get(content) != simdjson::SUCCESS) return std::nullopt;
  std::string out = "{\"role\":\"user\"";
  if (std::string_view name; message.at_key("name").get_string().get(name) == simdjson::SUCCESS) {
    out += ",\"name\":";
    verdict::append_json_string(out, name);
  }
  out += ",\"content\":";
  if (std::string_view text; content.get_string().get(text) == simdjson::SUCCESS) {
    auto changed = rewritten(text, question, variant);
    if (!changed) return std::nullopt;
    verdict::append_json_string(out, *changed);
    return out + "}";
  }
  dom::array parts;
  if (content.get_array().get(parts) != simdjson::SUCCESS) return std::nullopt;
  out += '[';
  bool first = true, done = false;
  for (dom::element part : parts) {
    if (!first) out += ',';
    first = false;
    std::string_view text;
    std::optional<std::string> changed;
    if (!done && part["text"].get_string().get(text) == simdjson::SUCCESS) {
      changed = rewritten(text, question, variant);
    }
    if (changed) {
      out += "{\"type\":\"text\",\"text\":";
      verdict::append_json_string(out, *changed);
      out += '}';
      done = true;
    } else {
      out += simdjson::to_string(part);
    }
  }
  if (!done) return std::nullopt;
  return out + "]}";
}

}  // namespace

std::optional<std::string> variant_request(std::string_view body, std::string_view question,
                                           std::string_view variant) {
  dom::parser parser;
  dom::object root;
  if (parser.parse(body.data(), body.size()).get_object().get(root) != simdjson::SUCCESS) {
    return std::nullopt;
  }
  dom::array messages;
  if (root.at_key("messages").get_array().get(messages) != simdjson::SUCCESS) return std::nullopt;
  std::size_t last_user = messages.size();
  std::size_t i = 0;
  for (dom::element m : messages) {
    std::string_view role;
    if (m["role"].get_string().get(role) == simdjson::SUCCESS && role == "user") last_user = i;
    ++i;
  }
  if (last_user == messages.size()) return std::nullopt;
  std::string list = "[";
  i = 0;
  for (dom::element m : messages) {
    if (i > 0) list += ',';
    if (i++ == last_user) {
      dom::object object;
      if (m.get_object().get(object) != simdjson::SUCCESS) return std::nullopt;
      auto changed = rewritten_message(object, question, variant);
      if (!changed) return std::nullopt;
      list += *changed;
    } else {
      list += simdjson::to_string(m);
    }
  }
  list += ']';
  std::string out = "{";
  for (auto [key, value] : root) {
    if (key == "messages" || key == "stream" || key == "stream_options" || key == "n") continue;
    verdict::append_json_string(out, key);
    out += ':';
    out += simdjson::to_string(value);
    out += ',';
  }
  out += "\"messages\":" + list + ",\"stream\":false,\"n\":1}";
  return out;
}

std::optional<std::string> sql_of_completion(std::string_view response, bool whole,
                                             std::span<const config::SqlToolArgument> tools,
                                             std::string& error) {
  dom::parser parser;
  dom::element message;
  if (parser.parse(response.data(), response.size()).get(message) != simdjson::SUCCESS ||
      message["choices"].at(0)["message"].get(message) != simdjson::SUCCESS) {
    error = "not a chat completion";
    return std::nullopt;
  }
  if (std::string_view content; message["content"].get_string().get(content) == simdjson::SUCCESS) {
    if (whole) {
      if (auto span = whole_answer_sql(content)) {
        return std::string(content.substr(span->begin, span->end - span->begin));
      }
    } else if (auto spans = find_fenced_sql(content); !spans.empty()) {
      return std::string(content.substr(spans[0].begin, spans[0].end - spans[0].begin));
    }
  }
  dom::array calls;
  if (message["tool_calls"].get_array().get(calls) == simdjson::SUCCESS) {
    for (dom::element call : calls) {
      std::string_view name, arguments;
      if (call["function"]["name"].get_string().get(name) != simdjson::SUCCESS ||
          call["function"]["arguments"].get_string().get(arguments) != simdjson::SUCCESS) {
        continue;
      }
      for (const config::SqlToolArgument& t : tools) {
        if (t.tool != name) continue;
        if (auto sql = sql_argument(arguments, t.argument, error)) return sql;
      }
    }
  }
  error = "the answer holds no query";
  return std::nullopt;
}

}  // namespace groundgate::filters::sql
