// A request body decoded as the proxy decodes it, then its context extracted per random options:
// never a crash, the passages within the byte bound.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "filters/context/context_extractor.h"
#include "proxy/openai/request_decoder.h"

using groundgate::filters::context::ContextOptions;
using groundgate::filters::context::extract_context;

// The first byte picks the options; the rest is the request body.
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::uint8_t flags = data[0];
  std::string_view body(reinterpret_cast<const char*>(data + 1), size - 1);
  ContextOptions options;
  options.tool_messages = flags & 1;
  options.extension_fields = flags & 2;
  options.user_messages = flags & 4;
  options.tagged_blocks = flags & 8;
  options.system_message = flags & 16;
  options.question = flags & 32;
  options.max_bytes = (flags & 64) ? 64 : 256 * 1024;
  const auto request = groundgate::proxy::openai::decode_request(body);
  auto context = extract_context(request.view, options);
  std::size_t bytes = 0;
  for (const auto& passage : context.passages)
    bytes += passage.text.size();
  if (bytes != context.bytes || bytes > options.max_bytes) std::abort();
  if (!request.view.readable && !context.passages.empty()) std::abort();
  return 0;
}
