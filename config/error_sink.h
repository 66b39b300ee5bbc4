#pragma once
// Collects every config error with its position instead of stopping at the first one.

#include <cstddef>
#include <string>
#include <vector>

#include <yaml-cpp/mark.h>

#include "config/config_error.h"

namespace groundgate::config {

class ErrorSink {
 public:
  static constexpr std::size_t kMaxErrors = 100;  // past this, one "too many errors" line

  explicit ErrorSink(std::string file) : file_(std::move(file)) {}

  // yaml-cpp marks are 0-based; messages are 1-based. A null mark gives a positionless error.
  void add(const YAML::Mark& mark, std::string message);
  void add(std::string message) { add(YAML::Mark::null_mark(), std::move(message)); }

  bool empty() const { return errors_.empty(); }
  bool full() const { return errors_.size() >= kMaxErrors; }
  const std::string& file() const { return file_; }

  // The errors sorted by position (positionless ones first), in order of discovery otherwise.
  std::vector<ConfigError> take();

 private:
  std::string file_;
  std::vector<ConfigError> errors_;
  bool truncated_ = false;
};

}  // namespace groundgate::config
