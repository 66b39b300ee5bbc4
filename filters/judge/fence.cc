#include "filters/judge/fence.h"

#include <random>

namespace groundgate::filters::judge {

std::string random_nonce() {
  thread_local std::mt19937_64 generator{(std::uint64_t{std::random_device{}()} << 32) ^
                                         std::random_device{}()};
  static constexpr char kHex[] = "0123456789abcdef";
  std::uint64_t bits = generator();
  std::string out(16, '0');
  for (char& c : out) {
    c = kHex[bits & 0xF];
    bits >>= 4;
  }
  return out;
}

std::string nonce_not_in(const std::vector<std::string_view>& data) {
  for (;;) {
    std::string nonce = random_nonce();
    bool seen = false;
    for (std::string_view d : data)
      seen = seen || d.find(nonce) != std::string_view::npos;
    if (!seen) return nonce;
  }
}

void append_fenced(std::string& out, std::string_view tag, std::string_view data,
                   std::string_view nonce, std::string_view attributes) {
  out += '<';
  out += tag;
  out += " id=\"";
  out += nonce;
  out += '"';
  if (!attributes.empty()) {
    out += ' ';
    out += attributes;
  }
  out += ">\n";
  out += data;
  if (!data.empty() && data.back() != '\n') out += '\n';
  out += "</";
  out += tag;
  out += " id=\"";
  out += nonce;
  out += "\">";
}

}  // namespace groundgate::filters::judge
