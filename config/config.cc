#include "config/config.h"

#include <algorithm>

namespace groundgate::config {

const UpstreamConfig* Config::find_upstream(std::string_view name) const {
  auto it = std::find_if(upstreams.begin(), upstreams.end(),
                         [&](const UpstreamConfig& u) { return u.name == name; });
  return it == upstreams.end() ? nullptr : &*it;
}

const PolicyConfig* Config::find_policy(std::string_view name) const {
  auto it = std::find_if(policies.begin(), policies.end(),
                         [&](const PolicyConfig& p) { return p.name == name; });
  return it == policies.end() ? nullptr : &*it;
}

bool PolicyConfig::runs(std::string_view verifier) const {
  return std::find(verifiers.begin(), verifiers.end(), verifier) != verifiers.end();
}

}  // namespace groundgate::config
