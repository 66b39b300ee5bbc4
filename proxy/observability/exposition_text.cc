#include "proxy/observability/exposition_text.h"

#include <charconv>
#include <cmath>

namespace groundgate::proxy::observability {
namespace {

bool is_name_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool is_name_char(char c) {
  return is_name_start(c) || (c >= '0' && c <= '9');
}

}  // namespace

void append_label_value(std::string& out, std::string_view value) {
  for (char c : value) {
    switch (c) {
      case '\\':
        out += "\\\\";
        break;
      case '"':
        out += "\\\"";
        break;
      case '\n':
        out += "\\n";
        break;
      default:
        out += c;
    }
  }
}

void append_help_text(std::string& out, std::string_view help) {
  for (char c : help) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
}

void append_number(std::string& out, double value) {
  if (std::isnan(value)) {
    out += "NaN";
  } else if (std::isinf(value)) {
    out += value > 0 ? "+Inf" : "-Inf";
  } else {
    char buf[32];
    const auto res = std::to_chars(buf, buf + sizeof(buf), value);
    out.append(buf, res.ptr);
  }
}

void append_number(std::string& out, std::uint64_t value) {
  char buf[24];
  const auto res = std::to_chars(buf, buf + sizeof(buf), value);
  out.append(buf, res.ptr);
}

void append_labels(std::string& out, std::span<const std::string> names,
                   std::span<const std::string> values, std::string_view extra_name,
                   std::string_view extra_value) {
  if (names.empty() && extra_name.empty()) return;
  out += '{';
  bool first = true;
  const auto add = [&](std::string_view name, std::string_view value) {
    if (!first) out += ',';
    first = false;
    out += name;
    out += "=\"";
    append_label_value(out, value);
    out += '"';
  };
  for (std::size_t i = 0; i < names.size() && i < values.size(); ++i)
    add(names[i], values[i]);
  if (!extra_name.empty()) add(extra_name, extra_value);
  out += '}';
}

bool is_valid_metric_name(std::string_view name) {
  if (name.empty() || !(is_name_start(name[0]) || name[0] == ':')) return false;
  for (char c : name) {
    if (!is_name_char(c) && c != ':') return false;
  }
  return true;
}

bool is_valid_label_name(std::string_view name) {
  if (name.empty() || !is_name_start(name[0])) return false;
  for (char c : name) {
    if (!is_name_char(c)) return false;
  }
  return true;
}

}  // namespace groundgate::proxy::observability
