#include "filters/index/stem_cache.h"

#include <gtest/gtest.h>

#include <string>

#include "filters/text/stemmer.h"

namespace groundgate::filters::index {
namespace {

TEST(StemCache, WordsSharingAStemShareATerm) {
  TermDictionary dictionary;
  StemCache stems(dictionary);
  const TermId published = stems.term("published");
  EXPECT_EQ(stems.term("publish"), published);
  EXPECT_EQ(stems.term("published"), published);
  EXPECT_NE(stems.term("river"), published);
  EXPECT_EQ(dictionary.term(published), "publish");
  EXPECT_EQ(dictionary.size(), 2u);
}

// The stems outlive a build, the ids do not: a later build numbers its terms in its own
// dictionary, in the order it meets them.
TEST(StemCache, IdsBelongToTheirBuild) {
  TermDictionary first;
  {
    StemCache stems(first);
    stems.term("rivers");
    stems.term("flowing");
  }
  TermDictionary second;
  StemCache stems(second);
  const TermId flowing = stems.term("flowing");
  const TermId rivers = stems.term("rivers");
  EXPECT_EQ(flowing, 0u);
  EXPECT_EQ(rivers, 1u);
  EXPECT_EQ(second.term(flowing), "flow");
  EXPECT_EQ(second.term(rivers), "river");
}

// More distinct words than the table holds: it empties itself and every answer stays right,
// also for words met again after the table was emptied within the same build.
TEST(StemCache, StaysBoundedAndCorrectPastItsSize) {
  TermDictionary dictionary;
  StemCache stems(dictionary);
  const TermId early = stems.term("walking");
  for (std::size_t i = 0; i < StemCache::kMaxEntries * 2 + 10; ++i) {
    const std::string word = "word" + std::to_string(i) + "ing";
    const TermId id = stems.term(word);
    ASSERT_EQ(dictionary.term(id), text::stem(word));
    ASSERT_LE(StemCache::cached_words(), StemCache::kMaxEntries);
  }
  EXPECT_EQ(stems.term("walking"), early);
  EXPECT_EQ(stems.term("walked"), early);
}

TEST(StemCache, LongAndEmptyWordsAreStemmedUncached) {
  TermDictionary dictionary;
  StemCache stems(dictionary);
  const std::string long_word(StemCache::kMaxCachedWord + 5, 'a');
  const TermId id = stems.term(long_word + "ing");
  EXPECT_EQ(stems.term(long_word + "ing"), id);
  EXPECT_EQ(dictionary.term(id), text::stem(long_word + "ing"));
  EXPECT_EQ(dictionary.term(stems.term("")), "");
}

}  // namespace
}  // namespace groundgate::filters::index
