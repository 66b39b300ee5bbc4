#pragma once
// Parsers for the scalar formats of the config file (durations, sizes, endpoints, upstream URLs).
// Pure functions on text: the YAML loader adds the position to their error messages.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "config/config.h"

namespace groundgate::config {

// A value or the reason there is none.
template <typename T>
struct Parsed {
  std::optional<T> value;
  std::string error;  // set exactly when value is empty

  static Parsed fail(std::string why) { return Parsed{std::nullopt, std::move(why)}; }
  explicit operator bool() const { return value.has_value(); }
};

inline constexpr Millis kMaxDuration{30LL * 24 * 3600 * 1000};     // 30 days
inline constexpr std::uint64_t kMaxSize = std::uint64_t{1} << 40;  // 1 TiB

// "250ms", "5s", "2m", "1h", or an integer number of milliseconds ("1500").
Parsed<Millis> parse_duration(std::string_view text);

// "512" or "512B" bytes; "64KiB"/"8MiB"/"1GiB"/"1TiB" binary; "64KB"/"8MB"/"1GB"/"1TB" decimal.
// Units are case-insensitive and the trailing "B" is optional ("8Mi", "8M").
Parsed<std::uint64_t> parse_size(std::string_view text);

// "host:port" or "[v6addr]:port"; the host is returned without brackets. Port 0 = any free port.
Parsed<Endpoint> parse_endpoint(std::string_view text);

struct UpstreamUrl {
  bool https = false;
  std::string host;  // without brackets for IPv6
  uint16_t port = 0;
  std::string base_path;  // "" or "/v1" (no trailing '/')
};

// "http(s)://host[:port][/base/path]"; no userinfo, query or fragment.
Parsed<UpstreamUrl> parse_upstream_url(std::string_view text);

}  // namespace groundgate::config
