#pragma once
// OpenAI-shaped error bodies: {"error":{"message":...,"type":...,"param":null,"code":...}}.

#include <string>
#include <string_view>

namespace groundgate::proxy::openai {

// An empty `code` is written as null.
std::string error_body(std::string_view message, std::string_view type, std::string_view code = {});

}  // namespace groundgate::proxy::openai
