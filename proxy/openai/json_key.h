#pragma once
// A member's key as simdjson On Demand walks an object. OpenAI's keys never hold escapes: their
// raw bytes are the key, which spares copying each one into the parser's string buffer; a key
// with an escape is unescaped.

#include <string_view>

#include <simdjson.h>

namespace groundgate::proxy::openai {

inline simdjson::error_code json_key(simdjson::ondemand::field& field, std::string_view& key) {
  const char* raw = field.key().raw();  // just past the opening quote; the input is padded
  std::size_t n = 0;
  while (raw[n] != '"' && raw[n] != '\\')
    ++n;
  if (raw[n] == '"') {
    key = std::string_view(raw, n);
    return simdjson::SUCCESS;
  }
  return field.unescaped_key().get(key);
}

}  // namespace groundgate::proxy::openai
