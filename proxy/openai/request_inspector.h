#pragma once
// Reads a completion request body once: what the proxy needs to route it at once, and the view
// the filters read (request_decoder.h) when a policy guards it, from the same parse. Never
// fails hard: a body that is not JSON, or has fields of unexpected types, gives defaults plus
// a reason.

#include <cstdint>
#include <string>
#include <string_view>

#include <simdjson.h>

#include "proxy/openai/endpoint_kind.h"
#include "proxy/openai/request_decoder.h"

namespace groundgate::proxy::openai {

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
  RequestInfo inspect(EndpointKind kind, std::string_view body);
  // The view of the body the last inspect() parsed, read from that parse (its DOM is this
  // inspector's until the next inspect()). Invalid UTF-8 is read as U+FFFD, said in a warning
  // (RequestInfo still says the body is not JSON: the upstream may refuse it).
  DecodedRequest decode() const;

  // What a target asks for, read as widely as servers read it (http1::normalized_path): any
  // spelling a server may take for a completion path is one.
  static EndpointKind kind_of(std::string_view target);
  // The same of a path http1::normalized_path made already (the proxy makes it once per
  // request, for routing too).
  static EndpointKind kind_of_normalized(std::string_view path);
  // Request bodies parsed by any inspector of the process so far: one per inspected request.
  static std::uint64_t parses();

 private:
  // What routing and the response's reading need of the body's top-level members.
  static void read_routing_fields(simdjson::dom::object object, RequestInfo& info);

  simdjson::dom::parser parser_;  // reused across requests to keep its buffers
  simdjson::dom::element root_;
  EndpointKind kind_ = EndpointKind::kOther;
  bool parsed_ = false;
  bool repaired_ = false;
  std::string repaired_body_;  // the body with invalid UTF-8 replaced, when it had some
  std::string parse_error_;
};

}  // namespace groundgate::proxy::openai
