#include "filters/context/responses_request.h"

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "filters/context/request_json.h"

namespace groundgate::filters::context {
namespace {

namespace dom = simdjson::dom;

bool present(dom::object object, std::string_view key) {
  dom::element value;
  return object.at_key(key).get(value) == simdjson::SUCCESS && !value.is_null();
}

// Item types that hold no context: the model's own earlier output and the app's tool
// configuration. Anything not named here or read below is unreadable.
constexpr std::array kNotContext{
    std::string_view("function_call"),
    std::string_view("custom_tool_call"),
    std::string_view("reasoning"),
    std::string_view("web_search_call"),
    std::string_view("image_generation_call"),
    std::string_view("local_shell_call"),
    std::string_view("shell_call"),
    std::string_view("apply_patch_call"),
    std::string_view("apply_patch_call_output"),
    std::string_view("computer_call"),
    std::string_view("mcp_list_tools"),
    std::string_view("mcp_approval_request"),
    std::string_view("mcp_approval_response"),
};

class InputReader {
 public:
  explicit InputReader(ContextCollector& collector) : collector_(collector) {}

  void items(dom::array items) {
    // A tool result names its call by call_id; the call, earlier in the input, names the tool.
    for (dom::element item : items) {
      dom::object object;
      if (item.get_object().get(object) != simdjson::SUCCESS) continue;
      std::string_view type = field_string(object, "type").value_or("");
      if (type == "function_call" || type == "custom_tool_call") {
        calls_.emplace_back(field_string(object, "call_id").value_or(""),
                            field_string(object, "name").value_or(""));
      }
    }
    for (dom::element item : items) {
      dom::object object;
      if (item.get_object().get(object) != simdjson::SUCCESS) {
        collector_.unreadable("an input item that is not an object");
        continue;
      }
      this->item(object);
    }
  }

 private:
  void item(dom::object object) {
    const std::optional<std::string_view> type = field_string(object, "type");
    // A message may leave out its type (EasyInputMessage).
    if (!type || *type == "message") return message(object);
    if (*type == "function_call_output" || *type == "custom_tool_call_output" ||
        *type == "local_shell_call_output" || *type == "shell_call_output") {
      return tool_output(object, "output");
    }
    if (*type == "mcp_call") return tool_output(object, "output");
    if (*type == "file_search_call") return file_search(object);
    if (*type == "code_interpreter_call") return code_outputs(object);
    for (std::string_view known : kNotContext)
      if (*type == known) return;
    collector_.unreadable("an input item of type `" + std::string(*type) + "`");
  }

  void message(dom::object object) {
    const std::string_view role = field_string(object, "role").value_or("");
    dom::element content;
    if (object.at_key("content").get(content) != simdjson::SUCCESS) return;
    if (role == "assistant") return;  // the model's earlier answer is not evidence
    std::optional<std::string> text = content_text(content, collector_);
    if (!text) {
      collector_.unreadable("a message whose content is neither text nor a list of parts");
      return;
    }
    if (role == "system" || role == "developer") {
      collector_.add_system(*text);
    } else if (role == "user") {
      collector_.add_user(*text);
    } else {
      collector_.unreadable("a message with role `" + std::string(role) + "`");
    }
  }

  // `output`: a string, or a list of parts (input_text; files and images are unreadable).
  void tool_output(dom::object object, std::string_view key) {
    dom::element output;
    if (object.at_key(key).get(output) != simdjson::SUCCESS || output.is_null()) return;
    std::optional<std::string> text = content_text(output, collector_);
    if (!text) {
      collector_.unreadable("a tool output that is neither text nor a list of parts");
      return;
    }
    const std::string_view call_id = field_string(object, "call_id").value_or("");
    std::string_view name = field_string(object, "name").value_or("");
    for (const auto& [id, called] : calls_)
      if (name.empty() && !call_id.empty() && id == call_id) name = called;
    collector_.add_tool_result(*text, name, call_id);
  }

  // Earlier file search results: each passage with its file name and id.
  void file_search(dom::object object) {
    dom::array results;
    if (object.at_key("results").get_array().get(results) != simdjson::SUCCESS) return;
    for (dom::element result : results) {
      dom::object passage;
      if (result.get_object().get(passage) != simdjson::SUCCESS) continue;
      const std::optional<std::string_view> text = field_string(passage, "text");
      if (!text) continue;
      collector_.add_tool_result(*text, field_string(passage, "filename").value_or(""),
                                 field_string(passage, "file_id").value_or(""));
    }
  }

  // The code interpreter's logs are a tool's output; its images are not read.
  void code_outputs(dom::object object) {
    dom::array outputs;
    if (object.at_key("outputs").get_array().get(outputs) != simdjson::SUCCESS) return;
    for (dom::element output : outputs) {
      dom::object part;
      if (output.get_object().get(part) != simdjson::SUCCESS) continue;
      if (auto logs = field_string(part, "logs")) {
        collector_.add_tool_result(*logs, "code_interpreter",
                                   field_string(object, "id").value_or(""));
      }
    }
  }

  ContextCollector& collector_;
  std::vector<std::pair<std::string_view, std::string_view>> calls_;  // call_id → name
};

}  // namespace

bool is_responses_request(dom::object root) {
  if (present(root, "messages")) return false;
  dom::object prompt;  // a stored prompt template; a legacy completion's prompt is text
  return present(root, "input") || present(root, "instructions") ||
         root.at_key("prompt").get_object().get(prompt) == simdjson::SUCCESS;
}

void read_responses_request(dom::object root, ContextCollector& collector) {
  if (auto instructions = field_string(root, "instructions")) collector.add_system(*instructions);
  dom::element input;
  if (root.at_key("input").get(input) == simdjson::SUCCESS && !input.is_null()) {
    dom::array items;
    if (auto text = string_of(input)) {
      collector.add_user(*text);
    } else if (input.get_array().get(items) == simdjson::SUCCESS) {
      InputReader(collector).items(items);
    } else {
      collector.unreadable("`input` that is neither a string nor a list of items");
    }
  }
  // The conversation so far is stored upstream: its tool results are out of sight.
  if (present(root, "previous_response_id")) {
    collector.unreadable("`previous_response_id` (earlier turns are stored upstream)");
  }
  if (present(root, "conversation")) {
    collector.unreadable("`conversation` (its items are stored upstream)");
  }
  if (present(root, "prompt")) collector.unreadable("`prompt` (a template stored upstream)");
}

}  // namespace groundgate::filters::context
