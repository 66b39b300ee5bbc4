#pragma once
// One problem found while loading a configuration, with where it is.

#include <string>

namespace groundgate::config {

struct ConfigError {
  std::string file;
  int line = 0;    // 1-based; 0: the problem has no position (e.g. the file cannot be read)
  int column = 0;  // 1-based; 0 when line is 0
  std::string message;

  // "file:line:col: message", or "file: message" without a position.
  std::string to_string() const;
};

}  // namespace groundgate::config
