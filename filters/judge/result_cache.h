#pragma once
// The judge's verdicts kept for the sentences that recur (the same answer to the same context,
// asked again): keyed by (evidence, sentence, method, model), bounded in bytes, least recently
// used out first (filters/cache). Only decided judgements are kept; one served from here still
// passes acceptance.h against the stream's own context. Thread-safe, shared by a policy's
// streams.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "config/config.h"
#include "filters/cache/bounded_lru.h"
#include "filters/judge/judgement.h"

namespace groundgate::filters::judge {

struct CacheKey {
  config::JudgeMethod method = config::JudgeMethod::kLabel;
  std::string_view model;
  std::string_view evidence;
  std::string_view sentence;
  // Distinguishes the mitigation's rewrites from the method's verdicts.
  bool rewrite = false;
};

class ResultCache {
 public:
  explicit ResultCache(std::size_t max_bytes) : lru_(max_bytes) {}

  std::optional<Judgement> find(const CacheKey& key);
  // Keeps a decided judgement (an undecided one is not kept: the next try may succeed).
  void insert(const CacheKey& key, const Judgement& judgement);
  cache::CacheStats stats() const { return lru_.stats(); }

 private:
  struct Entry {
    config::JudgeMethod method;
    bool rewrite;
    std::string model;
    std::string evidence;
    std::string sentence;
    Judgement judgement;
  };
  static std::uint64_t hash(const CacheKey& key);

  cache::BoundedLru<Entry> lru_;
};

}  // namespace groundgate::filters::judge
