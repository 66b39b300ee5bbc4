#include <gtest/gtest.h>

#include <thread>

#include "tests/filters/triplet/triplet_fixture.h"

namespace groundgate::filters::triplet {
namespace {

// Parallel parses on the one shared dictionary give the same triplets as a serial run.
TEST(TripletThreadTest, ParallelParsesOnTheSharedDictionary) {
  const auto extractor = shared_extractor();
  const std::vector<std::string> sentences = {"Steve Jobs founded Apple in 1976.",
                                              "Apple was founded by Steve Jobs.",
                                              "Einstein was born in Ulm in 1879.",
                                              "The company did not release the product.",
                                              "Marie Curie discovered polonium and radium.",
                                              "Paris is the capital of France.",
                                              "Revenue grew by 30% in 2020.",
                                              "He wrote the novel with a pen in 1990."};
  std::vector<std::vector<Triplet>> expected;
  for (const auto& s : sentences)
    expected.push_back(triplets_of(*extractor, s));

  constexpr int kThreads = 4;
  constexpr int kRounds = 10;
  std::vector<int> mismatches(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int r = 0; r < kRounds; ++r) {
        for (std::size_t i = 0; i < sentences.size(); ++i) {
          const std::size_t k = (i + t) % sentences.size();
          if (triplets_of(*extractor, sentences[k]) != expected[k]) ++mismatches[t];
        }
      }
    });
  }
  for (auto& th : threads)
    th.join();
  for (int t = 0; t < kThreads; ++t)
    EXPECT_EQ(0, mismatches[t]) << "thread " << t;
}

}  // namespace
}  // namespace groundgate::filters::triplet
