#pragma once
// YAML → Config. Every error is collected with its file:line:column, not just the first; no
// exception escapes (yaml-cpp's are caught here).

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "config/config_error.h"

namespace groundgate::config {

struct LoadResult {
  std::shared_ptr<const Config> config;  // null on any error
  std::vector<ConfigError> errors;       // sorted by position
};

inline constexpr std::size_t kMaxConfigBytes = 1u << 20;  // a config is small; refuse blobs

// Relative file paths in the config (tls.cert_file, ca_file, ...) are resolved against the
// directory of `path` and stored resolved.
LoadResult load_config_file(const std::string& path);

// Relative file paths are left relative (to the working directory). `source_name` is used as
// the file name in errors and as Config::source.
LoadResult load_config_string(std::string_view yaml, std::string_view source_name);

}  // namespace groundgate::config
