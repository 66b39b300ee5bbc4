#include "filters/judge/result_cache.h"

#include <functional>

namespace groundgate::filters::judge {
namespace {

// Strings, vectors and the entry's own bookkeeping, as the cache's bound counts them.
constexpr std::size_t kEntryOverhead = 256;

std::size_t bytes_of(const Judgement& j) {
  std::size_t n = j.error.size() + j.reason.size() + j.detail.size() + j.rewrite.size();
  for (const std::string& q : j.quotes)
    n += q.size() + sizeof(std::string);
  return n;
}

}  // namespace

std::uint64_t ResultCache::hash(const CacheKey& key) {
  std::uint64_t h = cache::hash_mix(0, static_cast<std::uint64_t>(key.method) * 2 + key.rewrite);
  for (std::string_view part : {key.model, key.evidence, key.sentence}) {
    h = cache::hash_mix(h, part.size());
    h = cache::hash_mix(h, std::hash<std::string_view>{}(part));
  }
  return h;
}

std::optional<Judgement> ResultCache::find(const CacheKey& key) {
  std::shared_ptr<const Entry> e = lru_.find(hash(key), [&](const Entry& x) {
    return x.method == key.method && x.rewrite == key.rewrite && x.model == key.model &&
           x.evidence == key.evidence && x.sentence == key.sentence;
  });
  if (!e) return std::nullopt;
  return e->judgement;
}

void ResultCache::insert(const CacheKey& key, const Judgement& judgement) {
  if (!judgement.decided()) return;
  auto e = std::make_shared<Entry>(Entry{key.method, key.rewrite, std::string(key.model),
                                         std::string(key.evidence), std::string(key.sentence),
                                         judgement});
  const std::size_t bytes = kEntryOverhead + e->model.size() + e->evidence.size() +
                            e->sentence.size() + bytes_of(judgement);
  lru_.insert(hash(key), std::move(e), bytes);
}

}  // namespace groundgate::filters::judge
