#pragma once
// Small readers of simdjson DOM values that the request decoders share.

#include <optional>
#include <string>
#include <string_view>

#include <simdjson.h>

namespace groundgate::proxy::openai {

std::optional<std::string_view> string_of(simdjson::dom::element element);
std::optional<std::string_view> field_string(simdjson::dom::object object, std::string_view key);
// An id may be a string or a number; empty when it is neither.
std::string id_text(simdjson::dom::object object, std::string_view key);
// A member present and not null.
bool present(simdjson::dom::object object, std::string_view key);

// The first key `object` holds twice, or nullopt. JSON readers disagree on such a member (most
// keep the last, simdjson's DOM the first), so the upstream could read another request than
// the one the filters checked: a decoder refuses it.
std::optional<std::string_view> repeated_key(simdjson::dom::object object);

}  // namespace groundgate::proxy::openai
