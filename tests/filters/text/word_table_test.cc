#include "filters/text/word_table.h"

#include <gtest/gtest.h>

namespace groundgate::filters::text {
namespace {

constexpr auto kTable = word_table("may", "march", "mar", "june", "", "may", "•", "a");

TEST(WordTable, FindsAWordAtItsPositionInTheList) {
  EXPECT_EQ(kTable.find("march"), 1);
  EXPECT_EQ(kTable.find("mar"), 2);
  EXPECT_EQ(kTable.find("june"), 3);
  EXPECT_EQ(kTable.find("•"), 6);
  EXPECT_EQ(kTable.find("a"), 7);
  EXPECT_TRUE(kTable.contains("june"));
}

TEST(WordTable, AWordListedTwiceIsFoundAtItsFirstPosition) {
  EXPECT_EQ(kTable.find("may"), 0);
}

TEST(WordTable, RejectsOtherWordsPrefixesAndTheEmptyWord) {
  EXPECT_EQ(kTable.find("ma"), -1);
  EXPECT_EQ(kTable.find("marc"), -1);
  EXPECT_EQ(kTable.find("marches"), -1);
  EXPECT_EQ(kTable.find("july"), -1);
  EXPECT_EQ(kTable.find("zebra"), -1);
  EXPECT_EQ(kTable.find(""), -1);
  EXPECT_FALSE(kTable.contains("A"));  // lowercase words only: bytes compare exactly
}

// Built at compile time.
static_assert(word_table("one", "two").find("two") == 1);
static_assert(word_table("one", "two").find("three") == -1);

}  // namespace
}  // namespace groundgate::filters::text
