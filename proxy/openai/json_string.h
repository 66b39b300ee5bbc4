#pragma once
// JSON string serialisation and UTF-8 boundaries for text that filters hand back.

#include <cstddef>
#include <string>
#include <string_view>

namespace groundgate::proxy::openai {

// Appends `text` as a quoted JSON string. Invalid UTF-8 becomes U+FFFD so the output is always
// valid JSON, whatever a filter produced.
void append_json_string(std::string& out, std::string_view text);
std::string json_string(std::string_view text);

// Length of the longest prefix of `text` that does not end inside a UTF-8 sequence; bytes after
// it are the start of a character whose remaining bytes have not arrived yet.
std::size_t utf8_complete_prefix(std::string_view text);

}  // namespace groundgate::proxy::openai
