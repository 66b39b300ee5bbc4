#pragma once
// OpenAI-shaped error bodies: {"error":{"message":...,"type":...,"param":null,"code":...}}.

#include <string>
#include <string_view>

namespace groundgate::proxy::openai {

// An empty `code` is written as null.
std::string error_body(std::string_view message, std::string_view type, std::string_view code = {});

// The error a stream gets when the upstream broke off before the answer's end, on the filtered
// and the pass-through path alike.
inline constexpr std::string_view kUpstreamDisconnectedMessage =
    "the upstream closed the connection before the answer was complete";

}  // namespace groundgate::proxy::openai
