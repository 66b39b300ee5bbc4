#include "filters/judge/judge_service.h"

#include <algorithm>
#include <mutex>

namespace groundgate::filters::judge {
namespace {

struct Registry {
  std::mutex mutex;
  std::vector<std::weak_ptr<JudgeService>> services;
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

JudgeService::JudgeService(std::string policy, config::JudgeConfig config)
    : policy_(std::move(policy)),
      config_(std::move(config)),
      cache_(config_.cache_bytes),
      breaker_(config_.breaker.failures, config_.breaker.open_for),
      in_flight_(config_.max_in_flight) {}

bool same_service(const config::JudgeConfig& a, const config::JudgeConfig& b) {
  return a.model == b.model && a.method == b.method && a.upstream == b.upstream &&
         a.path == b.path && a.auth == b.auth && a.api_key == b.api_key &&
         a.mitigate == b.mitigate && a.max_in_flight == b.max_in_flight &&
         a.cache_bytes == b.cache_bytes && a.breaker.failures == b.breaker.failures &&
         a.breaker.open_for == b.breaker.open_for;
}

std::shared_ptr<JudgeService> shared_service(const std::string& policy,
                                             const config::JudgeConfig& config) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  std::erase_if(r.services, [](const std::weak_ptr<JudgeService>& w) { return w.expired(); });
  for (const std::weak_ptr<JudgeService>& w : r.services) {
    std::shared_ptr<JudgeService> s = w.lock();
    if (s && s->policy() == policy && same_service(s->config(), config)) return s;
  }
  auto s = std::make_shared<JudgeService>(policy, config);
  r.services.push_back(s);
  return s;
}

std::vector<std::shared_ptr<JudgeService>> live_services() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  std::vector<std::shared_ptr<JudgeService>> out;
  for (const std::weak_ptr<JudgeService>& w : r.services) {
    if (std::shared_ptr<JudgeService> s = w.lock()) out.push_back(std::move(s));
  }
  return out;
}

}  // namespace groundgate::filters::judge
