#include "filters/context/chat_request.h"

#include "filters/context/request_json.h"

namespace groundgate::filters::context {

namespace dom = simdjson::dom;

void read_chat_messages(dom::array messages, ContextCollector& collector) {
  for (dom::element message : messages) {
    dom::object object;
    if (message.get_object().get(object) != simdjson::SUCCESS) continue;
    std::string_view role = field_string(object, "role").value_or("");
    dom::element content;
    if (object.at_key("content").get(content) != simdjson::SUCCESS) continue;
    std::optional<std::string> text = content_text(content, collector);
    if (!text) continue;
    if (role == "tool" || role == "function") {
      collector.add_tool_result(*text, field_string(object, "name").value_or(""),
                                field_string(object, "tool_call_id").value_or(""));
    } else if (role == "system" || role == "developer") {
      collector.add_system(*text);
    } else if (role == "user") {
      collector.add_user(*text);
    }
  }
}

void read_prompt(dom::element prompt, ContextCollector& collector) {
  if (auto text = string_of(prompt)) {
    collector.add_tagged(*text);
    return;
  }
  dom::array prompts;
  if (prompt.get_array().get(prompts) != simdjson::SUCCESS) return;
  for (dom::element item : prompts) {
    if (auto text = string_of(item)) collector.add_tagged(*text);
  }
}

}  // namespace groundgate::filters::context
