#include "proxy/observability/access_log_record.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string_view>

namespace groundgate::proxy::observability {
namespace {

constexpr std::size_t kMaxFieldBytes = 512;
constexpr std::size_t kMaxPathBytes = 2048;
constexpr std::size_t kMaxExtraFields = 48;

// Length of the valid UTF-8 sequence at s[i], or 0 if it is not one.
std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;  // overlong
    if (c == 0xED) hi = 0x9F;  // surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;  // overlong
    if (c == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return n;
}

// A JSON string literal of at most `max_bytes` input bytes, cut between characters.
void append_json_string(std::string& out, std::string_view s, std::size_t max_bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t n = utf8_sequence_length(s, i);
    if (i + std::max<std::size_t>(n, 1) > max_bytes) break;
    if (n == 0) {
      out += "\\ufffd";
      ++i;
      continue;
    }
    if (n > 1) {
      out.append(s.substr(i, n));
      i += n;
      continue;
    }
    const char c = s[i++];
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          out += "\\u00";
          out += kHex[(c >> 4) & 0xf];
          out += kHex[c & 0xf];
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

void append_key(std::string& out, std::string_view key) {
  if (out.size() > 1) out += ',';
  out += '"';
  out += key;  // our own keys need no escaping
  out += "\":";
}

void append_string_field(std::string& out, std::string_view key, std::string_view value,
                         std::size_t max_bytes = kMaxFieldBytes) {
  append_key(out, key);
  append_json_string(out, value, max_bytes);
}

void append_uint_field(std::string& out, std::string_view key, std::uint64_t value) {
  append_key(out, key);
  char buf[24];
  out.append(buf, std::to_chars(buf, buf + sizeof(buf), value).ptr);
}

// Milliseconds with microsecond resolution; JSON has no NaN or infinity.
void append_ms_field(std::string& out, std::string_view key, std::optional<double> value) {
  append_key(out, key);
  if (!value || !std::isfinite(*value)) {
    out += "null";
    return;
  }
  char buf[48];
  out.append(buf, std::to_chars(buf, buf + sizeof(buf), *value, std::chars_format::fixed, 3).ptr);
}

// RFC 3339 in UTC with milliseconds, e.g. 2024-05-01T12:00:00.123Z.
void append_time_field(std::string& out, std::string_view key,
                       std::chrono::system_clock::time_point t) {
  using namespace std::chrono;
  const auto ms = duration_cast<milliseconds>(t.time_since_epoch()).count();
  std::time_t secs = static_cast<std::time_t>(ms / 1000);
  long frac = static_cast<long>(ms % 1000);
  if (frac < 0) {
    frac += 1000;
    --secs;
  }
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[40];
  const std::size_t n = std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%S", &tm);
  append_key(out, key);
  out += '"';
  out.append(buf, n);
  char frac_buf[8];
  std::snprintf(frac_buf, sizeof(frac_buf), ".%03ldZ", frac);
  out += frac_buf;
  out += '"';
}

std::string_view without_query(std::string_view path) {
  return path.substr(0, path.find_first_of("?#"));
}

}  // namespace

std::string AccessLogRecord::to_json() const {
  std::string out;
  out.reserve(512);
  out += '{';
  append_time_field(out, "ts", start_time);
  append_string_field(out, "request_id", request_id);
  append_string_field(out, "route", route);
  append_string_field(out, "upstream", upstream);
  append_string_field(out, "model", model);
  append_string_field(out, "method", method);
  append_string_field(out, "path", without_query(path), kMaxPathBytes);
  append_uint_field(out, "status", static_cast<std::uint64_t>(status < 0 ? 0 : status));
  append_key(out, "stream");
  out += stream ? "true" : "false";
  append_ms_field(out, "ttfb_ms", ttfb_ms);
  append_ms_field(out, "duration_ms", duration_ms);
  append_uint_field(out, "bytes_in", bytes_in);
  append_uint_field(out, "bytes_out", bytes_out);
  append_string_field(out, "error", error);
  if (!extra.empty()) {
    append_key(out, "extra");
    out += '{';
    for (std::size_t i = 0; i < extra.size() && i < kMaxExtraFields; ++i) {
      if (i > 0) out += ',';
      append_json_string(out, extra[i].first, kMaxFieldBytes);
      out += ':';
      append_json_string(out, extra[i].second, kMaxFieldBytes);
    }
    out += '}';
  }
  out += '}';
  return out;
}

}  // namespace groundgate::proxy::observability
