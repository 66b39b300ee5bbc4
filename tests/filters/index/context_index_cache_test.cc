#include "filters/index/context_index_cache.h"

#include <gtest/gtest.h>

#include <thread>

namespace groundgate::filters::index {
namespace {

std::vector<context::Passage> context_of(const std::string& text) {
  context::Passage p;
  p.text = text;
  return {p};
}

TEST(ContextIndexCache, HitReturnsTheSameIndex) {
  ContextIndexCache cache(1 << 20);
  auto passages = context_of("Acme was founded in 1991. It makes anvils.");
  auto first = cache.get_or_build(passages);
  auto second = cache.get_or_build(passages);
  EXPECT_EQ(first.get(), second.get());
  ContextIndexCache::Stats stats = cache.stats();
  EXPECT_EQ(stats.hits, 1u);
  EXPECT_EQ(stats.misses, 1u);
  EXPECT_EQ(stats.entries, 1u);
  EXPECT_EQ(stats.memory_bytes, first->memory_bytes());
}

TEST(ContextIndexCache, KeyCoversTextBoundariesAndMetadata) {
  context::Passage a, b;
  a.text = "ab";
  b.text = "c";
  context::Passage c, d;
  c.text = "a";
  d.text = "bc";
  std::vector<context::Passage> one = {a, b}, two = {c, d};
  EXPECT_NE(ContextIndexCache::content_hash(one), ContextIndexCache::content_hash(two));
  std::vector<context::Passage> titled = one;
  titled[0].title = "T";
  EXPECT_NE(ContextIndexCache::content_hash(one), ContextIndexCache::content_hash(titled));
  EXPECT_EQ(ContextIndexCache::content_hash(one),
            ContextIndexCache::content_hash(std::vector<context::Passage>{a, b}));
}

TEST(ContextIndexCache, EvictsLeastRecentlyUsedByMemory) {
  auto a = context_of("Alpha passage about rivers and lakes.");
  auto b = context_of("Beta passage about mountains and hills.");
  auto c = context_of("Gamma passage about deserts and dunes.");
  std::size_t size = ContextIndex::build(a)->memory_bytes();
  // Room for two indexes of about this size, not three.
  ContextIndexCache cache(size * 5 / 2);
  auto index_a = cache.get_or_build(a);
  auto index_b = cache.get_or_build(b);
  EXPECT_EQ(cache.get_or_build(a).get(), index_a.get());  // a is now the most recent
  cache.get_or_build(c);                                  // evicts b
  ContextIndexCache::Stats stats = cache.stats();
  EXPECT_EQ(stats.evictions, 1u);
  EXPECT_EQ(stats.entries, 2u);
  EXPECT_LE(stats.memory_bytes, cache.max_memory_bytes());
  EXPECT_EQ(cache.get_or_build(a).get(), index_a.get());
  EXPECT_NE(cache.get_or_build(b).get(), index_b.get());  // rebuilt
  // An evicted index stays valid for the streams still holding it.
  EXPECT_EQ(index_b->top_k("mountains", 1).size(), 1u);
}

TEST(ContextIndexCache, IndexLargerThanTheBoundIsNotCached) {
  ContextIndexCache cache(16);
  auto passages = context_of("Too big for this cache.");
  auto first = cache.get_or_build(passages);
  ASSERT_TRUE(first);
  EXPECT_NE(cache.get_or_build(passages).get(), first.get());
  EXPECT_EQ(cache.stats().entries, 0u);
  EXPECT_EQ(cache.stats().memory_bytes, 0u);
}

TEST(ContextIndexCache, ConcurrentStreamsShareIt) {
  ContextIndexCache cache(1 << 20);
  std::vector<std::thread> threads;
  std::vector<int> ok(4, 1);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        std::string text = "Passage number " + std::to_string(i % 7) + " mentions topic" +
                           std::to_string(i % 7) + ".";
        auto index = cache.get_or_build(context_of(text));
        if (index->passages()[0].text != text ||
            index->top_k("topic" + std::to_string(i % 7), 1).size() != 1) {
          ok[t] = 0;
        }
      }
    });
  }
  for (auto& th : threads)
    th.join();
  EXPECT_EQ(ok, std::vector<int>(4, 1));
  ContextIndexCache::Stats stats = cache.stats();
  EXPECT_EQ(stats.hits + stats.misses, 800u);
  EXPECT_EQ(stats.entries, 7u);
}

}  // namespace
}  // namespace groundgate::filters::index
