#include "filters/score/training/minimal_pairs.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "filters/text/lexicon.h"

namespace groundgate::filters::score::training {
namespace {

// The pairs of a sentence by change.
std::map<std::string, MinimalPair> by_change(std::string_view sentence, std::uint64_t seed = 7) {
  const auto loaded = text::Lexicon::shared();
  EXPECT_TRUE(loaded.lexicon) << loaded.error;
  std::map<std::string, MinimalPair> out;
  for (MinimalPair& p : minimal_pairs(sentence, loaded.lexicon.get(), seed))
    out.emplace(std::string(to_string(p.change)), std::move(p));
  return out;
}

TEST(MinimalPairs, TheCopyComesFirstAndIsFaithful) {
  const auto pairs = minimal_pairs("The bridge opened in 1932.", nullptr, 1);
  ASSERT_FALSE(pairs.empty());
  EXPECT_EQ(pairs.front().change, PairChange::kCopy);
  EXPECT_EQ(pairs.front().answer, "The bridge opened in 1932.");
  EXPECT_FALSE(unfaithful(PairChange::kCopy));
  EXPECT_FALSE(unfaithful(PairChange::kRestated));
  EXPECT_TRUE(unfaithful(PairChange::kDate));
  EXPECT_TRUE(unfaithful(PairChange::kNegation));
}

TEST(MinimalPairs, OneChangePerKindOfValue) {
  const auto pairs = by_change(
      "On 5 April 2019 the company paid $4.2 million for 25% of the 3 plants under Form 1099.");
  for (const char* kind : {"date", "money", "percent", "count", "code"}) {
    ASSERT_TRUE(pairs.count(kind)) << kind;
    const MinimalPair& p = pairs.at(kind);
    EXPECT_NE(p.was, p.now) << kind;
    EXPECT_NE(p.answer.find(p.now), std::string::npos) << kind;
  }
  EXPECT_EQ(pairs.at("code").was, "1099");
}

TEST(MinimalPairs, TheValueWrittenAnotherWay) {
  EXPECT_EQ(by_change("Sales rose 25% in the year.").at("restated").answer,
            "Sales rose 25 percent in the year.");
  EXPECT_EQ(by_change("The team won 3 titles in a row.").at("restated").answer,
            "The team won three titles in a row.");
  EXPECT_EQ(by_change("The free trial lasts 2 weeks for every new user.").at("restated").answer,
            "The free trial lasts 14 days for every new user.");
  EXPECT_EQ(restated("Check-in closes 3 hours before every departure."),
            "Check-in closes 180 minutes before every departure.");
  EXPECT_FALSE(restated("The tower is a lattice of wrought iron in Paris."));
}

TEST(MinimalPairs, NegatesTheVerb) {
  EXPECT_EQ(by_change("Polaris is based in Roseau, Minnesota.").at("negation").answer,
            "Polaris is not based in Roseau, Minnesota.");
  EXPECT_EQ(by_change("The museum opened a new wing last spring.").at("negation").answer,
            "The museum did not open a new wing last spring.");
}

// Numbers that are no values the context states: a source's label, a list item's number, a
// note's mark; a year after a name is a date, not a code.
TEST(MinimalPairs, LeavesMarksAndLabelsAlone) {
  EXPECT_FALSE(by_change("passage 2: The flag has a field of crimson red.").count("count"));
  EXPECT_FALSE(by_change("1 Preheat the oven and grease the dish well.").count("count"));
  EXPECT_FALSE(by_change("Net sales by segment (1) were as follows today.").count("count"));
  const auto film = by_change("He played in Shyamalan's 2002 film about crop circles.");
  EXPECT_FALSE(film.count("code"));
  EXPECT_TRUE(film.count("date"));
}

TEST(PairSentences, WholeProseSentencesByHash) {
  const std::string passage =
      "Short one. The festival opened on 5 April 2019 in the old harbour town. It drew large "
      "crowds from the whole region every single day.";
  const auto all = pair_sentences(passage, 10);
  EXPECT_EQ(all.size(), 2u);  // "Short one." is too short
  EXPECT_EQ(pair_sentences(passage, 1).size(), 1u);
  EXPECT_TRUE(pair_sentences("{\"name\": \"Acme\"}", 10).empty());
}

}  // namespace
}  // namespace groundgate::filters::score::training
