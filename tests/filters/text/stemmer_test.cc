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

TEST(Stemmer, OverlongWordsComeBackUnchanged) {
  const std::string long_word(100, 'x');
  EXPECT_EQ(stem(long_word), long_word);
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
