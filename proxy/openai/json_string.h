#pragma once
// JSON string serialisation and UTF-8 boundaries for text that filters hand back.

#include <cstddef>
#include <string>
#include <string_view>

#include "filters/verdict/json_string.h"

namespace groundgate::proxy::openai {

using filters::verdict::append_json_string;
using filters::verdict::json_string;

// Length of the longest prefix of `text` that does not end inside a UTF-8 sequence; bytes after
// it are the start of a character whose remaining bytes have not arrived yet.
std::size_t utf8_complete_prefix(std::string_view text);

}  // namespace groundgate::proxy::openai
