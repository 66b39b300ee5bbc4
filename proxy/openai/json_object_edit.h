#pragma once
// Edits of one JSON object's members in its text, every other byte kept: for objects made from
// an upstream's (the Responses API's final response of a stopped answer).

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace groundgate::proxy::openai {

// `object` with each of `members` (key, serialised value) set: an existing member's value is
// replaced, a missing one appended. Nullopt when `object` is not a JSON object.
std::optional<std::string> set_members(
    std::string_view object, std::span<const std::pair<std::string_view, std::string>> members);

}  // namespace groundgate::proxy::openai
