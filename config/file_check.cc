#include "config/file_check.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace groundgate::config {

std::string resolve_path(std::string_view base_dir, std::string_view path) {
  std::filesystem::path p{std::string(path)};
  if (base_dir.empty() || p.is_absolute()) return p.string();
  return (std::filesystem::path{std::string(base_dir)} / p).lexically_normal().string();
}

std::optional<std::string> unreadable_reason(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) return "does not exist";
  if (!std::filesystem::is_regular_file(status)) return "is not a regular file";
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::string("cannot be read: ") + std::strerror(errno);
  return std::nullopt;
}

}  // namespace groundgate::config
