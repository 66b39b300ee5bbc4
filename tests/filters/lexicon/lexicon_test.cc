#include "filters/text/lexicon.h"

#include "filters/text/adjective_degree.h"
#include "filters/text/phrasal_verb.h"
#include "filters/text/verb_form.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

namespace groundgate::filters::text {
namespace {

using Pos = Lexicon::Pos;

bool has(const std::vector<std::string_view>& words, std::string_view w) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

class LexiconTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto start = std::chrono::steady_clock::now();
    Lexicon::LoadResult result = Lexicon::shared();
    auto elapsed =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start);
    ASSERT_TRUE(result.lexicon) << result.error;
    lexicon_ = result.lexicon.get();
    std::printf("[lexicon] load %.1f ms, %zu words, %zu synsets, %.1f MiB\n", elapsed.count(),
                lexicon_->word_count(), lexicon_->synset_count(),
                lexicon_->memory_bytes() / (1024.0 * 1024.0));
  }
  static const Lexicon* lexicon_;
};
const Lexicon* LexiconTest::lexicon_ = nullptr;

TEST_F(LexiconTest, LoadsAllPartsOfSpeech) {
  EXPECT_GT(lexicon_->word_count(), 140000u);
  EXPECT_GT(lexicon_->synset_count(), 117000u);
  // Packed arrays, not maps of strings: well under 40 MiB for all of WordNet.
  EXPECT_LT(lexicon_->memory_bytes(), 40u * 1024 * 1024);
}

TEST_F(LexiconTest, MorphyUsesExceptionListsAndDetachmentRules) {
  EXPECT_TRUE(has(lexicon_->lemmas("founded"), "found"));
  EXPECT_TRUE(has(lexicon_->lemmas("children"), "child"));
  EXPECT_TRUE(has(lexicon_->lemmas("found"), "find"));  // verb.exc
  EXPECT_TRUE(has(lexicon_->lemmas("found"), "found"));
  EXPECT_TRUE(has(lexicon_->lemmas("Boxes"), "box"));
  EXPECT_TRUE(has(lexicon_->lemmas("running", Pos::kVerb), "run"));
  EXPECT_TRUE(has(lexicon_->lemmas("larger", Pos::kAdjective), "large"));
  EXPECT_TRUE(has(lexicon_->lemmas("better", Pos::kAdjective), "good"));  // adj.exc
  EXPECT_TRUE(has(lexicon_->lemmas("women"), "woman"));
  EXPECT_TRUE(has(lexicon_->lemmas("united states"), "united_states"));
  EXPECT_FALSE(has(lexicon_->lemmas("children", Pos::kVerb), "child"));
  EXPECT_TRUE(lexicon_->lemmas("qzxv").empty());
  EXPECT_TRUE(lexicon_->lemmas("").empty());
  EXPECT_TRUE(lexicon_->contains("Paris"));
  EXPECT_FALSE(lexicon_->contains("qzxv"));
}

TEST_F(LexiconTest, SynonymsShareASynset) {
  EXPECT_TRUE(lexicon_->are_synonyms("found", "establish"));
  EXPECT_TRUE(lexicon_->are_synonyms("founded", "established"));
  EXPECT_TRUE(lexicon_->are_synonyms("big", "large"));
  EXPECT_TRUE(lexicon_->are_synonyms("car", "automobile", Pos::kNoun));
  EXPECT_FALSE(lexicon_->are_synonyms("car", "automobile", Pos::kVerb));
  EXPECT_FALSE(lexicon_->are_synonyms("large", "small"));
  EXPECT_FALSE(lexicon_->are_synonyms("found", "qzxv"));
}

TEST_F(LexiconTest, SynonymListAgreesWithThePairwiseCheck) {
  EXPECT_TRUE(has(lexicon_->synonyms("founded"), "establish"));
  EXPECT_TRUE(has(lexicon_->synonyms("car", Pos::kNoun), "automobile"));
  EXPECT_FALSE(has(lexicon_->synonyms("car", Pos::kVerb), "automobile"));
  EXPECT_TRUE(lexicon_->synonyms("qzxv").empty());
  const char* const words[] = {"found", "founded", "big",        "large",
                               "small", "car",     "automobile", "established",
                               "ran",   "running", "quickly",    "children"};
  for (const char* a : words) {
    const std::vector<std::string_view> list = lexicon_->synonyms(a);
    for (const char* b : words) {
      const std::vector<std::string_view> lemmas = lexicon_->lemmas(b);
      const bool listed = std::any_of(lemmas.begin(), lemmas.end(),
                                      [&](std::string_view l) { return has(list, l); });
      EXPECT_EQ(listed, lexicon_->are_synonyms(a, b)) << a << " / " << b;
    }
  }
}

TEST_F(LexiconTest, AntonymsDirectAndThroughSimilarTo) {
  EXPECT_TRUE(lexicon_->are_antonyms("increase", "decrease"));
  EXPECT_TRUE(lexicon_->are_antonyms("increased", "decreased", Pos::kVerb));
  EXPECT_TRUE(lexicon_->are_antonyms("large", "small"));
  EXPECT_TRUE(lexicon_->are_antonyms("small", "large"));
  EXPECT_TRUE(lexicon_->are_antonyms("huge", "small"));  // a satellite and a head
  EXPECT_TRUE(lexicon_->are_antonyms("large", "tiny"));
  EXPECT_TRUE(lexicon_->are_antonyms("win", "lose"));
  EXPECT_FALSE(lexicon_->are_antonyms("large", "big"));
  EXPECT_FALSE(lexicon_->are_antonyms("increase", "grow"));
  // Antonymy is between words, not between every sense of them.
  EXPECT_FALSE(lexicon_->are_antonyms("lived", "later"));
  EXPECT_FALSE(lexicon_->are_antonyms("brief", "far"));
  EXPECT_FALSE(lexicon_->are_antonyms("securing", "opening"));
  EXPECT_FALSE(lexicon_->are_antonyms("increase", "decrease", Pos::kAdverb));
}

// Opposed senses: the words of two synsets an antonym pointer joins, whichever words it names.
TEST_F(LexiconTest, OpposedSensesJoinTheWordsOfTwoOpposedSynsets) {
  EXPECT_FALSE(lexicon_->are_antonyms("prohibited", "permitted"));
  EXPECT_TRUE(lexicon_->have_opposed_senses("prohibited", "permitted"));
  EXPECT_TRUE(lexicon_->have_opposed_senses("permitted", "prohibited"));
  EXPECT_TRUE(lexicon_->have_opposed_senses("allowed", "forbidden"));
  EXPECT_TRUE(lexicon_->have_opposed_senses("large", "small"));
  // A synonym of an antonym in another sense is no opposed sense: "big" is "bad" only as
  // "very intense", and "good" is opposed to "bad" as "of low quality".
  EXPECT_TRUE(lexicon_->has_synonym_in("big", lexicon_->opposites("good")));
  EXPECT_FALSE(lexicon_->have_opposed_senses("big", "good"));
  EXPECT_FALSE(lexicon_->have_opposed_senses("large", "big"));
  EXPECT_FALSE(lexicon_->have_opposed_senses("qzxv", "small"));
}

TEST_F(LexiconTest, WordsWithoutOppositesAreKnownBeforeThePairs) {
  EXPECT_FALSE(lexicon_->opposites("large").empty());
  EXPECT_FALSE(lexicon_->opposites("huge").empty());  // through its head, "large"
  EXPECT_TRUE(lexicon_->opposites("qzxv").empty());
  const char* const words[] = {"large", "small",    "huge",      "tiny",  "golfer", "feat", "win",
                               "lose",  "increase", "decreased", "brief", "long",   "car"};
  for (const char* a : words) {
    if (!lexicon_->opposites(a).empty()) continue;
    for (const char* b : words)
      EXPECT_FALSE(lexicon_->are_antonyms(a, b)) << a << " / " << b;
  }
}

TEST_F(LexiconTest, OppositesAgreeWithThePairwiseCheckForEveryWordAndItsSynonyms) {
  EXPECT_TRUE(lexicon_->has_synonym_in("banned", lexicon_->opposites("permitted")));
  EXPECT_TRUE(lexicon_->has_synonym_in("prohibited", lexicon_->opposites("allowed")));
  EXPECT_TRUE(lexicon_->has_synonym_in("tiny", lexicon_->opposites("large")));
  EXPECT_FALSE(lexicon_->has_synonym_in("big", lexicon_->opposites("large")));
  EXPECT_TRUE(lexicon_->opposites("qzxv").empty());
  EXPECT_TRUE(lexicon_->opposites("golfer").empty());
  const char* const words[] = {
      "large",    "small",      "huge",     "tiny",     "big",      "win",      "lose",
      "increase", "decreased",  "brief",    "long",     "far",      "allowed",  "permitted",
      "banned",   "prohibited", "required", "optional", "included", "excluded", "open",
      "closed",   "lived",      "later",    "securing", "opening",  "accept",   "reject",
      "rise",     "fall",       "increase", "grow",     "present",  "absent",   "car"};
  for (const char* a : words) {
    const Lexicon::WordSet opposed = lexicon_->opposites(a);
    for (const char* b : words) {
      const std::vector<std::string_view> same = lexicon_->synonyms(b);
      const bool pairwise = std::any_of(same.begin(), same.end(), [&](std::string_view w) {
        return lexicon_->are_antonyms(a, w);
      });
      EXPECT_EQ(lexicon_->has_synonym_in(b, opposed), pairwise) << a << " / " << b;
      EXPECT_EQ(lexicon_->has_lemma_in(b, opposed), lexicon_->are_antonyms(a, b))
          << a << " / " << b;
    }
  }
}

TEST_F(LexiconTest, DerivationallyRelatedForms) {
  EXPECT_TRUE(has(lexicon_->derivations("founder"), "found"));
  EXPECT_TRUE(has(lexicon_->derivations("establishment"), "establish"));
  EXPECT_TRUE(has(lexicon_->derivations("establish"), "establishment"));
  EXPECT_TRUE(has(lexicon_->derivations("rapidly"), "rapid"));  // pertainym
  EXPECT_TRUE(lexicon_->are_derivationally_related("founders", "founded"));
  EXPECT_FALSE(lexicon_->are_derivationally_related("founder", "decrease"));
  EXPECT_TRUE(lexicon_->derivations("qzxv").empty());
}

TEST_F(LexiconTest, HypernymsForNounsWithinDepth) {
  EXPECT_TRUE(lexicon_->is_kind_of("dog", "canine", 1));
  EXPECT_TRUE(lexicon_->is_kind_of("dogs", "carnivore", 3));
  EXPECT_FALSE(lexicon_->is_kind_of("dog", "carnivore", 1));
  EXPECT_TRUE(lexicon_->is_kind_of("Paris", "city", 2));  // instance hypernym
  EXPECT_FALSE(lexicon_->is_kind_of("canine", "dog", 5));
  EXPECT_FALSE(lexicon_->is_kind_of("dog", "dog", 3));
}

TEST_F(LexiconTest, SharedInstanceIsLoadedOnceAndUsableFromThreads) {
  EXPECT_EQ(Lexicon::shared().lexicon.get(), lexicon_);
  std::vector<std::thread> threads;
  std::vector<int> ok(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      auto lx = Lexicon::shared().lexicon;
      ok[t] = lx && lx->are_synonyms("found", "establish") && lx->are_antonyms("large", "small");
    });
  }
  for (auto& th : threads)
    th.join();
  EXPECT_EQ(ok, std::vector<int>(4, 1));
}

TEST(LexiconLoad, MissingDirectoryIsAnError) {
  Lexicon::LoadResult result = Lexicon::load("/nonexistent/wordnet");
  EXPECT_FALSE(result.lexicon);
  EXPECT_NE(result.error.find("cannot open"), std::string::npos);
}

TEST(LexiconLoad, MalformedDataFileIsAnErrorWithTheLine) {
  auto dir = std::filesystem::temp_directory_path() / "gg_lexicon_bad";
  std::filesystem::create_directories(dir);
  for (const char* name : {"data.noun", "data.verb", "data.adj", "data.adv", "noun.exc", "verb.exc",
                           "adj.exc", "adv.exc"}) {
    std::ofstream(dir / name) << "  licence header\n";
  }
  std::ofstream(dir / "data.noun") << "  licence\n00000001 03 n zz entity 0 000 | gloss\n";
  Lexicon::LoadResult result = Lexicon::load(dir.string());
  EXPECT_FALSE(result.lexicon);
  EXPECT_NE(result.error.find("data.noun:2: bad word count"), std::string::npos) << result.error;
  std::filesystem::remove_all(dir);
}

// Two lexicons in one thread: the per-thread lemma cache answers each from its own data.
TEST(LexiconLoad, LemmaCacheKeepsLexiconsApart) {
  // The exception's base gets another id in each: a stale entry would name the wrong word.
  auto write = [](const std::filesystem::path& dir, const char* words, const char* base) {
    std::filesystem::create_directories(dir);
    for (const char* name : {"verb.exc", "adj.exc", "adv.exc"})
      std::ofstream(dir / name) << "";
    std::ofstream(dir / "data.noun") << "  licence\n00000010 05 n " << words << " 000 | gloss\n";
    std::ofstream(dir / "data.verb") << "  licence\n00000010 29 v 01 run 0 000 | gloss\n";
    std::ofstream(dir / "data.adj") << "  licence\n00000010 00 a 01 big 0 000 | gloss\n";
    std::ofstream(dir / "data.adv") << "  licence\n00000010 02 r 01 fast 0 000 | gloss\n";
    std::ofstream(dir / "noun.exc") << "mice " << base << "\n";
  };
  const auto root = std::filesystem::temp_directory_path() / "gg_lexicon_cache";
  write(root / "a", "02 rat 0 mouse 0", "mouse");
  write(root / "b", "02 louse 0 flea 0", "louse");
  Lexicon::LoadResult a = Lexicon::load((root / "a").string());
  Lexicon::LoadResult b = Lexicon::load((root / "b").string());
  std::filesystem::remove_all(root);
  ASSERT_TRUE(a.lexicon) << a.error;
  ASSERT_TRUE(b.lexicon) << b.error;
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(a.lexicon->lemmas("mice"), std::vector<std::string_view>{"mouse"});
    EXPECT_EQ(b.lexicon->lemmas("mice"), std::vector<std::string_view>{"louse"});
    EXPECT_TRUE(a.lexicon->lemmas("mice", Pos::kVerb).empty());
  }
}

TEST_F(LexiconTest, AnAdjectiveSatelliteLeadsToItsHead) {
  EXPECT_TRUE(has(lexicon_->adjective_heads("western"), "west"));
  EXPECT_TRUE(has(lexicon_->adjective_heads("huge"), "large"));
  EXPECT_FALSE(has(lexicon_->adjective_heads("huge"), "small"));
  // A head leads nowhere: not to its satellites, nor to another head.
  EXPECT_FALSE(has(lexicon_->adjective_heads("large"), "huge"));
  EXPECT_TRUE(lexicon_->adjective_heads("house").empty());  // no adjective sense
}

TEST_F(LexiconTest, AnInflectedVerbIsAFormOfAnotherVerb) {
  auto inflected = [&](std::string_view sentence, std::size_t at, const Lexicon* lexicon) {
    return inflected_verb(tokenize(sentence)[at], lexicon);
  };
  EXPECT_TRUE(inflected("before Ling got one back", 2, lexicon_));
  EXPECT_TRUE(inflected("the company announced a split", 2, lexicon_));
  EXPECT_TRUE(inflected("profits fell", 1, lexicon_));            // "fell" is a noun too, not an -s
  EXPECT_FALSE(inflected("the company announced", 1, lexicon_));  // a verb's base form
  EXPECT_FALSE(inflected("outdoor pools", 1, lexicon_));          // a plural noun too
  EXPECT_FALSE(inflected("Wrote it", 0, lexicon_));               // capitalized
  EXPECT_TRUE(inflected("he walked", 1, nullptr));                // without a lexicon: -ed
  EXPECT_FALSE(inflected("he got", 1, nullptr));
}

TEST_F(LexiconTest, PhrasalFormIsTheVerbWithItsParticleWhereWordNetHasIt) {
  auto form = [&](std::string_view sentence, std::size_t at) {
    return phrasal_form(*lexicon_, tokenize(sentence), at);
  };
  EXPECT_EQ(form("rocks are broken down into stones", 2), "break_down");
  EXPECT_EQ(form("rocks are broken into stones", 2), "broken");  // no particle
  EXPECT_EQ(form("the museum closed in 2010", 2), "closed");     // a preposition
  EXPECT_EQ(form("it broke", 1), "broke");                       // the last word
  // "close down" is "close" in the sense "open" opposes: the verb's own form.
  EXPECT_TRUE(lexicon_->share_opposed_sense("close", "close_down", Pos::kVerb));
  EXPECT_EQ(form("the shop closed down in 2010", 2), "closed");
  EXPECT_FALSE(lexicon_->share_opposed_sense("break", "break_down", Pos::kVerb));
}

TEST_F(LexiconTest, AdjectiveDegreeReadsInflectionAndGradingWords) {
  auto degree_of = [&](std::string_view sentence, std::size_t at) {
    return adjective_degree(*lexicon_, tokenize(sentence), at);
  };
  EXPECT_EQ(degree_of("it is expensive", 2), Degree::kPositive);
  EXPECT_EQ(degree_of("it is cheaper", 2), Degree::kComparative);
  EXPECT_EQ(degree_of("it is more expensive", 3), Degree::kComparative);
  EXPECT_EQ(degree_of("the cheapest flat", 1), Degree::kSuperlative);
  EXPECT_EQ(degree_of("the most expensive flat", 2), Degree::kSuperlative);
  EXPECT_EQ(degree_of("it is too high", 3), Degree::kSufficiency);
  EXPECT_EQ(degree_of("a low enough share", 1), Degree::kSufficiency);
  // Words that are lemmas of their own, and -er nouns, are no comparison.
  EXPECT_EQ(degree_of("a clever plan", 1), Degree::kPositive);
  EXPECT_EQ(degree_of("the number of flats", 1), Degree::kPositive);
  EXPECT_EQ(degree_of("the number is larger than that", 3), Degree::kComparative);
  EXPECT_EQ(degree_of("Mr Cooper said", 1), Degree::kPositive);
  // A preposition is no comparative of anything ("after" is no "aft" + -er); "further" is one.
  EXPECT_EQ(degree_of("two months after the merger", 2), Degree::kPositive);
  EXPECT_EQ(degree_of("it lies further west", 2), Degree::kComparative);
}

}  // namespace
}  // namespace groundgate::filters::text
