#include "proxy/openai/request_inspector.h"

#include <atomic>

#include "filters/text/utf8.h"
#include "proxy/http1/request_path.h"

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
  repaired_ = false;
  parse_error_.clear();
  parse_count.fetch_add(1, std::memory_order_relaxed);
  simdjson::error_code error = parser_.parse(body.data(), body.size()).get(root_);
  // simdjson's parse validates the UTF-8 of the whole body (the same rule as filters::text's:
  // well-formed UTF-8), so only a body it refused may hold invalid UTF-8. Such a body is parsed
  // again with U+FFFD in its place, for the filters; it stays not JSON for the rest.
  if (error && !simdjson::validate_utf8(body.data(), body.size())) {
    repaired_ = true;
    repaired_body_ = filters::text::repair_utf8(body);
    info.error = simdjson::error_message(simdjson::UTF8_ERROR);
    error = parser_.parse(repaired_body_.data(), repaired_body_.size()).get(root_);
  }
  if (error) {
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

namespace {

// The top-level members routing and the response's reading need, one bit each.
enum RoutingMember : unsigned {
  kNoMember = 0,
  kStream = 1u << 0,
  kModel = 1u << 1,
  kN = 1u << 2,
  kStreamOptions = 1u << 3,
  kTools = 1u << 4,
  kFunctions = 1u << 5,
  kResponseFormat = 1u << 6,
};

RoutingMember routing_member(std::string_view key) {
  if (key == "stream") return kStream;
  if (key == "model") return kModel;
  if (key == "n") return kN;
  if (key == "stream_options") return kStreamOptions;
  if (key == "tools") return kTools;
  if (key == "functions") return kFunctions;
  if (key == "response_format") return kResponseFormat;
  return kNoMember;
}

}  // namespace

void RequestInspector::read_routing_fields(simdjson::dom::object object, RequestInfo& info) {
  // One pass over the members; of a key given twice the first counts, as at_key reads it.
  unsigned seen = 0;
  for (auto [key, value] : object) {
    const RoutingMember member = routing_member(key);
    if (member == kNoMember || (seen & member) != 0) continue;
    seen |= member;
    switch (member) {
      case kStream:
        if (bool stream = false; value.get_bool().get(stream) == simdjson::SUCCESS)
          info.stream = stream;
        break;
      case kModel:
        if (std::string_view model; value.get_string().get(model) == simdjson::SUCCESS)
          info.model = model;
        break;
      case kN:
        if (std::int64_t n = 0; value.get_int64().get(n) == simdjson::SUCCESS) info.n = n;
        break;
      case kStreamOptions: {
        simdjson::dom::object options;
        bool include_usage = false;
        if (value.get_object().get(options) == simdjson::SUCCESS &&
            options.at_key("include_usage").get_bool().get(include_usage) == simdjson::SUCCESS) {
          info.include_usage = include_usage;
        }
        break;
      }
      case kTools:
        info.has_tools = !value.is_null();
        break;
      case kFunctions:
        info.has_functions = !value.is_null();
        break;
      case kResponseFormat:
        info.has_response_format = !value.is_null();
        break;
      case kNoMember:
        break;
    }
  }
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
