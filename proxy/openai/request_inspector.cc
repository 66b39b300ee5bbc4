#include "proxy/openai/request_inspector.h"

#include "proxy/http1/request_path.h"

namespace groundgate::proxy::openai {
namespace {

bool present(simdjson::dom::object& object, std::string_view key) {
  simdjson::dom::element value;
  return object.at_key(key).get(value) == simdjson::SUCCESS && !value.is_null();
}

}  // namespace

EndpointKind RequestInspector::kind_of(std::string_view target) {
  const std::string path = http1::normalized_path(target);
  if (path.ends_with("/chat/completions")) return EndpointKind::kChatCompletions;
  if (path.ends_with("/completions")) return EndpointKind::kCompletions;
  if (path.ends_with("/responses")) return EndpointKind::kResponses;
  return EndpointKind::kOther;
}

RequestInfo RequestInspector::inspect(std::string_view path, std::string_view body) {
  RequestInfo info;
  info.kind = kind_of(path);
  simdjson::dom::element root;
  if (auto error = parser_.parse(body.data(), body.size()).get(root); error) {
    info.error = simdjson::error_message(error);
    return info;
  }
  simdjson::dom::object object;
  if (root.get_object().get(object) != simdjson::SUCCESS) {
    info.error = "request body is not a JSON object";
    return info;
  }
  info.valid_json = true;

  bool stream = false;
  if (object.at_key("stream").get_bool().get(stream) == simdjson::SUCCESS) info.stream = stream;
  std::string_view model;
  if (object.at_key("model").get_string().get(model) == simdjson::SUCCESS) info.model = model;
  std::int64_t n = 0;
  if (object.at_key("n").get_int64().get(n) == simdjson::SUCCESS) info.n = n;
  bool include_usage = false;
  if (object.at_pointer("/stream_options/include_usage").get_bool().get(include_usage) ==
      simdjson::SUCCESS) {
    info.include_usage = include_usage;
  }
  info.has_tools = present(object, "tools");
  info.has_functions = present(object, "functions");
  info.has_response_format = present(object, "response_format");
  return info;
}

}  // namespace groundgate::proxy::openai
