// libFuzzer: load_config_string must never crash, throw or accept a config while reporting
// errors, whatever the bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "config/config_loader.h"
#include "config/route_table.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace groundgate::config;
  const std::string_view yaml(reinterpret_cast<const char*>(data), size);
  LoadResult r = load_config_string(yaml, "fuzz.yaml");
  if (r.config == nullptr && r.errors.empty()) std::abort();
  if (r.config != nullptr && !r.errors.empty()) std::abort();
  for (const ConfigError& e : r.errors) {
    if (e.message.empty() || e.line < 0 || e.column < 0) std::abort();
    (void)e.to_string();
  }
  if (r.config) {
    // A loaded config is consistent: every route names an existing upstream and policy.
    for (const RouteConfig& route : r.config->routes) {
      if (!r.config->find_upstream(route.upstream)) std::abort();
      if (!route.policy.empty() && !r.config->find_policy(route.policy)) std::abort();
    }
    RequestAttributes request{"POST", "/v1/chat/completions", "gpt-4o", nullptr};
    (void)match_route(*r.config, request);
  }
  return 0;
}
