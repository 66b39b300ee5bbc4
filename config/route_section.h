#pragma once
// The `routes:` section: an ordered list of {name, match, upstream, policy, allow_policy_header}.

#include <vector>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// Checks that each route names an upstream and a policy that exist (read those first) and that
// route names are unique; an unnamed route is called "route-<index>" (0-based).
std::vector<RouteConfig> read_routes(const YamlField& field,
                                     const std::vector<UpstreamConfig>& upstreams,
                                     const std::vector<PolicyConfig>& policies, ErrorSink& errors);

}  // namespace groundgate::config
