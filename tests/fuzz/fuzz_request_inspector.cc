// The request inspector never fails hard, whatever the body.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "proxy/openai/request_inspector.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(bytes), size);
  groundgate::proxy::openai::RequestInspector inspector;
  const auto info = inspector.inspect("/v1/chat/completions", body);
  if (!info.valid_json && info.error.empty()) __builtin_trap();
  if (!info.valid_json && (info.stream || info.include_usage)) __builtin_trap();
  return 0;
}
