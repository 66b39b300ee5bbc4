#include <gtest/gtest.h>

#include "filters/triplet/triplet_cache.h"

namespace groundgate::filters::triplet {
namespace {

std::shared_ptr<const SentenceTriplets> with_subject(std::string subject) {
  auto s = std::make_shared<SentenceTriplets>();
  s->subject = std::move(subject);
  return s;
}

TEST(TripletCacheTest, FindsWhatWasInserted) {
  TripletCache cache(4);
  EXPECT_EQ(nullptr, cache.find("a"));
  cache.insert("a", with_subject("A"));
  ASSERT_NE(nullptr, cache.find("a"));
  EXPECT_EQ("A", cache.find("a")->subject);
  EXPECT_EQ(2u, cache.stats().hits);
  EXPECT_EQ(1u, cache.stats().misses);
}

TEST(TripletCacheTest, EvictsLeastRecentlyUsed) {
  TripletCache cache(2);
  cache.insert("a", with_subject("A"));
  cache.insert("b", with_subject("B"));
  ASSERT_NE(nullptr, cache.find("a"));  // b is now the oldest
  cache.insert("c", with_subject("C"));
  EXPECT_EQ(nullptr, cache.find("b"));
  EXPECT_NE(nullptr, cache.find("a"));
  EXPECT_EQ(2u, cache.stats().entries);
  EXPECT_EQ(1u, cache.stats().evictions);
}

TEST(TripletCacheTest, ZeroCapacityStoresNothing) {
  TripletCache cache(0);
  cache.insert("a", with_subject("A"));
  EXPECT_EQ(nullptr, cache.find("a"));
}

}  // namespace
}  // namespace groundgate::filters::triplet
