#include "config/yaml_scalars.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <sstream>

#include "config/suggestion.h"
#include "config/value_parsers.h"

namespace groundgate::config {
namespace {

bool expect_scalar(const YamlField& f, std::string_view what, ErrorSink& errors) {
  if (f.value.IsScalar()) return true;
  std::string msg =
      f.path + ": expected " + std::string(what) + ", got " + std::string(describe(f.value));
  if (f.value.IsNull()) msg += " (write \"\" for an empty string)";
  errors.add(f.mark(), std::move(msg));
  return false;
}

}  // namespace

bool valid_name(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
  });
}

std::optional<std::string> read_string(const YamlField& f, ErrorSink& errors) {
  if (!expect_scalar(f, "a string", errors)) return std::nullopt;
  return f.value.Scalar();
}

std::optional<std::size_t> read_keyword(const YamlField& f, std::span<const std::string_view> names,
                                        ErrorSink& errors) {
  auto word = read_string(f, errors);
  if (!word) return std::nullopt;
  const auto it = std::find(names.begin(), names.end(), *word);
  if (it != names.end()) return static_cast<std::size_t>(it - names.begin());
  std::string msg = f.path + ": unknown value '" + word->substr(0, 64) + "'";
  const std::string guess = closest_match(*word, names);
  if (!guess.empty()) {
    msg += "; did you mean '" + guess + "'?";
  } else {
    msg += " (use ";
    for (std::size_t i = 0; i < names.size(); ++i)
      msg += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + std::string(names[i]);
    msg += ")";
  }
  errors.add(f.mark(), std::move(msg));
  return std::nullopt;
}

std::optional<bool> read_bool(const YamlField& f, ErrorSink& errors) {
  if (!expect_scalar(f, "true or false", errors)) return std::nullopt;
  static constexpr std::array<std::string_view, 3> kTrue{"true", "True", "TRUE"};
  static constexpr std::array<std::string_view, 3> kFalse{"false", "False", "FALSE"};
  const std::string& s = f.value.Scalar();
  if (std::find(kTrue.begin(), kTrue.end(), s) != kTrue.end()) return true;
  if (std::find(kFalse.begin(), kFalse.end(), s) != kFalse.end()) return false;
  errors.add(f.mark(), f.path + ": expected true or false, got '" + s + "'");
  return std::nullopt;
}

std::optional<Millis> read_duration(const YamlField& f, bool allow_zero, ErrorSink& errors) {
  if (!expect_scalar(f, "a duration", errors)) return std::nullopt;
  auto parsed = parse_duration(f.value.Scalar());
  if (!parsed) {
    errors.add(f.mark(), f.path + ": " + parsed.error);
    return std::nullopt;
  }
  if (!allow_zero && parsed.value->count() == 0) {
    errors.add(f.mark(), f.path + ": must be longer than 0");
    return std::nullopt;
  }
  return parsed.value;
}

std::optional<std::uint64_t> read_size(const YamlField& f, ErrorSink& errors) {
  if (!expect_scalar(f, "a size", errors)) return std::nullopt;
  auto parsed = parse_size(f.value.Scalar());
  if (!parsed) {
    errors.add(f.mark(), f.path + ": " + parsed.error);
    return std::nullopt;
  }
  if (*parsed.value == 0) {
    errors.add(f.mark(), f.path + ": must be larger than 0");
    return std::nullopt;
  }
  return parsed.value;
}

std::optional<std::uint64_t> read_count(const YamlField& f, std::uint64_t max, ErrorSink& errors) {
  if (!expect_scalar(f, "a number", errors)) return std::nullopt;
  const std::string& s = f.value.Scalar();
  const bool digits = !s.empty() && s.size() <= 12 &&
                      std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  const std::uint64_t value = digits ? std::stoull(s) : 0;
  if (!digits || value == 0 || value > max) {
    errors.add(f.mark(), f.path + ": expected a whole number from 1 to " + std::to_string(max) +
                             ", got '" + s + "'");
    return std::nullopt;
  }
  return value;
}

std::optional<double> read_number(const YamlField& f, double min, double max, ErrorSink& errors) {
  if (!expect_scalar(f, "a number", errors)) return std::nullopt;
  const std::string& s = f.value.Scalar();
  double value = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(value) ||
      value < min || value > max) {
    std::ostringstream range;
    range << "expected a number from " << min << " to " << max << ", got '" << s.substr(0, 64)
          << "'";
    errors.add(f.mark(), f.path + ": " + range.str());
    return std::nullopt;
  }
  return value;
}

std::optional<Endpoint> read_endpoint(const YamlField& f, ErrorSink& errors) {
  if (!expect_scalar(f, "host:port", errors)) return std::nullopt;
  auto parsed = parse_endpoint(f.value.Scalar());
  if (!parsed) {
    errors.add(f.mark(), f.path + ": " + parsed.error);
    return std::nullopt;
  }
  return parsed.value;
}

std::optional<std::string> read_name(const YamlField& f, ErrorSink& errors) {
  auto s = read_string(f, errors);
  if (!s) return std::nullopt;
  if (!valid_name(*s)) {
    errors.add(f.mark(), f.path + ": invalid name '" + s->substr(0, 64) +
                             "' (use letters, digits, '_', '-' and '.')");
    return std::nullopt;
  }
  return s;
}

std::optional<std::vector<YamlField>> read_list(const YamlField& f, ErrorSink& errors) {
  std::vector<YamlField> out;
  if (f.value.IsNull()) return out;
  if (!f.value.IsSequence()) {
    errors.add(f.mark(), f.path + ": expected a list, got " + std::string(describe(f.value)));
    return std::nullopt;
  }
  out.reserve(f.value.size());
  std::size_t i = 0;
  for (const YAML::Node& element : f.value) {
    out.push_back(YamlField{f.path + "[" + std::to_string(i++) + "]", "", element, f.mark()});
  }
  return out;
}

}  // namespace groundgate::config
