#pragma once
// The `upstreams:` section: name → {url, timeouts, tls, pool}.

#include <string_view>
#include <vector>

#include "config/config.h"
#include "config/error_sink.h"
#include "config/yaml_map.h"

namespace groundgate::config {

// `base_dir` resolves relative ca_file paths.
std::vector<UpstreamConfig> read_upstreams(const YamlField& field, std::string_view base_dir,
                                           ErrorSink& errors);

// An https:// endpoint's `tls:` mapping (ca_file, insecure_skip_verify, server_name) into
// `out`; `endpoint` says whether its url is https.
void read_client_tls(const YamlField& field, const UpstreamConfig& endpoint,
                     std::string_view base_dir, UpstreamTlsConfig& out, ErrorSink& errors);

// The url of an endpoint the proxy posts to on its own (a tracing collector, a webhook) into
// `out`: scheme, host, port and path (`default_path` when the url has none).
void read_endpoint_url(const YamlField& field, std::string_view default_path, UpstreamConfig& out,
                       ErrorSink& errors);

// A `headers:` mapping of extra request header fields (name: value) into `out`.
void read_request_headers(const YamlField& field,
                          std::vector<std::pair<std::string, std::string>>& out, ErrorSink& errors);

}  // namespace groundgate::config
