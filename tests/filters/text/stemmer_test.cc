#include "filters/text/stemmer.h"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

namespace groundgate::filters::text {
namespace {

TEST(Stemmer, EnglishSnowball) {
  EXPECT_EQ(stem("published"), "publish");
  EXPECT_EQ(stem("magazines"), "magazin");
  EXPECT_EQ(stem("magazine"), "magazin");
  EXPECT_EQ(stem("running"), "run");
  EXPECT_EQ(stem("generously"), "generous");
  EXPECT_EQ(stem(""), "");
}

TEST(Stemmer, ANegatedAuxiliaryStemsToNot) {
  for (const char* word : {"can't", "cannot", "doesn't", "won't", "not"})
    EXPECT_EQ(stem(word), "not") << word;
  EXPECT_EQ(stem("never"), "never");
  EXPECT_EQ(stem("no"), "no");
}

TEST(Stemmer, OverlongWordsComeBackUnchanged) {
  const std::string long_word(100, 'x');
  EXPECT_EQ(stem(long_word), long_word);
}

// Recent stems are cached per thread in slots that words share: whatever the order and however
// often a word comes back, its stem is the one a fresh thread computes.
TEST(Stemmer, CachedStemsEqualFreshOnes) {
  std::vector<std::string> words;
  for (const char* base : {"connect", "publish", "run", "generous", "magazin", "nation"}) {
    for (const char* suffix : {"", "s", "ed", "ing", "ion", "ions", "ly", "ness", "ational"}) {
      for (int n = 0; n < 60; ++n)
        words.push_back(std::string(base) + suffix + std::string(n % 20, 'e'));
    }
  }
  std::vector<std::string> fresh(words.size());
  std::thread([&] {
    for (std::size_t i = words.size(); i-- > 0;)
      fresh[i] = stem(words[i]);
  }).join();
  for (int round = 0; round < 3; ++round) {
    for (std::size_t i = 0; i < words.size(); ++i)
      ASSERT_EQ(fresh[i], stem(words[i])) << words[i];
  }
}

TEST(Stemmer, SafeAcrossThreads) {
  std::vector<std::thread> threads;
  std::vector<int> ok(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&ok, t] {
      for (int i = 0; i < 2000; ++i)
        ok[t] += stem("connections") == "connect";
    });
  }
  for (auto& th : threads)
    th.join();
  for (int n : ok)
    EXPECT_EQ(n, 2000);
}

}  // namespace
}  // namespace groundgate::filters::text
