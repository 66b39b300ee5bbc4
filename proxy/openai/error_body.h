#pragma once
// OpenAI-shaped error bodies: {"error":{"message":...,"type":...,"param":null,"code":...}}.

#include <string>
#include <string_view>

namespace groundgate::proxy::openai {

// An empty `code` is written as null.
std::string error_body(std::string_view message, std::string_view type, std::string_view code = {});

// The error event a stream gets when the upstream broke off before [DONE], on the filtered and
// the pass-through path alike.
std::string upstream_disconnected_body();

// The error event a stream gets when the proxy's drain timeout cut it short.
std::string shutting_down_body();

}  // namespace groundgate::proxy::openai
