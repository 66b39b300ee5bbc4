#pragma once
// A policy's `spl:` section: where Splunk searches are found (fenced ```spl blocks, the whole
// answer, named tool arguments), where the metadata they are checked against comes from (the
// request's `spl_metadata` member and text, a policy file), and the bound on a search.

#include <string_view>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// `base_dir`: where a relative metadata_file path starts (the config's directory).
SplConfig read_spl(const YamlField& field, std::string_view base_dir, ErrorSink& errors);

}  // namespace groundgate::config
