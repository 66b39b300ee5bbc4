#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::context {

// Byte span of one member of a JSON document's top-level object: from the key's opening
// quote to just after the value; the key's closing quote and the value's first byte between.
struct MemberSpan {
  std::size_t key_begin = 0;
  std::size_t key_end = 0;  // just after the key's closing quote
  std::size_t value_begin = 0;
  std::size_t value_end = 0;
};

// Position just after the JSON value that starts at `pos` (nesting counted, not recursed), or
// npos when it does not end. For text a JSON parser accepted.
std::size_t json_value_end(std::string_view json, std::size_t pos);

// Members of the top-level object, in document order (the order simdjson's DOM iterates
// them). For a document a JSON parser accepted; anything else gives nullopt, never a crash.
std::optional<std::vector<MemberSpan>> top_level_members(std::string_view json);

// `json` without the members flagged in `remove` (indexed like top_level_members), every
// other byte kept as it was: the member, its comma and the whitespace after it go.
std::optional<std::string> without_members(std::string_view json, const std::vector<bool>& remove);

}  // namespace groundgate::filters::context
