// Request targets (issue 29): whatever a client sends, a target the proxy accepts is one
// normal form that every server reads alike, and the proxy routes on what the upstream gets:
// it starts with "/", holds no fragment, no backslash, no escape of a control or delimiter
// character and no character a URI may not hold, no dot segment, and normalising it again
// changes nothing. The absolute form names the Host header's authority.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "proxy/http1/request_path.h"
#include "proxy/http1/request_target.h"

namespace {

using groundgate::proxy::http1::normalize_target;
using groundgate::proxy::http1::NormalizedTarget;

bool allowed_in_path(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         std::string_view("-._~!$&'()*+,;=:@/%").find(static_cast<char>(c)) !=
             std::string_view::npos;
}

int hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;  // lower-case digits are not the normal form
}

void check(std::string_view target, std::string_view host) {
  const NormalizedTarget out = normalize_target(target, host);
  if (!out.ok) {
    if (out.error.empty()) __builtin_trap();
    return;
  }
  const std::string& t = out.target;
  if (t.empty() || t.front() != '/' || t.find('#') != std::string::npos) __builtin_trap();
  const std::string_view path = std::string_view(t).substr(0, t.find('?'));
  for (std::size_t i = 0; i < path.size(); ++i) {
    const auto c = static_cast<unsigned char>(path[i]);
    if (!allowed_in_path(c)) __builtin_trap();
    if (c != '%') continue;
    if (i + 2 >= path.size()) __builtin_trap();
    const int high = hex(path[i + 1]);
    const int low = hex(path[i + 2]);
    if (high < 0 || low < 0) __builtin_trap();
    const int value = high * 16 + low;
    const bool unreserved = (value >= 'a' && value <= 'z') || (value >= 'A' && value <= 'Z') ||
                            (value >= '0' && value <= '9') || value == '-' || value == '.' ||
                            value == '_' || value == '~';
    if (unreserved || value < 0x20 || value == 0x7f || value == ' ' || value == '/' ||
        value == '?' || value == '#' || value == '%' || value == '\\') {
      __builtin_trap();
    }
    i += 2;
  }
  // No dot segment is left.
  for (std::string_view dots : {"/./", "/../"}) {
    if (std::string(path).append("/").find(dots) != std::string::npos) __builtin_trap();
  }
  // The normal form is a fixed point, whatever Host said.
  const NormalizedTarget again = normalize_target(t, host);
  if (!again.ok || again.target != t) __builtin_trap();
  (void)groundgate::proxy::http1::normalized_path(t);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(bytes), size);
  // "host\ntarget": the Host header, then the target.
  const std::size_t newline = input.find('\n');
  if (newline == std::string_view::npos) {
    check(input, "proxy:8080");
  } else {
    check(input.substr(newline + 1), input.substr(0, newline));
  }
  return 0;
}
