#include "proxy/openai/request_json.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <vector>

namespace groundgate::proxy::openai {

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

bool present(dom::object object, std::string_view key) {
  dom::element value;
  return object.at_key(key).get(value) == simdjson::SUCCESS && !value.is_null();
}

std::optional<std::string_view> repeated_key(dom::object object) {
  // The objects a request holds are small: pairwise below a few dozen members, sorted above.
  constexpr std::size_t kPairwise = 24;
  if (object.size() <= kPairwise) {
    std::size_t i = 0;
    for (auto [key, value] : object) {
      std::size_t j = 0;
      for (auto [earlier, unused] : object) {
        if (j++ >= i) break;
        if (earlier == key) return key;
      }
      ++i;
    }
    return std::nullopt;
  }
  std::vector<std::string_view> keys;
  keys.reserve(object.size());
  for (auto [key, value] : object)
    keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  const auto twice = std::adjacent_find(keys.begin(), keys.end());
  if (twice == keys.end()) return std::nullopt;
  return *twice;
}

}  // namespace groundgate::proxy::openai
