#pragma once
// Pieces of the Prometheus text exposition format 0.0.4, appended to an output string.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace groundgate::proxy::observability {

// Label values escape backslash, double quote and newline.
void append_label_value(std::string& out, std::string_view value);

// HELP text escapes backslash and newline (quotes stay as they are).
void append_help_text(std::string& out, std::string_view help);

// Shortest round-trip form; NaN, +Inf, -Inf as Prometheus spells them.
void append_number(std::string& out, double value);
void append_number(std::string& out, std::uint64_t value);

// `{a="x",b="y"}`, with an optional trailing label (histogram `le`); nothing when empty.
void append_labels(std::string& out, std::span<const std::string> names,
                   std::span<const std::string> values, std::string_view extra_name = {},
                   std::string_view extra_value = {});

// Metric and label names: [a-zA-Z_:][a-zA-Z0-9_:]* and [a-zA-Z_][a-zA-Z0-9_]*.
bool is_valid_metric_name(std::string_view name);
bool is_valid_label_name(std::string_view name);

}  // namespace groundgate::proxy::observability
