#include "filters/context/request_json.h"

#include <charconv>
#include <cstdint>

namespace groundgate::filters::context {

namespace dom = simdjson::dom;

std::optional<std::string_view> string_of(dom::element element) {
  std::string_view value;
  if (element.get_string().get(value) != simdjson::SUCCESS) return std::nullopt;
  return value;
}

std::optional<std::string_view> field_string(dom::object object, std::string_view key) {
  dom::element value;
  if (object.at_key(key).get(value) != simdjson::SUCCESS) return std::nullopt;
  return string_of(value);
}

std::string id_text(dom::object object, std::string_view key) {
  dom::element value;
  if (object.at_key(key).get(value) != simdjson::SUCCESS) return {};
  if (auto text = string_of(value)) return std::string(*text);
  char buffer[32];
  std::to_chars_result r{buffer, std::errc()};
  if (std::int64_t i; value.get_int64().get(i) == simdjson::SUCCESS) {
    r = std::to_chars(buffer, buffer + sizeof buffer, i);
  } else if (std::uint64_t u; value.get_uint64().get(u) == simdjson::SUCCESS) {
    r = std::to_chars(buffer, buffer + sizeof buffer, u);
  } else if (double d; value.get_double().get(d) == simdjson::SUCCESS) {
    r = std::to_chars(buffer, buffer + sizeof buffer, d);
  } else {
    return {};
  }
  if (r.ec != std::errc()) return {};
  return std::string(buffer, r.ptr);
}

}  // namespace groundgate::filters::context
