#include "proxy/observability/access_log_record.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string_view>

#include "filters/text/utf8.h"
#include "filters/verdict/json_string.h"

namespace groundgate::proxy::observability {
namespace {

constexpr std::size_t kMaxFieldBytes = 512;
constexpr std::size_t kMaxPathBytes = 2048;
constexpr std::size_t kMaxExtraFields = 48;

// A JSON string literal of at most `max_bytes` input bytes, cut between characters (the
// project's one escaper; invalid UTF-8 becomes U+FFFD).
void append_json_string(std::string& out, std::string_view s, std::size_t max_bytes) {
  if (s.size() > max_bytes) s = s.substr(0, filters::text::align_to_char_start(s, max_bytes));
  filters::verdict::append_json_string(out, s);
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
