#pragma once
// OpenAI-shaped error bodies: {"error":{"message","type","param","code"}}.

#include <string>
#include <string_view>

namespace groundgate::proxy::mock {

// Appends the error body for `status`. An empty message takes the status's usual OpenAI text;
// an empty param is null.
void append_error_body(std::string& out, unsigned status, std::string_view message,
                       std::string_view param = {});

}  // namespace groundgate::proxy::mock
