#pragma once
// The `language_data:` section (where WordNet and the link-grammar dictionary are), and the
// check that what the policies' verifiers need is there: a missing package is a start-up
// error that names it, not engines that quietly run without their data.

#include <optional>
#include <string_view>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// `base_dir` resolves relative directories.
LanguageDataConfig read_language_data(const YamlField& field, std::string_view base_dir,
                                      ErrorSink& errors);

// Reports each directory a verifying policy needs that does not hold its data: WordNet for
// any verifier, the link-grammar dictionary for `triplets`. `section`: the config's
// `language_data:` when it has one (an error then points at the key that was set).
void check_language_data(const Config& config, const std::optional<YamlField>& section,
                         ErrorSink& errors);

}  // namespace groundgate::config
