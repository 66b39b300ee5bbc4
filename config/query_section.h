#pragma once
// What the structured-query guards' sections (`sql:`, `spl:`) read alike: the tools whose call
// carries a query in a named argument, and the files (schema, database, metadata) they name.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// A path a section names, resolved against `base_dir` and readable; nothing (and an error) else.
std::optional<std::string> read_path(const YamlField& f, std::string_view base_dir,
                                     ErrorSink& errors);

// `tool_arguments: [{tool, argument}]`: both non-empty.
std::vector<QueryToolArgument> read_tool_arguments(const YamlField& field, ErrorSink& errors);

// Where a guard's queries are and how long one may be: `answer` (fenced | whole),
// `tool_arguments` and `max_query_bytes` (at most 128 KiB, below the stream chain's pending
// bound, so that a whole answer is held until it is checked or known too long). Members `map`
// lacks keep their value.
struct QueryPlaces {
  QueryAnswer& answer;
  std::vector<QueryToolArgument>& tool_arguments;
  std::size_t& max_query_bytes;
};
void read_query_places(const YamlMap& map, const QueryPlaces& out, ErrorSink& errors);

}  // namespace groundgate::config
