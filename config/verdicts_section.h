#pragma once
// The `verdicts:` section (what the admin listener's verdict look-up keeps) and the
// `verdict_webhook:` section (where flagged answers' summaries are posted).

#include <string_view>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

VerdictsConfig read_verdicts(const YamlField& field, ErrorSink& errors);
// `base_dir` resolves a relative tls.ca_file.
VerdictWebhookConfig read_verdict_webhook(const YamlField& field, std::string_view base_dir,
                                          ErrorSink& errors);

}  // namespace groundgate::config
