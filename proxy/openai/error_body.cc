#include "proxy/openai/error_body.h"

#include "proxy/openai/json_string.h"

namespace groundgate::proxy::openai {

std::string error_body(std::string_view message, std::string_view type, std::string_view code) {
  std::string out = R"({"error":{"message":)";
  append_json_string(out, message);
  out.append(R"(,"type":)");
  append_json_string(out, type);
  out.append(R"(,"param":null,"code":)");
  if (code.empty()) {
    out.append("null");
  } else {
    append_json_string(out, code);
  }
  out.append("}}");
  return out;
}

}  // namespace groundgate::proxy::openai
