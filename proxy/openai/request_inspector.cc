#include "proxy/openai/request_inspector.h"

#include <atomic>

#include "filters/text/utf8.h"
#include "proxy/http1/request_path.h"
#include "proxy/openai/request_json.h"

namespace groundgate::proxy::openai {
namespace {

std::atomic<std::uint64_t> parse_count{0};

constexpr std::string_view kRepairedWarning =
    "invalid UTF-8 in the request body replaced by U+FFFD for checking";

}  // namespace

EndpointKind RequestInspector::kind_of(std::string_view target) {
  return kind_of_normalized(http1::normalized_path(target));
}

EndpointKind RequestInspector::kind_of_normalized(std::string_view path) {
  if (path.ends_with("/chat/completions")) return EndpointKind::kChatCompletions;
  if (path.ends_with("/completions")) return EndpointKind::kCompletions;
  if (path.ends_with("/responses")) return EndpointKind::kResponses;
  return EndpointKind::kOther;
}

std::uint64_t RequestInspector::parses() {
  return parse_count.load(std::memory_order_relaxed);
}

RequestInfo RequestInspector::inspect(std::string_view path, std::string_view body) {
  return inspect(kind_of(path), body);
}

RequestInfo RequestInspector::inspect(EndpointKind kind, std::string_view body) {
  RequestInfo info;
  info.kind = kind_ = kind;
  parsed_ = false;
  parse_error_.clear();
  // Invalid UTF-8 is parsed as U+FFFD for the filters; the body stays not JSON for the rest.
  // simdjson's validator: the same rule as filters::text's (well-formed UTF-8), at SIMD speed
  // (a decode per character cost more than the parse).
  repaired_ = !simdjson::validate_utf8(body.data(), body.size());
  if (repaired_) {
    repaired_body_ = filters::text::repair_utf8(body);
    info.error = simdjson::error_message(simdjson::UTF8_ERROR);
  }
  const std::string_view text = repaired_ ? std::string_view(repaired_body_) : body;
  parse_count.fetch_add(1, std::memory_order_relaxed);
  if (auto error = parser_.parse(text.data(), text.size()).get(root_); error) {
    parse_error_ = simdjson::error_message(error);
    info.error = parse_error_;
    return info;
  }
  parsed_ = true;
  simdjson::dom::object object;
  if (root_.get_object().get(object) != simdjson::SUCCESS) {
    info.error = "request body is not a JSON object";
    return info;
  }
  if (repaired_) return info;
  info.valid_json = true;
  read_routing_fields(object, info);
  return info;
}

void RequestInspector::read_routing_fields(simdjson::dom::object object, RequestInfo& info) {
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
}

DecodedRequest RequestInspector::decode() const {
  if (!parsed_) {
    DecodedRequest out;
    out.view.error = "request body is not valid JSON: " + parse_error_;
    return out;
  }
  DecodedRequest out = decode_request(root_, kind_);
  if (repaired_) out.view.warnings.emplace_back(kRepairedWarning);
  return out;
}

}  // namespace groundgate::proxy::openai
