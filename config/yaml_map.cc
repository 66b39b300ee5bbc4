#include "config/yaml_map.h"

#include <algorithm>

#include "config/suggestion.h"

namespace groundgate::config {
namespace {

std::string unknown_key_message(const std::string& path, const std::string& key,
                                std::span<const std::string_view> allowed) {
  std::string where = path.empty() ? "unknown top-level key '" : path + ": unknown key '";
  std::string msg = where + key + "'";
  if (std::string hint = closest_match(key, allowed); !hint.empty()) {
    return msg + "; did you mean '" + hint + "'?";
  }
  msg += " (expected one of: ";
  for (std::size_t i = 0; i < allowed.size(); ++i) {
    if (i) msg += ", ";
    msg += allowed[i];
  }
  return msg + ")";
}

}  // namespace

YAML::Mark YamlField::mark() const {
  if (!value.IsDefined() || value.IsNull() || value.Mark().is_null()) return key_mark;
  return value.Mark();
}

std::string join_path(std::string_view parent, std::string_view key) {
  if (parent.empty()) return std::string(key);
  return std::string(parent) + "." + std::string(key);
}

std::string_view describe(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Map:
      return "a mapping";
    case YAML::NodeType::Sequence:
      return "a list";
    case YAML::NodeType::Scalar:
      return "a scalar";
    default:
      return "nothing";
  }
}

YamlMap::YamlMap(const YamlField& field, std::span<const std::string_view> allowed_keys,
                 ErrorSink& errors)
    : path_(field.path), mark_(field.mark()) {
  const YAML::Node& node = field.value;
  if (!node.IsDefined() || node.IsNull()) {
    valid_ = true;
    return;
  }
  if (!node.IsMap()) {
    errors.add(mark_, (path_.empty() ? std::string("the config") : path_) +
                          ": expected a mapping, got " + std::string(describe(node)));
    return;
  }
  valid_ = true;
  for (const auto& kv : node) {
    const YAML::Node& key = kv.first;
    if (!key.IsScalar()) {
      errors.add(key.Mark(), join_path(path_, "<key>") + ": keys must be plain names, got " +
                                 std::string(describe(key)));
      continue;
    }
    const std::string& name = key.Scalar();
    if (!allowed_keys.empty() &&
        std::find(allowed_keys.begin(), allowed_keys.end(), name) == allowed_keys.end()) {
      errors.add(key.Mark(), unknown_key_message(path_, name, allowed_keys));
      continue;
    }
    auto [previous, inserted] = index_.emplace(name, entries_.size());
    if (!inserted) {
      errors.add(key.Mark(), join_path(path_, name) + ": duplicate key (first at line " +
                                 std::to_string(entries_[previous->second].key_mark.line + 1) +
                                 ")");
      continue;
    }
    entries_.push_back(YamlField{join_path(path_, name), name, kv.second, key.Mark()});
  }
}

std::optional<YamlField> YamlMap::get(std::string_view key) const {
  auto it = index_.find(std::string(key));
  if (it == index_.end()) return std::nullopt;
  return entries_[it->second];
}

std::optional<YamlField> YamlMap::require(std::string_view key, ErrorSink& errors) const {
  auto found = get(key);
  if (!found && valid_) {
    errors.add(mark_, (path_.empty() ? std::string("the config") : path_) +
                          ": missing required key '" + std::string(key) + "'");
  }
  return found;
}

}  // namespace groundgate::config
