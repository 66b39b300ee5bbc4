#pragma once
// A YAML mapping read once: unknown keys (with "did you mean"), duplicate keys, non-scalar keys
// and a non-mapping node are reported to the ErrorSink; fields are then looked up by name.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "config/error_sink.h"

namespace groundgate::config {

// One value in the document, with the dotted path used in messages ("routes[1].upstream").
struct YamlField {
  std::string path;
  std::string key;  // the mapping key, or "" for a list element
  YAML::Node value;
  YAML::Mark key_mark;

  // Where to point at: the value, or its key when the value is empty (yaml-cpp puts the mark
  // of a null value on the next token, which can be lines away).
  YAML::Mark mark() const;
};

class YamlMap {
 public:
  // `allowed_keys` empty: any key (maps keyed by user names, like upstreams). A null node reads
  // as an empty mapping.
  YamlMap(const YamlField& field, std::span<const std::string_view> allowed_keys,
          ErrorSink& errors);

  bool valid() const { return valid_; }  // it was a mapping (or null)
  const std::string& path() const { return path_; }
  const YAML::Mark& mark() const { return mark_; }
  const std::vector<YamlField>& entries() const { return entries_; }

  std::optional<YamlField> get(std::string_view key) const;
  // Like get, but reports "missing required key" when absent.
  std::optional<YamlField> require(std::string_view key, ErrorSink& errors) const;

 private:
  std::string path_;
  YAML::Mark mark_;
  bool valid_ = false;
  std::vector<YamlField> entries_;
  std::unordered_map<std::string, std::size_t> index_;  // key → entries_ position
};

std::string join_path(std::string_view parent, std::string_view key);

// "a mapping", "a list", "a scalar", "nothing"; for "expected X, got Y" messages.
std::string_view describe(const YAML::Node& node);

}  // namespace groundgate::config
