#include "proxy/tracing/trace_context.h"

#include <algorithm>

namespace groundgate::proxy::tracing {
namespace {

constexpr std::size_t kVersion00Size = 55;  // 2 + 1 + 32 + 1 + 16 + 1 + 2

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;  // uppercase is not allowed either
}

// Reads exactly out.size() bytes of lowercase hex.
bool read_hex(std::string_view text, std::span<std::uint8_t> out) {
  if (text.size() != out.size() * 2) return false;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int high = hex_value(text[2 * i]);
    const int low = hex_value(text[2 * i + 1]);
    if (high < 0 || low < 0) return false;
    out[i] = static_cast<std::uint8_t>(high * 16 + low);
  }
  return true;
}

bool all_zero(std::span<const std::uint8_t> bytes) {
  return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

}  // namespace

std::optional<TraceParent> parse_traceparent(std::string_view header) {
  if (header.size() < kVersion00Size) return std::nullopt;
  std::array<std::uint8_t, 1> version{};
  if (!read_hex(header.substr(0, 2), version) || version[0] == 0xff) return std::nullopt;
  // Version 00 is exactly its four fields; a later version may append fields after a '-'.
  if (version[0] == 0 ? header.size() != kVersion00Size
                      : header.size() > kVersion00Size && header[kVersion00Size] != '-') {
    return std::nullopt;
  }
  if (header[2] != '-' || header[35] != '-' || header[52] != '-') return std::nullopt;
  TraceParent out;
  std::array<std::uint8_t, 1> flags{};
  if (!read_hex(header.substr(3, 32), out.trace_id) ||
      !read_hex(header.substr(36, 16), out.parent_id) || !read_hex(header.substr(53, 2), flags)) {
    return std::nullopt;
  }
  if (all_zero(out.trace_id) || all_zero(out.parent_id)) return std::nullopt;
  out.flags = flags[0];
  return out;
}

std::string to_hex(std::span<const std::uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (std::uint8_t b : bytes) {
    out.push_back(kDigits[b >> 4]);
    out.push_back(kDigits[b & 0x0f]);
  }
  return out;
}

std::string format_traceparent(const TraceId& trace_id, const SpanId& span_id, bool sampled) {
  std::string out;
  out.reserve(kVersion00Size);
  out += "00-";
  out += to_hex(trace_id);
  out += '-';
  out += to_hex(span_id);
  out += sampled ? "-01" : "-00";
  return out;
}

}  // namespace groundgate::proxy::tracing
