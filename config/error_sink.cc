#include "config/error_sink.h"

#include <algorithm>

namespace groundgate::config {

void ErrorSink::add(const YAML::Mark& mark, std::string message) {
  if (errors_.size() >= kMaxErrors) {
    truncated_ = true;
    return;
  }
  ConfigError e{file_, 0, 0, std::move(message)};
  if (!mark.is_null() && mark.line >= 0 && mark.column >= 0) {
    e.line = mark.line + 1;
    e.column = mark.column + 1;
  }
  errors_.push_back(std::move(e));
}

std::vector<ConfigError> ErrorSink::take() {
  std::stable_sort(errors_.begin(), errors_.end(), [](const ConfigError& a, const ConfigError& b) {
    return a.line != b.line ? a.line < b.line : a.column < b.column;
  });
  if (truncated_) {
    errors_.push_back(ConfigError{
        file_, 0, 0,
        "too many errors; only the first " + std::to_string(kMaxErrors) + " are shown"});
    truncated_ = false;
  }
  return std::move(errors_);
}

}  // namespace groundgate::config
