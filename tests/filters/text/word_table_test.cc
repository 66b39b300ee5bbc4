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

// A bucket is scanned shortest word first and stops at the first longer one: every length
// in a crowded bucket is still found, listed in any order.
constexpr auto kCrowded =
    word_table("themselves", "the", "t", "there", "to", "then", "th", "there's", "too", "then");

TEST(WordTable, FindsEveryLengthInACrowdedBucket) {
  EXPECT_EQ(kCrowded.find("themselves"), 0);
  EXPECT_EQ(kCrowded.find("the"), 1);
  EXPECT_EQ(kCrowded.find("t"), 2);
  EXPECT_EQ(kCrowded.find("there"), 3);
  EXPECT_EQ(kCrowded.find("to"), 4);
  EXPECT_EQ(kCrowded.find("then"), 5);  // listed twice: its first position
  EXPECT_EQ(kCrowded.find("th"), 6);
  EXPECT_EQ(kCrowded.find("there's"), 7);
  EXPECT_EQ(kCrowded.find("too"), 8);
  for (const char* w : {"tx", "thee", "them", "these", "therefore", "themselvess", "to "})
    EXPECT_EQ(kCrowded.find(w), -1) << w;
}

// Built at compile time.
static_assert(word_table("one", "two").find("two") == 1);
static_assert(word_table("one", "two").find("three") == -1);

}  // namespace
}  // namespace groundgate::filters::text
