#include "proxy/mock/json_text.h"

#include <charconv>

namespace groundgate::proxy::mock {
namespace {

template <typename T>
void append_integer(std::string& out, T value) {
  char digits[24];
  auto [end, ec] = std::to_chars(digits, digits + sizeof(digits), value);
  out.append(digits, end);
}

}  // namespace

void append_number(std::string& out, int64_t value) {
  append_integer(out, value);
}
void append_number(std::string& out, uint64_t value) {
  append_integer(out, value);
}

}  // namespace groundgate::proxy::mock
