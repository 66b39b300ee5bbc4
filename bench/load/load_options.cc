#include "bench/load/load_options.h"

#include <charconv>
#include <cstdlib>
#include <string_view>

namespace groundgate::bench::load {
namespace {

bool parse_unsigned(std::string_view text, unsigned max, unsigned& out) {
  unsigned value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value == 0 || value > max)
    return false;
  out = value;
  return true;
}

bool parse_seconds(const std::string& text, double& out) {
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || !(value >= 0) || value > 86400) return false;
  out = value;
  return true;
}

bool parse_target(std::string_view text, LoadOptions& options) {
  const size_t colon = text.rfind(':');
  if (colon == std::string_view::npos || colon == 0) return false;
  unsigned port = 0;
  if (!parse_unsigned(text.substr(colon + 1), 65535, port)) return false;
  options.host = std::string(text.substr(0, colon));
  options.port = static_cast<uint16_t>(port);
  return true;
}

// Labels go into the JSON output unescaped, so they stay plain.
bool is_label(std::string_view text) {
  if (text.empty() || text.size() > 64) return false;
  for (char c : text) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '_' || c == '-' || c == '.';
    if (!plain) return false;
  }
  return true;
}

}  // namespace

LoadOptionsParse parse_load_options(int argc, char** argv) {
  LoadOptionsParse out;
  LoadOptions& options = out.options;
  for (int i = 1; i < argc; ++i) {
    const std::string_view name = argv[i];
    if (i + 1 >= argc) {
      out.error = "missing value for " + std::string(name);
      return out;
    }
    const std::string value = argv[++i];
    bool ok = true;
    if (name == "--target") {
      ok = parse_target(value, options);
    } else if (name == "--streams") {
      ok = parse_unsigned(value, 1000000, options.streams);
    } else if (name == "--duration") {
      ok = parse_seconds(value, options.duration_s) && options.duration_s > 0;
    } else if (name == "--ramp") {
      ok = parse_seconds(value, options.ramp_s);
    } else if (name == "--threads") {
      ok = parse_unsigned(value, 64, options.threads);
    } else if (name == "--body-file") {
      options.body_file = value;
      ok = !value.empty();
    } else if (name == "--api") {
      options.api = value;
      ok = value == "chat" || value == "responses";
    } else if (name == "--label") {
      options.label = value;
      ok = is_label(value);
    } else {
      out.error = "unknown option " + std::string(name);
      return out;
    }
    if (!ok) {
      out.error = "bad value for " + std::string(name) + ": " + value;
      return out;
    }
  }
  if (options.port == 0) out.error = "--target HOST:PORT is required";
  return out;
}

}  // namespace groundgate::bench::load
