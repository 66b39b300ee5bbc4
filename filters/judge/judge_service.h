#pragma once
// What a policy's judge keeps across its streams, in the process: the verdict cache, the
// circuit breaker and the bound on calls in flight. Thread-safe; streams hold it by shared_ptr,
// so one outlives a config reload until its streams end. A reload with the same judge settings
// gets the same service (shared_service), so neither the cache nor the breaker starts over.

#include <memory>
#include <string>
#include <vector>

#include "config/config.h"
#include "filters/judge/call_limits.h"
#include "filters/judge/circuit_breaker.h"
#include "filters/judge/result_cache.h"

namespace groundgate::filters::judge {

class JudgeService {
 public:
  JudgeService(std::string policy, config::JudgeConfig config);

  const std::string& policy() const { return policy_; }
  const config::JudgeConfig& config() const { return config_; }
  ResultCache& cache() { return cache_; }
  CircuitBreaker& breaker() { return breaker_; }
  InFlightLimit& in_flight() { return in_flight_; }

 private:
  std::string policy_;
  config::JudgeConfig config_;
  ResultCache cache_;
  CircuitBreaker breaker_;
  InFlightLimit in_flight_;
};

// The service of `policy`'s judge: the live one when a service of that policy with the same
// settings exists (a reload), else a new one.
std::shared_ptr<JudgeService> shared_service(const std::string& policy,
                                             const config::JudgeConfig& config);
// Every live service, for the metrics.
std::vector<std::shared_ptr<JudgeService>> live_services();

// Whether two judge settings make the same service (everything but the band and the per-answer
// bounds, which the streams read from their own config).
bool same_service(const config::JudgeConfig& a, const config::JudgeConfig& b);

}  // namespace groundgate::filters::judge
