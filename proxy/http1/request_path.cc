#include "proxy/http1/request_path.h"

#include <optional>
#include <vector>

namespace groundgate::proxy::http1 {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Percent-escapes decoded, letters lowercased.
std::string decoded_lowercase(std::string_view path) {
  std::string out;
  out.reserve(path.size());
  for (std::size_t i = 0; i < path.size(); ++i) {
    char c = path[i];
    if (c == '%' && i + 2 < path.size()) {
      const int high = hex_value(path[i + 1]);
      const int low = hex_value(path[i + 2]);
      if (high >= 0 && low >= 0) {
        c = static_cast<char>(high * 16 + low);
        i += 2;
      }
    }
    out.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
  }
  return out;
}

// The path of `target` (up to "?" or "#") when it is its own normal form, else nullopt: it
// starts with "/", holds no escape, upper-case letter, ";" or "." (no parameters, no dot
// segments), no empty segment and no trailing "/". The usual request path
// ("/v1/chat/completions") is, and costs one scan instead of a decode.
std::optional<std::string_view> already_normalized(std::string_view target) {
  if (target.empty() || target.front() != '/') return std::nullopt;
  std::size_t end = 1;
  for (char before = '/'; end < target.size(); ++end) {
    const char c = target[end];
    if (c == '?' || c == '#') break;
    if (c == '%' || c == ';' || c == '.' || (c >= 'A' && c <= 'Z')) return std::nullopt;
    if (c == '/' && before == '/') return std::nullopt;
    before = c;
  }
  if (end > 1 && target[end - 1] == '/') return std::nullopt;
  return target.substr(0, end);
}

}  // namespace

std::string normalized_path(std::string_view target) {
  if (const std::optional<std::string_view> path = already_normalized(target)) {
    return std::string(*path);
  }
  const std::string path = decoded_lowercase(target.substr(0, target.find_first_of("?#")));
  std::vector<std::string_view> segments;
  std::string_view rest = path;
  while (!rest.empty()) {
    const std::size_t slash = rest.find('/');
    std::string_view segment = rest.substr(0, slash);
    rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
    segment = segment.substr(0, segment.find(';'));
    if (segment.empty() || segment == ".") continue;
    if (segment == "..") {
      if (!segments.empty()) segments.pop_back();
      continue;
    }
    segments.push_back(segment);
  }
  std::string out;
  out.reserve(path.size() + 1);
  for (std::string_view segment : segments) {
    out.push_back('/');
    out.append(segment);
  }
  return out.empty() ? "/" : out;
}

}  // namespace groundgate::proxy::http1
