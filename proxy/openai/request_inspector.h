#pragma once
// Reads what the proxy needs from a completion request body. Never fails hard: a body that is
// not JSON, or has fields of unexpected types, gives defaults plus a reason.

#include <cstdint>
#include <string>
#include <string_view>

#include <simdjson.h>

namespace groundgate::proxy::openai {

// The inspected request shapes: …/chat/completions, …/completions and the Responses API's
// …/responses (a POST creating a response; …/responses/{id} and its sub-paths are not this).
enum class EndpointKind { kChatCompletions, kCompletions, kResponses, kOther };

struct RequestInfo {
  EndpointKind kind = EndpointKind::kOther;
  bool valid_json = false;  // the body is a JSON object
  std::string error;        // why valid_json is false
  bool stream = false;      // "stream": true (any other value counts as false)
  std::string model;
  std::int64_t n = 1;          // "n" when it is an integer
  bool include_usage = false;  // stream_options.include_usage
  bool has_tools = false;      // "tools" present and not null
  bool has_functions = false;  // legacy "functions" present and not null
  bool has_response_format = false;
};

class RequestInspector {
 public:
  // `path` is the request target (a query string is ignored); routes may carry a prefix, so
  // the kind is told by the path's ending (…/chat/completions, …/completions, …/responses).
  RequestInfo inspect(std::string_view path, std::string_view body);

  // What a target asks for, read as widely as servers read it (http1::normalized_path): any
  // spelling a server may take for a completion path is one.
  static EndpointKind kind_of(std::string_view target);

 private:
  simdjson::dom::parser parser_;  // reused across requests to keep its buffers
};

}  // namespace groundgate::proxy::openai
