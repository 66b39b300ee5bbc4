#include "filters/sql/variant_request.h"

#include <initializer_list>

#include <simdjson.h>

#include "filters/verdict/json_string.h"

namespace groundgate::filters::sql {
namespace {

namespace dom = simdjson::dom;

constexpr std::string_view kUnreadable = "request_unreadable";
constexpr std::string_view kNoQuestion = "question_not_in_request";

// `text` with its first `question` replaced; nullopt when it does not hold it.
std::optional<std::string> rewritten(std::string_view text, std::string_view question,
                                     std::string_view variant) {
  const std::size_t at = text.find(question);
  if (question.empty() || at == std::string_view::npos) return std::nullopt;
  return std::string(text.substr(0, at)) + std::string(variant) +
         std::string(text.substr(at + question.size()));
}

// `object` as JSON with member `key` set to `value` (JSON text), after every other member.
std::string with_member(dom::object object, std::string_view key, std::string_view value) {
  std::string out = "{";
  for (auto [name, member] : object) {
    if (name == key) continue;
    verdict::append_json_string(out, name);
    out += ':';
    out += simdjson::to_string(member);
    out += ',';
  }
  verdict::append_json_string(out, key);
  out += ':';
  out += value;
  return out + "}";
}

// A message's content (a string, or a list of parts with `text`) with the question rewritten
// in the string or the first part holding it; nullopt when none holds it.
std::optional<std::string> rewritten_content(dom::element content, std::string_view question,
                                             std::string_view variant) {
  if (std::string_view text; content.get_string().get(text) == simdjson::SUCCESS) {
    std::optional<std::string> changed = rewritten(text, question, variant);
    if (!changed) return std::nullopt;
    std::string out;
    verdict::append_json_string(out, *changed);
    return out;
  }
  dom::array parts;
  if (content.get_array().get(parts) != simdjson::SUCCESS) return std::nullopt;
  std::string out = "[";
  bool done = false;
  for (dom::element part : parts) {
    if (out.size() > 1) out += ',';
    std::string_view text;
    dom::object object;
    std::optional<std::string> changed;
    if (!done && part.get_object().get(object) == simdjson::SUCCESS &&
        object.at_key("text").get_string().get(text) == simdjson::SUCCESS) {
      changed = rewritten(text, question, variant);
    }
    if (changed) {
      std::string value;
      verdict::append_json_string(value, *changed);
      out += with_member(object, "text", value);
      done = true;
    } else {
      out += simdjson::to_string(part);
    }
  }
  if (!done) return std::nullopt;
  return out + "]";
}

bool is_user_message(dom::element item) {
  std::string_view role, type = "message";
  if (item["role"].get_string().get(role) != simdjson::SUCCESS || role != "user") return false;
  // A Responses input item may leave out its type; a chat message has none.
  const auto type_of = item["type"].get_string();
  if (type_of.error() == simdjson::SUCCESS) type = type_of.value_unsafe();
  return type == "message";
}

// `items` (chat messages, or Responses input items) with the question rewritten in the last
// user message; nullopt when it does not hold it.
std::optional<std::string> rewritten_items(dom::array items, std::string_view question,
                                           std::string_view variant) {
  std::size_t last_user = items.size(), i = 0;
  for (dom::element item : items) {
    if (is_user_message(item)) last_user = i;
    ++i;
  }
  if (last_user == items.size()) return std::nullopt;
  std::string list = "[";
  i = 0;
  for (dom::element item : items) {
    if (i > 0) list += ',';
    if (i++ != last_user) {
      list += simdjson::to_string(item);
      continue;
    }
    dom::object message = item.get_object().value_unsafe();  // is_user_message read its role
    dom::element content;
    if (message.at_key("content").get(content) != simdjson::SUCCESS) return std::nullopt;
    std::optional<std::string> changed = rewritten_content(content, question, variant);
    if (!changed) return std::nullopt;
    list += with_member(message, "content", *changed);
  }
  return list + "]";
}

// `root` without the members named in `dropped`, then `tail` (members, each ending in ',').
std::string rebuilt(dom::object root, std::initializer_list<std::string_view> dropped,
                    std::string_view tail) {
  std::string out = "{";
  for (auto [key, value] : root) {
    bool drop = false;
    for (std::string_view d : dropped)
      drop = drop || key == d;
    if (drop) continue;
    verdict::append_json_string(out, key);
    out += ':';
    out += simdjson::to_string(value);
    out += ',';
  }
  out += tail;
  out.back() = '}';
  return out;
}

}  // namespace

VariantRequest chat_variant_request(std::string_view body, std::string_view question,
                                    std::string_view variant) {
  dom::parser parser;
  dom::object root;
  dom::array messages;
  if (parser.parse(body.data(), body.size()).get_object().get(root) != simdjson::SUCCESS ||
      root.at_key("messages").get_array().get(messages) != simdjson::SUCCESS) {
    return {std::nullopt, kUnreadable};
  }
  std::optional<std::string> list = rewritten_items(messages, question, variant);
  if (!list) return {std::nullopt, kNoQuestion};
  // Never stored with the provider: the rewrites are the proxy's, not the app's questions.
  return {rebuilt(root, {"messages", "stream", "stream_options", "n", "store"},
                  "\"messages\":" + *list + ",\"stream\":false,\"n\":1,\"store\":false,"),
          {}};
}

VariantRequest responses_variant_request(std::string_view body, std::string_view question,
                                         std::string_view variant) {
  dom::parser parser;
  dom::object root;
  dom::element input;
  if (parser.parse(body.data(), body.size()).get_object().get(root) != simdjson::SUCCESS ||
      root.at_key("input").get(input) != simdjson::SUCCESS) {
    return {std::nullopt, kUnreadable};
  }
  // A conversation takes every request's items and answers: a variant must not join it.
  if (dom::element conversation;
      root.at_key("conversation").get(conversation) == simdjson::SUCCESS &&
      !conversation.is_null()) {
    return {std::nullopt, "request_in_conversation"};
  }
  std::optional<std::string> changed;
  dom::array items;
  if (input.is_string()) {
    changed = rewritten_content(input, question, variant);
  } else if (input.get_array().get(items) == simdjson::SUCCESS) {
    changed = rewritten_items(items, question, variant);
  } else {
    return {std::nullopt, kUnreadable};
  }
  if (!changed) return {std::nullopt, kNoQuestion};
  return {rebuilt(root, {"input", "stream", "stream_options", "store", "background"},
                  "\"input\":" + *changed + ",\"stream\":false,\"store\":false,"),
          {}};
}

VariantRequest variant_request(model::Api api, std::string_view body, std::string_view question,
                               std::string_view variant) {
  switch (api) {
    case model::Api::kResponses:
      return responses_variant_request(body, question, variant);
    case model::Api::kChatCompletions:
      break;
  }
  return chat_variant_request(body, question, variant);
}

}  // namespace groundgate::filters::sql
