#pragma once
// Where the members of a JSON object and the elements of an array sit in its bytes, for text a
// JSON parser accepted (the request decoder's): what the request writer (request_writer.h)
// needs to change one value, or leave members out, and keep every other byte as it came.
// Anything else gives nullopt, never a crash.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::proxy::openai {

// Byte span of one member: from the key's opening quote to just after the value; the key's
// closing quote and the value's first byte between.
struct MemberSpan {
  std::size_t key_begin = 0;
  std::size_t key_end = 0;  // just after the key's closing quote
  std::size_t value_begin = 0;
  std::size_t value_end = 0;
};

struct ValueSpan {
  std::size_t begin = 0;
  std::size_t end = 0;
};

// Position just after the JSON value that starts at `pos` (nesting counted, not recursed), or
// npos when it does not end.
std::size_t json_value_end(std::string_view json, std::size_t pos);

// Members of the object whose `{` is at the first non-space byte from `pos`, in document order
// (the order simdjson's DOM iterates them).
std::optional<std::vector<MemberSpan>> object_members(std::string_view json, std::size_t pos = 0);

// Elements of the array whose `[` is at the first non-space byte from `pos`, in order.
std::optional<std::vector<ValueSpan>> array_elements(std::string_view json, std::size_t pos);

// `json` (an object) without the top-level members flagged in `remove` (indexed like
// object_members), every other byte kept as it was: the member, its comma and the whitespace
// after it go.
std::optional<std::string> without_members(std::string_view json, const std::vector<bool>& remove);

}  // namespace groundgate::proxy::openai
