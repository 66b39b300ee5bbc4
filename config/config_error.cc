#include "config/config_error.h"

namespace groundgate::config {

std::string ConfigError::to_string() const {
  if (line <= 0) return file + ": " + message;
  return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message;
}

}  // namespace groundgate::config
