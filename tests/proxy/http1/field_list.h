#pragma once
// Header fields as a comparable list, for the tests and the fuzz target that hold the message
// parser against Beast's: grouped by name, each name's lines in their order. Beast's
// http::fields lists a line after the others of its name, HeaderFields in arrival order, and
// only the order of lines with the same name carries meaning (RFC 9110 section 5.3).

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/beast/http/fields.hpp>

#include "proxy/http1/header_fields.h"

namespace groundgate::proxy::http1::testing {

using FieldList = std::vector<std::pair<std::string, std::string>>;

inline FieldList by_name(FieldList fields) {
  auto lower = [](std::string_view s) {
    std::string out(s);
    for (char& c : out)
      c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
  };
  std::stable_sort(fields.begin(), fields.end(),
                   [&](const auto& a, const auto& b) { return lower(a.first) < lower(b.first); });
  return fields;
}

inline FieldList list_of(const HeaderFields& fields) {
  FieldList out;
  for (const HeaderFields::Field field : fields)
    out.emplace_back(field.name_string, field.value);
  return by_name(std::move(out));
}

inline FieldList list_of(const boost::beast::http::fields& fields) {
  FieldList out;
  for (const auto& field : fields)
    out.emplace_back(field.name_string(), field.value());
  return by_name(std::move(out));
}

}  // namespace groundgate::proxy::http1::testing
