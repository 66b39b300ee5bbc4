// The conversation of a Responses API request (POST …/responses): `instructions` (a system
// turn), `input` (the question as a string, or a list of items: messages with text parts, tool
// results such as `function_call_output`, earlier `file_search_call` results). Items and parts
// that may hold context but cannot be read (files, images, references to stored items,
// `previous_response_id`, `conversation`, a stored `prompt`) are noted unreadable.

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "proxy/openai/request_json.h"
#include "proxy/openai/request_reading.h"

namespace groundgate::proxy::openai {
namespace {

namespace dom = simdjson::dom;
using filters::request::Role;

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
  explicit InputReader(RequestReading& reading) : reading_(reading) {}

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
      if (!item.is_object()) {
        reading_.unreadable("an input item that is not an object");
      } else if (std::optional<dom::object> object = reading_.object(item, "input item")) {
        this->item(*object);
      }
    }
  }

 private:
  void item(dom::object object) {
    const std::optional<std::string_view> type = field_string(object, "type");
    // A message may leave out its type (EasyInputMessage).
    if (!type || *type == "message") return message(object);
    if (*type == "function_call_output" || *type == "custom_tool_call_output" ||
        *type == "local_shell_call_output" || *type == "shell_call_output" || *type == "mcp_call") {
      return tool_output(object);
    }
    if (*type == "file_search_call") return file_search(object);
    if (*type == "code_interpreter_call") return code_outputs(object);
    for (std::string_view known : kNotContext)
      if (*type == known) return;
    reading_.unreadable("an input item of type `" + std::string(*type) + "`");
  }

  void message(dom::object object) {
    const std::string_view role = field_string(object, "role").value_or("");
    dom::element content;
    if (object.at_key("content").get(content) != simdjson::SUCCESS) return;
    if (role == "assistant") return;  // the model's earlier answer is not evidence
    std::optional<std::string> text = reading_.content_text(content);
    if (!text) {
      reading_.unreadable("a message whose content is neither text nor a list of parts");
      return;
    }
    if (role == "system") {
      reading_.add_turn(Role::kSystem, std::move(*text));
    } else if (role == "developer") {
      reading_.add_turn(Role::kDeveloper, std::move(*text));
    } else if (role == "user") {
      reading_.add_turn(Role::kUser, std::move(*text));
    } else {
      reading_.unreadable("a message with role `" + std::string(role) + "`");
    }
  }

  // `output`: a string, or a list of parts (input_text; files and images are unreadable).
  void tool_output(dom::object object) {
    dom::element output;
    if (object.at_key("output").get(output) != simdjson::SUCCESS || output.is_null()) return;
    std::optional<std::string> text = reading_.content_text(output);
    if (!text) {
      reading_.unreadable("a tool output that is neither text nor a list of parts");
      return;
    }
    const std::string_view call_id = field_string(object, "call_id").value_or("");
    std::string_view name = field_string(object, "name").value_or("");
    for (const auto& [id, called] : calls_)
      if (name.empty() && !call_id.empty() && id == call_id) name = called;
    reading_.add_turn(Role::kTool, std::move(*text), name, call_id);
  }

  // Earlier file search results: each passage with its file name and id.
  void file_search(dom::object object) {
    dom::array results;
    if (object.at_key("results").get_array().get(results) != simdjson::SUCCESS) return;
    for (dom::element result : results) {
      const std::optional<dom::object> passage = reading_.object(result, "file search result");
      if (!passage) continue;
      const std::optional<std::string_view> text = field_string(*passage, "text");
      if (!text) continue;
      reading_.add_turn(Role::kTool, std::string(*text),
                        field_string(*passage, "filename").value_or(""),
                        field_string(*passage, "file_id").value_or(""));
    }
  }

  // The code interpreter's logs are a tool's output; its images are not read.
  void code_outputs(dom::object object) {
    dom::array outputs;
    if (object.at_key("outputs").get_array().get(outputs) != simdjson::SUCCESS) return;
    for (dom::element output : outputs) {
      const std::optional<dom::object> part = reading_.object(output, "code interpreter output");
      if (!part) continue;
      if (auto logs = field_string(*part, "logs")) {
        reading_.add_turn(Role::kTool, std::string(*logs), "code_interpreter",
                          field_string(object, "id").value_or(""));
      }
    }
  }

  RequestReading& reading_;
  std::vector<std::pair<std::string_view, std::string_view>> calls_;  // call_id → name
};

// `input`: the question as a string, or a list of items.
void read_input(dom::element input, RequestReading& reading) {
  RequestLayout& layout = reading.layout();
  dom::array items;
  if (auto text = string_of(input)) {
    reading.add_turn(Role::kUser, std::string(*text));
    layout.conversation = RequestLayout::Conversation::kInputString;
    layout.input_text = *text;
  } else if (input.get_array().get(items) == simdjson::SUCCESS) {
    InputReader(reading).items(items);
    layout.conversation = RequestLayout::Conversation::kListOfMessages;
    layout.last_user = last_user_message(items);
  } else {
    reading.unreadable("`input` that is neither a string nor a list of items");
  }
}

}  // namespace

void read_responses_input(dom::object root, RequestReading& reading) {
  if (auto instructions = field_string(root, "instructions")) {
    reading.add_turn(Role::kSystem, std::string(*instructions));
  }
  dom::element input;
  if (root.at_key("input").get(input) == simdjson::SUCCESS && !input.is_null()) {
    read_input(input, reading);
  }
  // The conversation so far is stored upstream: its tool results are out of sight.
  if (present(root, "previous_response_id")) {
    reading.unreadable("`previous_response_id` (earlier turns are stored upstream)");
  }
  reading.layout().stored_conversation = present(root, "conversation");
  if (reading.layout().stored_conversation) {
    reading.unreadable("`conversation` (its items are stored upstream)");
  }
  if (present(root, "prompt")) reading.unreadable("`prompt` (a template stored upstream)");
}

}  // namespace groundgate::proxy::openai
