#pragma once
// Where an SSE line ends, for the parser and the event counter alike.

#include <cstddef>
#include <cstring>
#include <string_view>

namespace groundgate::proxy::sse {

// The first CR or LF at or after `from`, or bytes.size(). Streams end lines with LF: one memchr
// finds it, a second one looks for a CR only before it (find_first_of("\r\n") would call memchr
// once per byte).
inline std::size_t find_line_end(std::string_view bytes, std::size_t from) {
  const char* begin = bytes.data() + from;
  const auto* lf = static_cast<const char*>(std::memchr(begin, '\n', bytes.size() - from));
  const std::size_t lf_at =
      lf != nullptr ? static_cast<std::size_t>(lf - bytes.data()) : bytes.size();
  const auto* cr = static_cast<const char*>(std::memchr(begin, '\r', lf_at - from));
  return cr != nullptr ? static_cast<std::size_t>(cr - bytes.data()) : lf_at;
}

}  // namespace groundgate::proxy::sse
