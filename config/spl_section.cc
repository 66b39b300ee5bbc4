#include "config/spl_section.h"

#include <array>

#include "config/query_section.h"
#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 6> kSplKeys{"answer",
                                                   "tool_arguments",
                                                   "metadata_file",
                                                   "metadata_from_request",
                                                   "keep_metadata_field",
                                                   "max_query_bytes"};

}  // namespace

SplConfig read_spl(const YamlField& field, std::string_view base_dir, ErrorSink& errors) {
  SplConfig out;
  YamlMap map(field, kSplKeys, errors);
  if (!map.valid()) return out;
  read_query_places(map, {out.answer, out.tool_arguments, out.max_query_bytes}, errors);
  if (auto f = map.get("metadata_file")) {
    if (auto p = read_path(*f, base_dir, errors)) out.metadata_file = std::move(*p);
  }
  if (auto f = map.get("metadata_from_request")) {
    if (auto b = read_bool(*f, errors)) out.metadata_from_request = *b;
  }
  if (auto f = map.get("keep_metadata_field")) {
    if (auto b = read_bool(*f, errors)) out.keep_metadata_field = *b;
  }
  return out;
}

}  // namespace groundgate::config
