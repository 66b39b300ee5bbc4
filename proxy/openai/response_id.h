#pragma once
// The upstream's own id of an answer: the top-level "id" of a chat completion, a chunk, a
// legacy completion or a Responses API response object (`chatcmpl-…`, `cmpl-…`, `resp_…`), as
// every SDK shows it to the app. The verdict look-up files an answer under it too.

#include <string>
#include <string_view>

namespace groundgate::proxy::openai {

// Empty when `json` is not an object with a string "id" (read up to that member only).
std::string response_id(std::string_view json);

}  // namespace groundgate::proxy::openai
