#include "proxy/mock/mock_request.h"

#include <simdjson.h>

#include "proxy/mock/answer_tokens.h"
#include "proxy/mock/json_text.h"

namespace groundgate::proxy::mock {
namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

constexpr uint64_t kMaxChoices = 128;

RequestParse fail(std::string message, std::string param) {
  RequestParse out;
  out.error = std::move(message);
  out.param = std::move(param);
  return out;
}

// The text of a message's content: a string, or an array of parts of which the text ones count
// ("text" in chat, "input_text" in the Responses API).
std::string content_text(element content) {
  std::string_view text;
  if (content.get_string().get(text) == simdjson::SUCCESS) return std::string(text);
  simdjson::dom::array parts;
  if (content.get_array().get(parts) != simdjson::SUCCESS) return {};
  std::string joined;
  for (element part : parts) {
    std::string_view type;
    if (part["type"].get_string().get(type) != simdjson::SUCCESS ||
        (type != "text" && type != "input_text"))
      continue;
    if (part["text"].get_string().get(text) != simdjson::SUCCESS) continue;
    if (!joined.empty()) joined.push_back('\n');
    joined.append(text);
  }
  return joined;
}

void append_system(MockRequest& request, std::string_view text) {
  if (!request.system_text.empty()) request.system_text.push_back('\n');
  request.system_text.append(text);
}

std::optional<std::string> read_messages(element root, MockRequest& request) {
  simdjson::dom::array messages;
  if (root["messages"].get_array().get(messages) != simdjson::SUCCESS)
    return "Missing required parameter: 'messages'.";
  if (messages.size() == 0) return "Invalid 'messages': empty array. Expected at least 1 message.";
  for (element message : messages) {
    std::string_view role;
    if (message["role"].get_string().get(role) != simdjson::SUCCESS)
      return "Invalid 'messages': every message needs a string 'role'.";
    element content;
    if (message["content"].get(content) != simdjson::SUCCESS) continue;
    std::string text = content_text(content);
    request.prompt_tokens += count_tokens(text);
    if (role == "system" || role == "developer") append_system(request, text);
    if (role == "user") request.last_user_text = std::move(text);
  }
  return std::nullopt;
}

// `instructions` and `input`: a string (the user's message) or a list of items, of which
// messages count (the last user message is what the script matches).
std::optional<std::string> read_input(element root, MockRequest& request) {
  std::string_view text;
  if (root["instructions"].get_string().get(text) == simdjson::SUCCESS) {
    request.prompt_tokens += count_tokens(text);
    append_system(request, text);
  }
  element input;
  if (root["input"].get(input) != simdjson::SUCCESS || input.is_null())
    return "Missing required parameter: 'input'.";
  if (input.get_string().get(text) == simdjson::SUCCESS) {
    request.last_user_text = std::string(text);
    request.prompt_tokens += count_tokens(text);
    request.input_items =
        R"([{"type":"message","role":"user","content":[{"type":"input_text","text":)";
    append_json_string(request.input_items, text);
    request.input_items.append("}]}]");
    return std::nullopt;
  }
  simdjson::dom::array items;
  if (input.get_array().get(items) != simdjson::SUCCESS)
    return "Invalid 'input': expected a string or an array of input items.";
  request.input_items = simdjson::minify(input);
  for (element item : items) {
    if (!item.is_object()) return "Invalid 'input': every item must be an object.";
    std::string_view role;
    element content;
    if (item["role"].get_string().get(role) != simdjson::SUCCESS ||
        item["content"].get(content) != simdjson::SUCCESS)
      continue;  // tool outputs, earlier calls, reasoning: counted loosely
    std::string message = content_text(content);
    request.prompt_tokens += count_tokens(message);
    if (role == "system" || role == "developer") append_system(request, message);
    if (role == "user") request.last_user_text = std::move(message);
  }
  return std::nullopt;
}

std::optional<std::string> read_prompt(element root, MockRequest& request) {
  element prompt;
  if (root["prompt"].get(prompt) != simdjson::SUCCESS) return std::nullopt;
  std::string_view text;
  if (prompt.get_string().get(text) == simdjson::SUCCESS) {
    request.last_user_text = std::string(text);
    request.prompt_tokens = count_tokens(text);
    return std::nullopt;
  }
  simdjson::dom::array prompts;
  if (prompt.get_array().get(prompts) != simdjson::SUCCESS)
    return "Invalid 'prompt': expected a string or an array.";
  for (element item : prompts) {
    if (item.get_string().get(text) == simdjson::SUCCESS) {
      request.prompt_tokens += count_tokens(text);
      request.last_user_text = std::string(text);
    } else {
      ++request.prompt_tokens;  // a token id
    }
  }
  return std::nullopt;
}

// Reads a positive integer field if present. Returns false when present but not one.
bool read_positive(element root, const char* key, std::optional<uint64_t>& out) {
  element value;
  if (root[key].get(value) != simdjson::SUCCESS || value.is_null()) return true;
  int64_t number = 0;
  if (value.get_int64().get(number) != simdjson::SUCCESS || number < 1) return false;
  out = static_cast<uint64_t>(number);
  return true;
}

}  // namespace

RequestParse parse_request(Api api, std::string_view body) {
  // One parser per thread: its buffers are reused, and parsing never spans a co_await.
  thread_local simdjson::dom::parser parser;
  element root;
  if (parser.parse(body.data(), body.size(), true).get(root) != simdjson::SUCCESS)
    return fail(
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't "
        "using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was "
        "sent was not valid JSON.)",
        "");
  if (!root.is_object()) return fail("The request body must be a JSON object.", "");

  RequestParse out;
  MockRequest& request = out.request;
  request.api = api;
  std::string_view model;
  if (root["model"].get_string().get(model) != simdjson::SUCCESS || model.empty())
    return fail("you must provide a model parameter", "model");
  request.model = std::string(model);

  element value;
  if (root["stream"].get(value) == simdjson::SUCCESS && !value.is_null()) {
    if (value.get_bool().get(request.stream) != simdjson::SUCCESS)
      return fail("Invalid type for 'stream': expected a boolean.", "stream");
  }
  if (root["temperature"].get(value) == simdjson::SUCCESS && !value.is_null()) {
    double t = 0;
    if (value.get_double().get(t) != simdjson::SUCCESS || t < 0 || t > 2)
      return fail("Invalid 'temperature': expected a number between 0 and 2.", "temperature");
    request.temperature = t;
  }
  if (root["stream_options"].get(value) == simdjson::SUCCESS && value.is_object()) {
    element include;
    if (value["include_usage"].get(include) == simdjson::SUCCESS &&
        include.get_bool().get(request.include_usage) != simdjson::SUCCESS)
      return fail("Invalid type for 'stream_options.include_usage': expected a boolean.",
                  "stream_options.include_usage");
  }
  if (api == Api::kResponses) {
    if (!read_positive(root, "max_output_tokens", request.max_tokens))
      return fail("Invalid 'max_output_tokens': expected an integer of at least 1.",
                  "max_output_tokens");
    if (root["background"].get(value) == simdjson::SUCCESS && !value.is_null() &&
        value.get_bool().get(request.background) != simdjson::SUCCESS)
      return fail("Invalid type for 'background': expected a boolean.", "background");
    if (auto error = read_input(root, request)) return fail(std::move(*error), "input");
    return out;
  }
  std::optional<uint64_t> n;
  if (!read_positive(root, "n", n) || (n && *n > kMaxChoices))
    return fail("Invalid 'n': expected an integer between 1 and 128.", "n");
  request.n = n ? static_cast<uint32_t>(*n) : 1;
  if (!read_positive(root, "max_tokens", request.max_tokens))
    return fail("Invalid 'max_tokens': expected an integer of at least 1.", "max_tokens");
  if (!read_positive(root, "max_completion_tokens", request.max_tokens))
    return fail("Invalid 'max_completion_tokens': expected an integer of at least 1.",
                "max_completion_tokens");

  auto error = api == Api::kChat ? read_messages(root, request) : read_prompt(root, request);
  if (error) return fail(std::move(*error), api == Api::kChat ? "messages" : "prompt");
  return out;
}

}  // namespace groundgate::proxy::mock
