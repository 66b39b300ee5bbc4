#include "proxy/openai/stream_adapter.h"

#include "proxy/openai/chat_stream_adapter.h"

namespace groundgate::proxy::openai {

std::unique_ptr<StreamAdapter> make_stream_adapter(EndpointKind) {
  return std::make_unique<ChatStreamAdapter>();
}

}  // namespace groundgate::proxy::openai
