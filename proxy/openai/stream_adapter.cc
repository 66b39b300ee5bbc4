#include "proxy/openai/stream_adapter.h"

#include "proxy/openai/chat_stream_adapter.h"
#include "proxy/openai/responses_stream_adapter.h"

namespace groundgate::proxy::openai {

std::unique_ptr<StreamAdapter> make_stream_adapter(EndpointKind kind) {
  if (kind == EndpointKind::kResponses) return std::make_unique<ResponsesStreamAdapter>();
  return std::make_unique<ChatStreamAdapter>();
}

}  // namespace groundgate::proxy::openai
