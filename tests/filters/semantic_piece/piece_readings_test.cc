#include "filters/semantic_piece/piece_readings.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "filters/text/entities.h"
#include "filters/text/lexicon.h"
#include "filters/text/stemmer.h"
#include "filters/text/tokenizer.h"
#include "tests/support/context_index.h"

namespace groundgate::filters::semantic_piece {
namespace {

using groundgate::testing::index_of;

std::vector<std::string> norms(std::span<const text::Token> tokens) {
  std::vector<std::string> out;
  for (const text::Token& t : tokens)
    out.push_back(t.norm);
  return out;
}

TEST(PieceReadings, ReadsEachPieceAsTheTokenizerAndExtractorDo) {
  const auto index = index_of({"The refund window is 14 days.", "Orders ship on 5 April 2024."});
  ASSERT_GE(index->pieces().size(), 2u);
  const PieceReadings readings(*index, nullptr);
  for (std::uint32_t piece = 0; piece < index->pieces().size(); ++piece) {
    const std::string_view text = index->piece_text(index->pieces()[piece]);
    EXPECT_EQ(readings.text(piece), text);
    const std::vector<text::Token> tokens = text::tokenize(text);
    EXPECT_EQ(norms(readings.tokens(piece)), norms(tokens));
    const std::vector<text::Entity> entities = text::extract_entities(text, tokens);
    ASSERT_EQ(readings.entities(piece).size(), entities.size());
    for (std::size_t i = 0; i < entities.size(); ++i)
      EXPECT_EQ(readings.entities(piece)[i].text, entities[i].text);
  }
}

TEST(PieceReadings, ReadsAPieceOnceAndKeepsIt) {
  const auto index = index_of({"The council approved the permit."});
  const PieceReadings readings(*index, nullptr);
  const std::vector<text::Token>* first = &readings.tokens(0);
  const PieceReadings::Analysis* analysis = &readings.analysis(0);
  EXPECT_EQ(&readings.tokens(0), first);
  EXPECT_EQ(&readings.analysis(0), analysis);
}

TEST(PieceReadings, AnalysisKeepsContentWordsAndNegationScopes) {
  const auto loaded = text::Lexicon::shared();
  ASSERT_TRUE(loaded.lexicon) << loaded.error;
  const auto index = index_of({"The council did not approve the permit."});
  const PieceReadings readings(*index, loaded.lexicon.get());
  const PieceReadings::Analysis& a = readings.analysis(0);
  EXPECT_TRUE(a.has_negation_cue);
  ASSERT_EQ(a.negations.size(), 1u);
  const index::TermId approve = index->terms().find(text::stem("approve"));
  ASSERT_NE(approve, index::kNoTerm);
  EXPECT_NE(std::find(a.negations[0].scope.begin(), a.negations[0].scope.end(), approve),
            a.negations[0].scope.end());
  EXPECT_EQ(a.words.size(), a.degrees.size());
  const std::vector<std::string> words = norms(a.words);
  EXPECT_NE(std::find(words.begin(), words.end(), "council"), words.end());
  EXPECT_EQ(std::find(words.begin(), words.end(), "the"), words.end());
}

TEST(PieceReadings, KnowsAPieceWithAModalityWordOrAFuture) {
  const auto index = index_of(
      {"The drug may reduce blood pressure.", "May 5 was a Monday.", "The store will open."});
  const PieceReadings readings(*index, nullptr);
  EXPECT_TRUE(readings.may_state_less(0));
  EXPECT_FALSE(readings.may_state_less(1));  // the month
  EXPECT_TRUE(readings.may_state_less(2));
}

TEST(PieceReadings, LemmasAreSortedUniqueAndNeedALexicon) {
  const auto loaded = text::Lexicon::shared();
  ASSERT_TRUE(loaded.lexicon) << loaded.error;
  const auto index = index_of({"The dogs chased the dogs' balls."});
  const PieceReadings readings(*index, loaded.lexicon.get());
  const std::vector<std::string_view>& lemmas = readings.lemmas(0);
  EXPECT_TRUE(std::is_sorted(lemmas.begin(), lemmas.end()));
  EXPECT_EQ(std::adjacent_find(lemmas.begin(), lemmas.end()), lemmas.end());
  EXPECT_TRUE(std::binary_search(lemmas.begin(), lemmas.end(), "dog"));
  EXPECT_TRUE(std::binary_search(lemmas.begin(), lemmas.end(), "chase"));
  const PieceReadings without(*index, nullptr);
  EXPECT_TRUE(without.lemmas(0).empty());
}

}  // namespace
}  // namespace groundgate::filters::semantic_piece
