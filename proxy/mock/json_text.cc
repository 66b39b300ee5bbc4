#include "proxy/mock/json_text.h"

#include <charconv>

namespace groundgate::proxy::mock {
namespace {

constexpr char kHex[] = "0123456789abcdef";

bool needs_escape(unsigned char c) {
  return c < 0x20 || c == '"' || c == '\\';
}

template <typename T>
void append_integer(std::string& out, T value) {
  char digits[24];
  auto [end, ec] = std::to_chars(digits, digits + sizeof(digits), value);
  out.append(digits, end);
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  out.push_back('"');
  size_t run_start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (!needs_escape(c)) continue;
    out.append(text.data() + run_start, i - run_start);
    run_start = i + 1;
    switch (c) {
      case '"':
        out.append("\\\"");
        break;
      case '\\':
        out.append("\\\\");
        break;
      case '\n':
        out.append("\\n");
        break;
      case '\r':
        out.append("\\r");
        break;
      case '\t':
        out.append("\\t");
        break;
      case '\b':
        out.append("\\b");
        break;
      case '\f':
        out.append("\\f");
        break;
      default:
        out.append("\\u00");
        out.push_back(kHex[c >> 4]);
        out.push_back(kHex[c & 0xf]);
    }
  }
  out.append(text.data() + run_start, text.size() - run_start);
  out.push_back('"');
}

void append_number(std::string& out, int64_t value) {
  append_integer(out, value);
}
void append_number(std::string& out, uint64_t value) {
  append_integer(out, value);
}

}  // namespace groundgate::proxy::mock
