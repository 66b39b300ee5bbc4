#pragma once
// Appending JSON text to a reused string without temporaries.

#include <cstdint>
#include <string>
#include <string_view>

#include "filters/verdict/json_string.h"

namespace groundgate::proxy::mock {

using filters::verdict::append_json_string;
void append_number(std::string& out, int64_t value);
void append_number(std::string& out, uint64_t value);

}  // namespace groundgate::proxy::mock
