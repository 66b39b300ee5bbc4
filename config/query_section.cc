#include "config/query_section.h"

#include <array>
#include <cstdint>

#include "config/file_check.h"
#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 2> kToolArgumentKeys{"tool", "argument"};
// Same order as QueryAnswer.
constexpr std::array<std::string_view, 2> kAnswers{"fenced", "whole"};
constexpr std::uint64_t kMaxQueryBytes = 128u << 10;

}  // namespace

std::optional<std::string> read_path(const YamlField& f, std::string_view base_dir,
                                     ErrorSink& errors) {
  auto path = read_string(f, errors);
  if (!path) return std::nullopt;
  if (path->empty()) {
    errors.add(f.mark(), f.path + ": empty path");
    return std::nullopt;
  }
  std::string resolved = resolve_path(base_dir, *path);
  if (auto why = unreadable_reason(resolved)) {
    errors.add(f.mark(), f.path + ": file '" + resolved + "' " + *why);
    return std::nullopt;
  }
  return resolved;
}

std::vector<QueryToolArgument> read_tool_arguments(const YamlField& field, ErrorSink& errors) {
  std::vector<QueryToolArgument> out;
  auto list = read_list(field, errors);
  if (!list) return out;
  for (const YamlField& element : *list) {
    YamlMap map(element, kToolArgumentKeys, errors);
    if (!map.valid()) continue;
    auto tool = map.require("tool", errors);
    auto argument = map.require("argument", errors);
    if (!tool || !argument) continue;
    auto t = read_string(*tool, errors);
    auto a = read_string(*argument, errors);
    if (!t || !a) continue;
    if (t->empty() || a->empty()) {
      errors.add(element.mark(), element.path + ": tool and argument must not be empty");
      continue;
    }
    out.push_back({std::move(*t), std::move(*a)});
  }
  return out;
}

void read_query_places(const YamlMap& map, const QueryPlaces& out, ErrorSink& errors) {
  if (auto f = map.get("answer")) {
    if (auto v = read_keyword(*f, kAnswers, errors)) out.answer = static_cast<QueryAnswer>(*v);
  }
  if (auto f = map.get("tool_arguments")) out.tool_arguments = read_tool_arguments(*f, errors);
  if (auto f = map.get("max_query_bytes")) {
    if (auto v = read_size(*f, errors)) {
      if (*v > kMaxQueryBytes) {
        errors.add(f->mark(), f->path + ": at most 128KiB");
      } else {
        out.max_query_bytes = static_cast<std::size_t>(*v);
      }
    }
  }
}

}  // namespace groundgate::config
