#pragma once
// Typed reads of one YAML value. Each returns nullopt after reporting a located error.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

std::optional<std::string> read_string(const YamlField& f, ErrorSink& errors);
// true/false (also True/TRUE/False/FALSE); yes/no/on/off are rejected as ambiguous.
std::optional<bool> read_bool(const YamlField& f, ErrorSink& errors);
// `allow_zero`: whether "0" is a valid value of this field.
std::optional<Millis> read_duration(const YamlField& f, bool allow_zero, ErrorSink& errors);
std::optional<std::uint64_t> read_size(const YamlField& f, ErrorSink& errors);  // > 0
std::optional<std::uint64_t> read_count(const YamlField& f, std::uint64_t max, ErrorSink& errors);
// A decimal number in [min, max] ("0.5", "1", "1e-3"); NaN and infinities are rejected.
std::optional<double> read_number(const YamlField& f, double min, double max, ErrorSink& errors);
std::optional<Endpoint> read_endpoint(const YamlField& f, ErrorSink& errors);
// A name of an upstream, route or policy: letters, digits, '_', '-', '.'.
std::optional<std::string> read_name(const YamlField& f, ErrorSink& errors);
// The elements of a list, each with its path ("x[2]"); a null value reads as an empty list.
std::optional<std::vector<YamlField>> read_list(const YamlField& f, ErrorSink& errors);

// One of `names` (exactly); its position. An unknown word is reported with a "did you mean".
std::optional<std::size_t> read_keyword(const YamlField& f, std::span<const std::string_view> names,
                                        ErrorSink& errors);

// Same rule as read_name, for names that are mapping keys.
bool valid_name(std::string_view name);

}  // namespace groundgate::config
