#include "proxy/openai/json_string.h"

namespace groundgate::proxy::openai {

std::size_t utf8_complete_prefix(std::string_view text) {
  // A sequence is at most 4 bytes: look back at most 3 bytes for an unfinished lead byte.
  const std::size_t n = text.size();
  for (std::size_t back = 1; back <= 3 && back <= n; ++back) {
    const auto b = static_cast<unsigned char>(text[n - back]);
    if ((b & 0xC0) == 0x80) continue;  // continuation byte: keep looking for its lead
    std::size_t need = 0;
    if (b >= 0xC0 && b <= 0xDF)
      need = 2;
    else if (b >= 0xE0 && b <= 0xEF)
      need = 3;
    else if (b >= 0xF0 && b <= 0xF7)
      need = 4;
    return need > back ? n - back : n;
  }
  return n;
}

}  // namespace groundgate::proxy::openai
