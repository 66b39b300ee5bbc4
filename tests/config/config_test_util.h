#pragma once
// Shared helpers for the config tests: YAML literals, a policy's config, error lists, temporary
// files.

#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "config/config_loader.h"

namespace groundgate::config::testing {

// Raw string literals in tests start with a newline for readability; drop it so line numbers
// in expectations count from the first YAML line.
inline LoadResult load(std::string_view yaml) {
  if (!yaml.empty() && yaml.front() == '\n') yaml.remove_prefix(1);
  return load_config_string(yaml, "test.yaml");
}

inline std::vector<std::string> messages(const LoadResult& r) {
  std::vector<std::string> out;
  for (const ConfigError& e : r.errors)
    out.push_back(e.to_string());
  return out;
}

// The start of a config whose one route runs policy `g`: what a test adds under `policies:`
// follows, from line 6.
inline constexpr std::string_view kPolicyBase =
    "upstreams:\n"
    "  up: {url: 'http://127.0.0.1:8081'}\n"
    "routes:\n"
    "  - {upstream: up, policy: g}\n"
    "policies:\n";

// `base` with `snippet` after it, loaded.
inline LoadResult load_after(std::string_view base, std::string_view snippet) {
  return load(std::string(base) + std::string(snippet));
}

// The errors of `base` with `snippet` after it; a test failure when that loads.
inline std::vector<std::string> errors_after(std::string_view base, std::string_view snippet) {
  LoadResult r = load_after(base, snippet);
  EXPECT_FALSE(r.config);
  return messages(r);
}

// A config whose policy `g` holds `keys` (lines indented four spaces), loaded.
inline LoadResult load_policy_g(std::string_view keys) {
  return load_after(std::string(kPolicyBase) + "  g:\n", keys);
}

// The errors of a config whose policy `g` holds `keys`; a test failure when it loads.
inline std::vector<std::string> policy_g_errors(std::string_view keys) {
  return errors_after(std::string(kPolicyBase) + "  g:\n", keys);
}

// A directory removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    path_ = std::filesystem::temp_directory_path() /
            ("gg_config_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter_++));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  std::string write(const std::string& name, std::string_view content) const {
    const auto file = path_ / name;
    std::ofstream(file, std::ios::binary) << content;
    return file.string();
  }
  std::string path() const { return path_.string(); }

 private:
  static inline int counter_ = 0;
  std::filesystem::path path_;
};

}  // namespace groundgate::config::testing
