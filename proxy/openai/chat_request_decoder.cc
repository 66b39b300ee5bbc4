// The conversation of a chat completions request (`messages`) and of a legacy completions
// request (`prompt`), as turns of the view.

#include "proxy/openai/request_json.h"
#include "proxy/openai/request_reading.h"

namespace groundgate::proxy::openai {
namespace {

namespace dom = simdjson::dom;
using filters::request::Role;

Role chat_role(std::string_view role) {
  if (role == "tool" || role == "function") return Role::kTool;
  if (role == "system") return Role::kSystem;
  if (role == "developer") return Role::kDeveloper;
  if (role == "user") return Role::kUser;
  if (role == "assistant") return Role::kAssistant;
  return Role::kOther;
}

}  // namespace

void read_chat_messages(dom::element messages, RequestReading& reading) {
  dom::array list;
  if (messages.get_array().get(list) != simdjson::SUCCESS) return;
  reading.layout().conversation = RequestLayout::Conversation::kListOfMessages;
  for (dom::element message : list) {
    const std::optional<dom::object> object = reading.object(message, "message");
    if (!object) continue;
    dom::element content;
    if (object->at_key("content").get(content) != simdjson::SUCCESS) continue;
    std::optional<std::string> text = reading.content_text(content);
    if (!text) continue;
    const Role role = chat_role(field_string(*object, "role").value_or(""));
    if (role == Role::kTool) {
      reading.add_turn(role, std::move(*text), field_string(*object, "name").value_or(""),
                       field_string(*object, "tool_call_id").value_or(""));
    } else {
      reading.add_turn(role, std::move(*text));
    }
  }
  reading.layout().last_user = last_user_message(list);
}

void read_prompt(dom::element prompt, RequestReading& reading) {
  if (auto text = string_of(prompt)) {
    reading.add_turn(Role::kPrompt, std::string(*text));
    return;
  }
  dom::array prompts;
  if (prompt.get_array().get(prompts) != simdjson::SUCCESS) return;
  for (dom::element item : prompts) {
    if (auto text = string_of(item)) reading.add_turn(Role::kPrompt, std::string(*text));
  }
}

}  // namespace groundgate::proxy::openai
