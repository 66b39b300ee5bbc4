#pragma once
// Files named in the config (certificates, keys, CA bundles): where they are and whether we can
// read them, checked at load time so a bad path fails at start-up, not at the first request.

#include <optional>
#include <string>
#include <string_view>

namespace groundgate::config {

// `path` as is when absolute or when `base_dir` is empty; otherwise relative to `base_dir`
// (the directory of the config file).
std::string resolve_path(std::string_view base_dir, std::string_view path);

// Why `path` cannot be read as a regular file, or nullopt when it can.
std::optional<std::string> unreadable_reason(const std::string& path);

}  // namespace groundgate::config
