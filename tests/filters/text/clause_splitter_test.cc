#include "filters/text/clause_splitter.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace groundgate::filters::text {
namespace {

struct Case {
  std::string sentence;
  std::vector<std::string> clauses;
};

class ClauseCases : public ::testing::TestWithParam<Case> {};

TEST_P(ClauseCases, SplitsIntoStandAloneClauses) {
  const auto& c = GetParam();
  std::vector<std::string> got;
  for (const Clause& cl : split_clauses(c.sentence)) {
    got.push_back(c.sentence.substr(cl.begin, cl.end - cl.begin));
  }
  EXPECT_EQ(got, c.clauses) << c.sentence;
}

INSTANTIATE_TEST_SUITE_P(
    Heuristics, ClauseCases,
    ::testing::Values(Case{"He bought salt and pepper.", {"He bought salt and pepper."}},
                      Case{"Tom and Jerry went home.", {"Tom and Jerry went home."}},
                      Case{"He sang; she danced.", {"He sang", "she danced."}},
                      Case{"The film was a success, and it earned $181 million.",
                           {"The film was a success", "it earned $181 million."}},
                      Case{"Goertz is a musician, but her videos are posted on YouTube.",
                           {"Goertz is a musician", "her videos are posted on YouTube."}},
                      Case{"McManus scored twice, while Johnstone scored once.",
                           {"McManus scored twice", "Johnstone scored once."}},
                      Case{"He arrived and she left.", {"He arrived", "she left."}},
                      Case{"He arrived and left early.", {"He arrived and left early."}},
                      Case{"Cuthbert and Moriarty traded tries, and the Blues led.",
                           {"Cuthbert and Moriarty traded tries", "the Blues led."}},
                      Case{"A magazine published in Philadelphia and New York.",
                           {"A magazine published in Philadelphia and New York."}},
                      Case{"", {}}));

}  // namespace
}  // namespace groundgate::filters::text
