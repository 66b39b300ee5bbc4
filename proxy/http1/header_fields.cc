#include "proxy/http1/header_fields.h"

#include <boost/beast/core/string.hpp>

namespace groundgate::proxy::http1 {
namespace http = boost::beast::http;

namespace {

// What a usual request or response header needs, so that it grows no more.
constexpr std::size_t kReserveBytes = 1024;
constexpr std::size_t kReserveFields = 24;

}  // namespace

HeaderFields::HeaderFields() {
  text_.reserve(kReserveBytes);
  entries_.reserve(kReserveFields);
}

void HeaderFields::add(http::field name, std::string_view name_string, std::string_view value) {
  // The parser's header limit (a uint32) bounds the text, so the offsets fit.
  Entry e{name, static_cast<std::uint32_t>(text_.size()),
          static_cast<std::uint32_t>(name_string.size()), 0,
          static_cast<std::uint32_t>(value.size())};
  text_.append(name_string);
  e.value_at = static_cast<std::uint32_t>(text_.size());
  text_.append(value);
  entries_.push_back(e);
}

void HeaderFields::clear() {
  text_.clear();
  entries_.clear();
}

HeaderFields::Field HeaderFields::at(std::size_t i) const {
  const Entry& e = entries_[i];
  return {e.name, text(e.name_at, e.name_size), text(e.value_at, e.value_size)};
}

std::optional<std::string_view> HeaderFields::find(http::field name) const {
  for (const Entry& e : entries_) {
    if (e.name == name) return text(e.value_at, e.value_size);
  }
  return std::nullopt;
}

std::optional<std::string_view> HeaderFields::find(std::string_view name) const {
  for (const Entry& e : entries_) {
    if (e.name_size == name.size() && boost::beast::iequals(text(e.name_at, e.name_size), name))
      return text(e.value_at, e.value_size);
  }
  return std::nullopt;
}

std::size_t HeaderFields::count(http::field name) const {
  std::size_t n = 0;
  for (const Entry& e : entries_)
    n += e.name == name ? 1 : 0;
  return n;
}

}  // namespace groundgate::proxy::http1
