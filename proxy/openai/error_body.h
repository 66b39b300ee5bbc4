#pragma once
// OpenAI-shaped error bodies: {"error":{"message":...,"type":...,"param":null,"code":...}}.

#include <string>
#include <string_view>

namespace groundgate::proxy::openai {

// An empty `code` is written as null.
std::string error_body(std::string_view message, std::string_view type, std::string_view code = {});

// Why a stream ended before its answer was complete: what its error event says (in the API's
// own shape, StreamAdapter::error_event), on the filtered and the pass-through path alike.
struct StreamCutShort {
  std::string_view message;
  std::string_view code;
};

// The upstream broke off before the answer's end.
inline constexpr StreamCutShort kUpstreamDisconnected{
    "the upstream closed the connection before the answer was complete", "upstream_disconnected"};
// The proxy's drain timeout cut the stream.
inline constexpr StreamCutShort kShuttingDown{
    "groundgate is shutting down: the answer was cut before it was complete",
    "proxy_shutting_down"};

}  // namespace groundgate::proxy::openai
