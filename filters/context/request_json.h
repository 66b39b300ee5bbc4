#pragma once
// Small readers of simdjson DOM values that the request readers share.

#include <optional>
#include <string>
#include <string_view>

#include <simdjson.h>

namespace groundgate::filters::context {

std::optional<std::string_view> string_of(simdjson::dom::element element);
std::optional<std::string_view> field_string(simdjson::dom::object object, std::string_view key);
// An id may be a string or a number; empty when it is neither.
std::string id_text(simdjson::dom::object object, std::string_view key);

}  // namespace groundgate::filters::context
