#pragma once
// Appending JSON text to a reused string without temporaries.

#include <cstdint>
#include <string>
#include <string_view>

namespace groundgate::proxy::mock {

// Appends `text` as a quoted JSON string (control characters, quote and backslash escaped).
void append_json_string(std::string& out, std::string_view text);
void append_number(std::string& out, int64_t value);
void append_number(std::string& out, uint64_t value);

}  // namespace groundgate::proxy::mock
