#pragma once
// The items of a comma-separated field list (RFC 9110 section 5.6.1), over every line of the
// field: each without surrounding blanks or parameters (";q=1"), empty items skipped.

#include <algorithm>
#include <string_view>

#include <boost/beast/http/field.hpp>

#include "proxy/http1/header_fields.h"

namespace groundgate::proxy::http1 {

// Calls `found` with each item of every `name` field in order until it returns true; returns
// whether one did. Lenient on purpose: a malformed item does not hide the ones after it.
template <typename Found>
bool any_list_item(const HeaderFields& message, boost::beast::http::field name, Found found) {
  for (const HeaderFields::Field field : message) {
    if (field.name != name) continue;
    std::string_view list = field.value;
    while (!list.empty()) {
      const std::size_t comma = list.find(',');
      std::string_view item = list.substr(0, std::min(comma, list.find(';')));
      while (!item.empty() && (item.front() == ' ' || item.front() == '\t'))
        item.remove_prefix(1);
      while (!item.empty() && (item.back() == ' ' || item.back() == '\t'))
        item.remove_suffix(1);
      if (!item.empty() && found(item)) return true;
      if (comma == std::string_view::npos) break;
      list.remove_prefix(comma + 1);
    }
  }
  return false;
}

}  // namespace groundgate::proxy::http1
