#include "proxy/http1/media_type.h"

#include <array>
#include <optional>
#include <string_view>

#include <boost/beast/core/string.hpp>

namespace groundgate::proxy::http1 {
namespace {

using boost::beast::iequals;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
    s.remove_suffix(1);
  return s;
}

// The token characters (RFC 9110 section 5.6.2).
constexpr std::array<bool, 256> kTokenChars = [] {
  std::array<bool, 256> table{};
  for (int c = 0; c < 256; ++c)
    table[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  for (const char c : std::string_view("!#$%&'*+-.^_`|~"))
    table[static_cast<unsigned char>(c)] = true;
  return table;
}();

bool tchar(char c) {
  return kTokenChars[static_cast<unsigned char>(c)];
}

bool token(std::string_view s) {
  if (s.empty()) return false;
  for (const char c : s)
    if (!tchar(c)) return false;
  return true;
}

BodyType type_of(std::string_view value) {
  const std::string_view media = trim(value.substr(0, value.find(';')));
  const std::size_t slash = media.find('/');
  if (slash == std::string_view::npos) return BodyType::kOther;
  const std::string_view type = media.substr(0, slash);
  const std::string_view subtype = media.substr(slash + 1);
  if (!token(type) || !token(subtype)) return BodyType::kOther;
  if (iequals(type, "text") && iequals(subtype, "event-stream")) return BodyType::kEventStream;
  if (!iequals(type, "application")) return BodyType::kOther;
  if (iequals(subtype, "json")) return BodyType::kJson;
  const std::string_view suffix = "+json";
  if (subtype.size() > suffix.size() &&
      iequals(subtype.substr(subtype.size() - suffix.size()), suffix)) {
    return BodyType::kJson;
  }
  return BodyType::kOther;
}

}  // namespace

BodyType body_type(const HeaderFields& message) {
  std::optional<BodyType> found;
  for (const HeaderFields::Field field : message) {
    if (field.name != boost::beast::http::field::content_type) continue;
    const BodyType type = type_of(field.value);
    if (found && *found != type) return BodyType::kOther;
    found = type;
  }
  return found.value_or(BodyType::kMissing);
}

BodyType sniffed_body_type(std::string_view start) {
  const std::size_t first = start.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return BodyType::kMissing;
  start.remove_prefix(first);
  if (start.front() == '{' || start.front() == '[') return BodyType::kJson;
  if (start.front() == ':') return BodyType::kEventStream;
  for (std::string_view field : {"data", "event", "id", "retry"}) {
    if (start.size() > field.size() && start.starts_with(field) &&
        (start[field.size()] == ':' || start[field.size()] == '\n' ||
         start[field.size()] == '\r')) {
      return BodyType::kEventStream;
    }
  }
  // A field name not yet complete ("da") cannot be told apart yet.
  for (std::string_view field : {"data", "event", "id", "retry"}) {
    if (start.size() <= field.size() && field.starts_with(start)) return BodyType::kMissing;
  }
  return BodyType::kOther;
}

}  // namespace groundgate::proxy::http1
