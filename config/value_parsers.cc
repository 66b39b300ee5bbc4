#include "config/value_parsers.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace groundgate::config {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  return s;
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string quoted(std::string_view s) {
  constexpr std::size_t kMaxShown = 64;  // keep messages short for pasted blobs
  std::string out = "'";
  out.append(s.substr(0, kMaxShown));
  if (s.size() > kMaxShown) out += "...";
  out += "'";
  return out;
}

// Splits "<digits><spaces><unit>"; the number saturates at `cap + 1` so overflow is reported.
struct NumberAndUnit {
  std::uint64_t number = 0;
  std::string_view unit;
};

std::optional<NumberAndUnit> split_number(std::string_view s, std::uint64_t cap) {
  NumberAndUnit out;
  std::size_t i = 0;
  while (i < s.size() && is_digit(s[i])) {
    out.number = std::min(out.number * 10 + static_cast<std::uint64_t>(s[i] - '0'), cap + 1);
    ++i;
  }
  if (i == 0) return std::nullopt;
  out.unit = trim(s.substr(i));
  return out;
}

std::optional<uint16_t> parse_port(std::string_view s) {
  if (s.empty() || s.size() > 5 || !std::all_of(s.begin(), s.end(), is_digit)) return std::nullopt;
  unsigned value = 0;
  for (char c : s)
    value = value * 10 + static_cast<unsigned>(c - '0');
  if (value > 65535) return std::nullopt;
  return static_cast<uint16_t>(value);
}

bool valid_name_host(std::string_view h) {
  return std::all_of(h.begin(), h.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_';
  });
}

bool valid_v6_host(std::string_view h) {
  return h.find(':') != std::string_view::npos && std::all_of(h.begin(), h.end(), [](char c) {
           return std::isxdigit(static_cast<unsigned char>(c)) || c == ':' || c == '.';
         });
}

struct HostPort {
  std::string host;
  std::optional<uint16_t> port;  // empty: none written
};

// "host", "host:port", "[v6]" or "[v6]:port".
Parsed<HostPort> parse_host_port(std::string_view s) {
  HostPort out;
  std::string_view rest;
  if (!s.empty() && s.front() == '[') {
    auto close = s.find(']');
    if (close == std::string_view::npos)
      return Parsed<HostPort>::fail("missing ']' after IPv6 address");
    std::string_view host = s.substr(1, close - 1);
    if (!valid_v6_host(host)) return Parsed<HostPort>::fail("invalid IPv6 address " + quoted(host));
    out.host = std::string(host);
    rest = s.substr(close + 1);
    if (!rest.empty() && rest.front() != ':') {
      return Parsed<HostPort>::fail("unexpected " + quoted(rest) + " after ']'");
    }
  } else {
    auto colon = s.find(':');
    std::string_view host = s.substr(0, colon);
    if (colon != std::string_view::npos && s.find(':', colon + 1) != std::string_view::npos) {
      return Parsed<HostPort>::fail("an IPv6 address needs brackets, e.g. [::1]:8080");
    }
    if (host.empty()) return Parsed<HostPort>::fail("missing host");
    if (!valid_name_host(host)) return Parsed<HostPort>::fail("invalid host " + quoted(host));
    out.host = std::string(host);
    if (colon != std::string_view::npos) rest = s.substr(colon);
  }
  if (out.host.empty()) return Parsed<HostPort>::fail("missing host");
  if (!rest.empty()) {
    auto port = parse_port(rest.substr(1));
    if (!port)
      return Parsed<HostPort>::fail("invalid port " + quoted(rest.substr(1)) + " (0-65535)");
    out.port = *port;
  }
  return Parsed<HostPort>{std::move(out), {}};
}

}  // namespace

Parsed<Millis> parse_duration(std::string_view text) {
  static constexpr std::string_view kHint = " (use e.g. 250ms, 5s, 2m, 1h or integer milliseconds)";
  std::string_view s = trim(text);
  const auto max_ms = static_cast<std::uint64_t>(kMaxDuration.count());
  auto parts = split_number(s, max_ms);
  if (!parts) return Parsed<Millis>::fail("invalid duration " + quoted(text) + std::string(kHint));
  static constexpr std::array<std::pair<std::string_view, std::uint64_t>, 5> kUnits{
      {{"", 1}, {"ms", 1}, {"s", 1000}, {"m", 60'000}, {"h", 3'600'000}}};
  auto unit = std::find_if(kUnits.begin(), kUnits.end(),
                           [&](const auto& u) { return u.first == parts->unit; });
  if (unit == kUnits.end()) {
    return Parsed<Millis>::fail("invalid duration unit " + quoted(parts->unit) + " in " +
                                quoted(text) + std::string(kHint));
  }
  if (parts->number > max_ms / unit->second) {
    return Parsed<Millis>::fail("duration " + quoted(text) + " is too long (at most 720h)");
  }
  return Parsed<Millis>{Millis{static_cast<Millis::rep>(parts->number * unit->second)}, {}};
}

Parsed<std::uint64_t> parse_size(std::string_view text) {
  static constexpr std::string_view kHint = " (use e.g. 512, 64KiB, 8MiB, 1GiB or 8MB)";
  std::string_view s = trim(text);
  auto parts = split_number(s, kMaxSize);
  if (!parts)
    return Parsed<std::uint64_t>::fail("invalid size " + quoted(text) + std::string(kHint));
  static constexpr std::uint64_t kKi = 1024, kK = 1000;
  static constexpr std::array<std::pair<std::string_view, std::uint64_t>, 18> kUnits{{
      {"", 1},
      {"b", 1},
      {"k", kK},
      {"kb", kK},
      {"ki", kKi},
      {"kib", kKi},
      {"m", kK * kK},
      {"mb", kK * kK},
      {"mi", kKi * kKi},
      {"mib", kKi * kKi},
      {"g", kK * kK * kK},
      {"gb", kK * kK * kK},
      {"gi", kKi * kKi * kKi},
      {"gib", kKi * kKi * kKi},
      {"t", kK * kK * kK * kK},
      {"tb", kK * kK * kK * kK},
      {"ti", kKi * kKi * kKi * kKi},
      {"tib", kKi * kKi * kKi * kKi},
  }};
  const std::string unit_text = lower(parts->unit);
  auto unit = std::find_if(kUnits.begin(), kUnits.end(),
                           [&](const auto& u) { return u.first == unit_text; });
  if (unit == kUnits.end()) {
    return Parsed<std::uint64_t>::fail("invalid size unit " + quoted(parts->unit) + " in " +
                                       quoted(text) + std::string(kHint));
  }
  if (parts->number > kMaxSize / unit->second) {
    return Parsed<std::uint64_t>::fail("size " + quoted(text) + " is too large (at most 1TiB)");
  }
  return Parsed<std::uint64_t>{parts->number * unit->second, {}};
}

Parsed<Endpoint> parse_endpoint(std::string_view text) {
  std::string_view s = trim(text);
  auto hp = parse_host_port(s);
  if (!hp) return Parsed<Endpoint>::fail("invalid endpoint " + quoted(text) + ": " + hp.error);
  if (!hp.value->port) {
    return Parsed<Endpoint>::fail("invalid endpoint " + quoted(text) +
                                  ": missing port (write host:port, e.g. 127.0.0.1:8080)");
  }
  return Parsed<Endpoint>{Endpoint{std::move(hp.value->host), *hp.value->port}, {}};
}

Parsed<UpstreamUrl> parse_upstream_url(std::string_view text) {
  auto fail = [&](std::string why) {
    return Parsed<UpstreamUrl>::fail("invalid url " + quoted(text) + ": " + why);
  };
  if (std::any_of(text.begin(), text.end(),
                  [](char c) { return static_cast<unsigned char>(c) <= 0x20 || c == 0x7f; })) {
    return fail("contains whitespace or control characters");
  }
  UpstreamUrl out;
  auto sep = text.find("://");
  if (sep == std::string_view::npos) return fail("missing scheme (write http:// or https://)");
  const std::string scheme = lower(text.substr(0, sep));
  if (scheme == "https") {
    out.https = true;
  } else if (scheme != "http") {
    return fail("unsupported scheme " + quoted(scheme) + " (only http and https)");
  }
  std::string_view rest = text.substr(sep + 3);
  if (rest.find('#') != std::string_view::npos) return fail("fragments ('#') are not allowed");
  if (rest.find('?') != std::string_view::npos) return fail("query strings ('?') are not allowed");
  auto slash = rest.find('/');
  std::string_view authority = rest.substr(0, slash);
  if (authority.find('@') != std::string_view::npos) {
    return fail("user info ('user@') is not allowed; send credentials as headers");
  }
  if (authority.empty()) return fail("missing host");
  auto hp = parse_host_port(authority);
  if (!hp) return fail(hp.error);
  if (hp.value->port == uint16_t{0}) return fail("port 0 is not a valid upstream port");
  out.host = std::move(hp.value->host);
  out.port = hp.value->port.value_or(out.https ? 443 : 80);
  if (slash != std::string_view::npos) {
    std::string_view path = rest.substr(slash);
    while (!path.empty() && path.back() == '/')
      path.remove_suffix(1);
    out.base_path = std::string(path);
  }
  return Parsed<UpstreamUrl>{std::move(out), {}};
}

}  // namespace groundgate::config
