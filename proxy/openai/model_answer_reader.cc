#include "proxy/openai/model_answer_reader.h"

#include <simdjson.h>

namespace groundgate::proxy::openai {
namespace {

namespace dom = simdjson::dom;
using filters::model::ModelAnswer;
using filters::model::ModelToolCall;

// {"name":..,"arguments":..} of a call (a chat tool call's `function`, a Responses
// function_call item); nullopt when either is missing.
std::optional<ModelToolCall> call_of(dom::element call) {
  std::string_view name, arguments;
  if (call["name"].get_string().get(name) != simdjson::SUCCESS ||
      call["arguments"].get_string().get(arguments) != simdjson::SUCCESS) {
    return std::nullopt;
  }
  return ModelToolCall{std::string(name), std::string(arguments)};
}

// The answer's `usage`, under the API's names for its two counts; 0 for what it lacks.
filters::model::TokenUsage usage_of(dom::element root, const char* input, const char* output) {
  filters::model::TokenUsage usage;
  dom::element u;
  if (root["usage"].get(u) != simdjson::SUCCESS || !u.is_object()) return usage;
  std::uint64_t n = 0;
  if (u[input].get_uint64().get(n) == simdjson::SUCCESS) usage.input_tokens = n;
  if (u[output].get_uint64().get(n) == simdjson::SUCCESS) usage.output_tokens = n;
  return usage;
}

}  // namespace

std::optional<ModelAnswer> chat_answer(std::string_view response, std::string& error) {
  dom::parser parser;
  dom::element root;
  dom::element message;
  if (parser.parse(response.data(), response.size()).get(root) != simdjson::SUCCESS ||
      root["choices"].at(0)["message"].get(message) != simdjson::SUCCESS) {
    error = "not a chat completion";
    return std::nullopt;
  }
  ModelAnswer answer;
  answer.usage = usage_of(root, "prompt_tokens", "completion_tokens");
  if (std::string_view content; message["content"].get_string().get(content) == simdjson::SUCCESS) {
    answer.text = content;
  }
  if (dom::array calls; message["tool_calls"].get_array().get(calls) == simdjson::SUCCESS) {
    for (dom::element call : calls) {
      dom::element function;
      if (call["function"].get(function) != simdjson::SUCCESS) continue;
      if (auto c = call_of(function)) answer.calls.push_back(std::move(*c));
    }
  }
  if (dom::element legacy; message["function_call"].get(legacy) == simdjson::SUCCESS) {
    if (auto c = call_of(legacy)) answer.calls.push_back(std::move(*c));
  }
  return answer;
}

std::optional<ModelAnswer> responses_answer(std::string_view response, std::string& error) {
  dom::parser parser;
  dom::element root;
  dom::array output;
  if (parser.parse(response.data(), response.size()).get(root) != simdjson::SUCCESS ||
      !root.is_object()) {
    error = "not a Responses API response";
    return std::nullopt;
  }
  if (dom::element failure; root["error"].get(failure) == simdjson::SUCCESS && !failure.is_null()) {
    std::string_view message;
    if (failure["message"].get_string().get(message) != simdjson::SUCCESS) message = "no message";
    error = "the response failed: " + std::string(message);
    return std::nullopt;
  }
  if (std::string_view status;
      root["status"].get_string().get(status) == simdjson::SUCCESS && status == "failed") {
    error = "the response failed";
    return std::nullopt;
  }
  if (root["output"].get_array().get(output) != simdjson::SUCCESS) {
    error = "not a Responses API response";
    return std::nullopt;
  }
  ModelAnswer answer;
  answer.usage = usage_of(root, "input_tokens", "output_tokens");
  for (dom::element item : output) {
    std::string_view type;
    if (item["type"].get_string().get(type) != simdjson::SUCCESS) continue;
    if (type == "function_call") {
      if (auto c = call_of(item)) answer.calls.push_back(std::move(*c));
      continue;
    }
    dom::array parts;
    if (type != "message" || item["content"].get_array().get(parts) != simdjson::SUCCESS) continue;
    for (dom::element part : parts) {
      std::string_view part_type, text;
      if (part["type"].get_string().get(part_type) != simdjson::SUCCESS ||
          part_type != "output_text" || part["text"].get_string().get(text) != simdjson::SUCCESS) {
        continue;
      }
      if (!answer.text.empty()) answer.text += '\n';
      answer.text += text;
    }
  }
  return answer;
}

}  // namespace groundgate::proxy::openai
