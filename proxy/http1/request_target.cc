#include "proxy/http1/request_target.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace groundgate::proxy::http1 {
namespace {

constexpr std::string_view kHexDigits = "0123456789ABCDEF";

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

// RFC 3986 section 2.3.
constexpr bool is_unreserved(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~';
}

// What a path may hold as it is besides escapes: pchar (unreserved, sub-delims, ":", "@") and "/".
constexpr std::array<bool, 256> kPathChars = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[c] = is_unreserved(static_cast<unsigned char>(c));
  for (const char c : std::string_view("!$&'()*+,;=:@/"))
    table[static_cast<unsigned char>(c)] = true;
  return table;
}();

bool is_path_char(unsigned char c) {
  return kPathChars[c];
}

// A path that normalize_path gives back as it is: path characters only, so no escape to
// decode or encode, and no "." (no dot segment to remove). The usual request path is one.
bool already_normalized(std::string_view path) {
  for (const char c : path) {
    if (c == '.' || !is_path_char(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// An escaped character that servers read apart: some decode it before they split or end the
// path, some after, so the proxy and the upstream could take two different paths from it.
bool is_refused_escape(unsigned char c) {
  return c < 0x20 || c == 0x7f || c == ' ' || c == '/' || c == '?' || c == '#' || c == '%' ||
         c == '\\';
}

void append_escape(std::string& out, unsigned char c) {
  out.push_back('%');
  out.push_back(kHexDigits[c >> 4]);
  out.push_back(kHexDigits[c & 0xf]);
}

NormalizedTarget refuse(std::string_view why) {
  return {false, {}, why};
}

// RFC 3986 section 5.2.4 on a path that starts with "/": "." segments go, ".." segments take
// the segment before them along; a last "." or ".." leaves the path ending in "/".
std::string remove_dot_segments(std::string_view path) {
  std::vector<std::string_view> segments;
  std::string_view rest = path.substr(1);
  while (true) {
    const std::size_t slash = rest.find('/');
    const std::string_view segment = rest.substr(0, slash);
    const bool last = slash == std::string_view::npos;
    if (segment == "." || segment == "..") {
      if (segment == ".." && !segments.empty()) segments.pop_back();
      if (last) segments.emplace_back();
    } else {
      segments.push_back(segment);
    }
    if (last) break;
    rest = rest.substr(slash + 1);
  }
  std::string out;
  out.reserve(path.size());
  for (std::string_view segment : segments) {
    out.push_back('/');
    out.append(segment);
  }
  return out.empty() ? "/" : out;
}

// The path with its escapes and characters normalised, or nullopt with `error` set.
std::optional<std::string> normalize_path(std::string_view path, std::string_view& error) {
  std::string out;
  out.reserve(path.size());
  for (std::size_t i = 0; i < path.size(); ++i) {
    const auto c = static_cast<unsigned char>(path[i]);
    if (c == '%') {
      const bool complete = i + 2 < path.size();
      const int high = complete ? hex_value(path[i + 1]) : -1;
      const int low = complete ? hex_value(path[i + 2]) : -1;
      if (high < 0 || low < 0) {
        error = "a malformed percent-escape in the request path";
        return std::nullopt;
      }
      const auto value = static_cast<unsigned char>(high * 16 + low);
      if (is_refused_escape(value)) {
        error = "an escaped control or delimiter character in the request path";
        return std::nullopt;
      }
      if (is_unreserved(value)) {
        out.push_back(static_cast<char>(value));
      } else {
        append_escape(out, value);
      }
      i += 2;
    } else if (c == '\\') {
      error = "a backslash in the request path";
      return std::nullopt;
    } else if (c < 0x20 || c == 0x7f || c == ' ' || c == '#') {
      error = c == '#' ? "a fragment in the request target" : "a control character in the target";
      return std::nullopt;
    } else if (is_path_char(c)) {
      out.push_back(static_cast<char>(c));
    } else {
      append_escape(out, c);  // a character no URI holds as it is: `"<>^{|}` and non-ASCII
    }
  }
  return remove_dot_segments(out);
}

struct Authority {
  std::string_view host;
  std::string_view port;  // empty: the scheme's default
};

// host[:port] (an IPv6 literal in brackets); nullopt when it is not that.
std::optional<Authority> split_authority(std::string_view authority) {
  Authority out;
  std::size_t host_end = 0;
  if (!authority.empty() && authority.front() == '[') {
    host_end = authority.find(']');
    if (host_end == std::string_view::npos) return std::nullopt;
    ++host_end;
  } else {
    host_end = authority.find(':');
    if (host_end == std::string_view::npos) host_end = authority.size();
  }
  out.host = authority.substr(0, host_end);
  if (out.host.empty()) return std::nullopt;
  if (host_end < authority.size()) {
    if (authority[host_end] != ':') return std::nullopt;
    out.port = authority.substr(host_end + 1);
    for (char c : out.port)
      if (c < '0' || c > '9') return std::nullopt;
  }
  return out;
}

// The port as a number with the scheme's default for none (leading zeros read as digits).
std::optional<std::uint32_t> port_of(std::string_view port, std::uint32_t default_port) {
  if (port.empty()) return default_port;
  std::uint32_t value = 0;
  for (char c : port) {
    value = value * 10 + static_cast<std::uint32_t>(c - '0');
    if (value > 65535) return std::nullopt;
  }
  return value;
}

bool same_authority(std::string_view target, std::string_view host, std::uint32_t default_port) {
  const std::optional<Authority> a = split_authority(target);
  const std::optional<Authority> b = split_authority(host);
  if (!a || !b || !iequals(a->host, b->host)) return false;
  const std::optional<std::uint32_t> pa = port_of(a->port, default_port);
  const std::optional<std::uint32_t> pb = port_of(b->port, default_port);
  return pa && pb && *pa == *pb;
}

}  // namespace

NormalizedTarget normalize_target(std::string_view target, std::string_view host) {
  std::string_view path_and_query = target;
  if (target.empty() || target.front() != '/') {
    // The absolute form: scheme "://" authority, then the path (possibly empty) and query.
    const std::size_t colon = target.find("://");
    if (colon == std::string_view::npos)
      return refuse("a request target in neither origin nor absolute form");
    const std::string_view scheme = target.substr(0, colon);
    const bool https = iequals(scheme, "https");
    if (!https && !iequals(scheme, "http"))
      return refuse("a request target of another scheme than http or https");
    const std::string_view rest = target.substr(colon + 3);
    const std::size_t authority_end = rest.find_first_of("/?#");
    const std::string_view authority = rest.substr(0, authority_end);
    if (authority.find('@') != std::string_view::npos) {
      return refuse("user information in the request target");
    }
    if (!host.empty() && !same_authority(authority, host, https ? 443 : 80)) {
      return refuse("a request target whose authority is not the Host header's");
    }
    if (host.empty() && !split_authority(authority))
      return refuse("a malformed authority in the request target");
    path_and_query = authority_end == std::string_view::npos ? "" : rest.substr(authority_end);
  }
  const std::size_t question = path_and_query.find('?');
  const std::string_view query =
      question == std::string_view::npos ? std::string_view() : path_and_query.substr(question);
  if (query.find('#') != std::string_view::npos) return refuse("a fragment in the request target");
  std::string_view path = path_and_query.substr(0, question);
  NormalizedTarget out;
  out.ok = true;
  if (!path.empty() && already_normalized(path)) {
    out.target.reserve(path.size() + query.size());
    out.target.append(path).append(query);
    return out;
  }
  std::string_view error;
  std::optional<std::string> normalized = normalize_path(path.empty() ? "/" : path, error);
  if (!normalized) return refuse(error);
  out.target = std::move(*normalized);
  out.target.append(query);
  return out;
}

}  // namespace groundgate::proxy::http1
