#include "config/spl_section.h"

#include <array>

#include "config/sql_section.h"
#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 6> kSplKeys{"answer",
                                                   "tool_arguments",
                                                   "metadata_file",
                                                   "metadata_from_request",
                                                   "keep_metadata_field",
                                                   "max_query_bytes"};
// Same order as SplConfig::Answer.
constexpr std::array<std::string_view, 2> kAnswers{"fenced", "whole"};
// Below the stream chain's pending bound (256 KiB), as the SQL guard's: a whole answer is held
// until it is checked or known too long.
constexpr std::uint64_t kMaxQueryBytes = 128u << 10;

}  // namespace

SplConfig read_spl(const YamlField& field, std::string_view base_dir, ErrorSink& errors) {
  SplConfig out;
  YamlMap map(field, kSplKeys, errors);
  if (!map.valid()) return out;
  if (auto f = map.get("answer")) {
    if (auto v = read_keyword(*f, kAnswers, errors))
      out.answer = static_cast<SplConfig::Answer>(*v);
  }
  if (auto f = map.get("tool_arguments")) out.tool_arguments = read_tool_arguments(*f, errors);
  if (auto f = map.get("metadata_file")) {
    if (auto p = read_path(*f, base_dir, errors)) out.metadata_file = std::move(*p);
  }
  if (auto f = map.get("metadata_from_request")) {
    if (auto b = read_bool(*f, errors)) out.metadata_from_request = *b;
  }
  if (auto f = map.get("keep_metadata_field")) {
    if (auto b = read_bool(*f, errors)) out.keep_metadata_field = *b;
  }
  if (auto f = map.get("max_query_bytes")) {
    if (auto v = read_size(*f, errors)) {
      if (*v > kMaxQueryBytes) {
        errors.add(f->mark(), f->path + ": at most 128KiB");
      } else {
        out.max_query_bytes = static_cast<std::size_t>(*v);
      }
    }
  }
  return out;
}

}  // namespace groundgate::config
