#include "proxy/mock/error_body.h"

#include "proxy/mock/json_text.h"

namespace groundgate::proxy::mock {
namespace {

struct ErrorKind {
  std::string_view type;
  std::string_view code;  // empty: null
  std::string_view message;
};

ErrorKind kind_of(unsigned status) {
  switch (status) {
    case 401:
      return {"invalid_request_error", "invalid_api_key", "Incorrect API key provided."};
    case 403:
      return {"invalid_request_error", "unsupported_country_region_territory",
              "Country, region, or territory not supported."};
    case 404:
      return {"invalid_request_error", "unknown_url", "The requested resource does not exist."};
    case 429:
      return {"requests", "rate_limit_exceeded",
              "Rate limit reached for requests. Please try again in 1s."};
    case 500:
      return {"server_error", "",
              "The server had an error while processing your request. Sorry about that!"};
    case 503:
      return {"server_error", "", "The engine is currently overloaded, please try again later."};
    default:
      if (status >= 500) return {"server_error", "", "The server had an error."};
      return {"invalid_request_error", "", "The request was invalid."};
  }
}

}  // namespace

void append_error_body(std::string& out, unsigned status, std::string_view message,
                       std::string_view param) {
  const ErrorKind kind = kind_of(status);
  out.append(R"({"error":{"message":)");
  append_json_string(out, message.empty() ? kind.message : message);
  out.append(R"(,"type":)");
  append_json_string(out, kind.type);
  out.append(R"(,"param":)");
  if (param.empty()) {
    out.append("null");
  } else {
    append_json_string(out, param);
  }
  out.append(R"(,"code":)");
  if (kind.code.empty()) {
    out.append("null");
  } else {
    append_json_string(out, kind.code);
  }
  out.append("}}");
}

}  // namespace groundgate::proxy::mock
