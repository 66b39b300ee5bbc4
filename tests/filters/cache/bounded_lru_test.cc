#include "filters/cache/bounded_lru.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace groundgate::filters::cache {
namespace {

auto same_as(const std::string& content) {
  return [content](const std::string& value) { return value == content; };
}

TEST(BoundedLru, ServesAValueOnlyWhenItsContentIsConfirmed) {
  BoundedLru<std::string> lru(100);
  lru.insert(7, std::make_shared<const std::string>("a"), 10);
  EXPECT_EQ("a", *lru.find(7, same_as("a")));
  // The same key for other content (a hash collision) is a miss, never the other's value.
  EXPECT_EQ(nullptr, lru.find(7, same_as("b")));
  EXPECT_EQ(nullptr, lru.find(8, same_as("a")));
  const CacheStats stats = lru.stats();
  EXPECT_EQ(1u, stats.hits);
  EXPECT_EQ(2u, stats.misses);
  EXPECT_EQ(1u, stats.entries);
  EXPECT_EQ(10u, stats.memory_bytes);
}

TEST(BoundedLru, TheLeastRecentlyUsedGoFirstWhenMemoryRunsOut) {
  BoundedLru<std::string> lru(25);
  lru.insert(1, std::make_shared<const std::string>("one"), 10);
  lru.insert(2, std::make_shared<const std::string>("two"), 10);
  ASSERT_NE(nullptr, lru.find(1, same_as("one")));  // 2 is now the least recently used
  lru.insert(3, std::make_shared<const std::string>("three"), 10);
  EXPECT_NE(nullptr, lru.find(1, same_as("one")));
  EXPECT_EQ(nullptr, lru.find(2, same_as("two")));
  EXPECT_NE(nullptr, lru.find(3, same_as("three")));
  EXPECT_EQ(1u, lru.stats().evictions);
  EXPECT_EQ(20u, lru.stats().memory_bytes);
}

TEST(BoundedLru, AValueLargerThanTheBoundIsNotKept) {
  BoundedLru<std::string> lru(5);
  lru.insert(1, std::make_shared<const std::string>("big"), 6);
  EXPECT_EQ(nullptr, lru.find(1, same_as("big")));
  EXPECT_EQ(0u, lru.stats().entries);
}

TEST(BoundedLru, TheNewestValueWinsItsKey) {
  BoundedLru<std::string> lru(100);
  lru.insert(1, std::make_shared<const std::string>("old"), 10);
  lru.insert(1, std::make_shared<const std::string>("new"), 20);
  EXPECT_EQ(nullptr, lru.find(1, same_as("old")));
  EXPECT_EQ("new", *lru.find(1, same_as("new")));
  EXPECT_EQ(1u, lru.stats().entries);
  EXPECT_EQ(20u, lru.stats().memory_bytes);
}

TEST(BoundedLru, ALowerBoundEvictsAtOnce) {
  BoundedLru<std::string> lru(100);
  lru.insert(1, std::make_shared<const std::string>("a"), 40);
  lru.insert(2, std::make_shared<const std::string>("b"), 40);
  lru.set_max_memory_bytes(50);
  EXPECT_EQ(50u, lru.max_memory_bytes());
  EXPECT_EQ(1u, lru.stats().entries);
  EXPECT_NE(nullptr, lru.find(2, same_as("b")));
  lru.set_max_memory_bytes(0);
  EXPECT_EQ(0u, lru.stats().entries);
  EXPECT_EQ(0u, lru.stats().memory_bytes);
}

TEST(HashMix, DependsOnOrderAndBoundaries) {
  EXPECT_NE(hash_mix(hash_mix(0, 1), 2), hash_mix(hash_mix(0, 2), 1));
  EXPECT_NE(hash_mix(0, 0), hash_mix(hash_mix(0, 0), 0));
}

}  // namespace
}  // namespace groundgate::filters::cache
