#include "filters/index/context_index.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>

namespace groundgate::filters::index {
namespace {

std::vector<context::Passage> passages(std::vector<std::string> texts) {
  std::vector<context::Passage> out;
  for (std::string& t : texts) {
    context::Passage p;
    p.text = std::move(t);
    out.push_back(std::move(p));
  }
  return out;
}

std::string hit_text(const ContextIndex& index, const ContextIndex::Hit& hit) {
  return index.passages()[hit.passage].text.substr(hit.begin, hit.end - hit.begin);
}

TEST(ContextIndex, PiecesAreSentencesWithOffsetsIntoTheirPassage) {
  auto index = ContextIndex::build(
      passages({"The Nile is 6,650 km long. It flows north.", "The Amazon carries more water."}));
  ASSERT_EQ(index->pieces().size(), 3u);
  EXPECT_EQ(index->piece_text(index->pieces()[0]), "The Nile is 6,650 km long.");
  EXPECT_EQ(index->piece_text(index->pieces()[1]), "It flows north.");
  EXPECT_EQ(index->pieces()[2].passage, 1u);
  EXPECT_EQ(index->pieces()[2].begin, 0u);
  // Content words only, stemmed, in text order.
  std::vector<std::string> terms;
  for (TermId t : index->piece_terms(index->pieces()[2]))
    terms.emplace_back(index->terms().term(t));
  EXPECT_EQ(terms, (std::vector<std::string>{"amazon", "carri", "water"}));
  EXPECT_EQ(index->context_bytes(), 42u + 30u);
}

TEST(ContextIndex, PostingsListThePiecesOfATerm) {
  auto index = ContextIndex::build(
      passages({"The Nile is long. The Amazon is wide.", "The Nile flows north."}));
  const TermId nile = index->terms().find("nile");
  ASSERT_NE(nile, kNoTerm);
  std::span<const std::uint32_t> pieces = index->postings(nile);
  EXPECT_EQ(std::vector<std::uint32_t>(pieces.begin(), pieces.end()),
            (std::vector<std::uint32_t>{0, 2}));
}

TEST(ContextIndex, PronounChainsJoinSentencesOfOnePassage) {
  auto index = ContextIndex::build(
      passages({"Courtney Love is a singer. She formed Hole in 1989. Hole toured Europe. In "
                "1994 it released an album.",
                "They met in Boston."}));
  ASSERT_EQ(index->pieces().size(), 5u);
  EXPECT_TRUE(index->same_window(0, 1));   // "She" continues the first sentence
  EXPECT_FALSE(index->same_window(1, 2));  // "Hole toured Europe." starts anew
  EXPECT_TRUE(index->same_window(2, 3));
  EXPECT_TRUE(index->same_window(3, 2));  // order does not matter
  EXPECT_FALSE(index->same_window(0, 3));
  // A pronoun never reaches into the previous passage.
  EXPECT_FALSE(index->same_window(3, 4));
  EXPECT_TRUE(index->same_window(4, 4));
}

TEST(ContextIndex, SentenceOpeningWithANameStartsAnewDespiteItsPronouns) {
  auto index = ContextIndex::build(
      passages({"The second series was hosted by Holly Willoughby. Reggie Yates is a British "
                "actor, best known from his roles in Doctor Who. He also hosts a radio show."}));
  ASSERT_EQ(index->pieces().size(), 3u);
  EXPECT_FALSE(index->same_window(0, 1));  // "his" is Reggie Yates's own
  EXPECT_TRUE(index->same_window(1, 2));
}

TEST(ContextIndex, DefiniteDescriptionContinuesTheSentenceBefore) {
  auto index = ContextIndex::build(
      passages({"Poseidon grossed $181 million. The film was released in May 2006. The Nile "
                "is long."}));
  ASSERT_EQ(index->pieces().size(), 3u);
  EXPECT_TRUE(index->same_window(0, 1));
  EXPECT_FALSE(index->same_window(1, 2));  // "The Nile" names something new
}

TEST(ContextIndex, ATitleIsTheHeadingOfWhatFollowsIt) {
  auto index = ContextIndex::build(
      passages({"Albert Brooks is an American actor . Finding Dory . Directed by Andrew Stanton "
                ", the screenplay was written by Stanton . Poseidon (film) . Poseidon grossed "
                "$181 million .",
                "# Refunds\nRefunds take 14 days.",
                "Paris is big. Yes. Albert Brooks, Ellen Page. "
                "It is fun."}));
  ASSERT_EQ(index->pieces().size(), 11u);
  EXPECT_EQ(index->heading_of(1), ContextIndex::kNoHeading);  // "... is an American actor ."
  EXPECT_EQ(index->heading_of(2), 1u);  // "Finding Dory ." is over "Directed by ..."
  EXPECT_EQ(index->heading_of(4), 3u);  // ... until the next title, "Poseidon (film) ."
  EXPECT_EQ(index->heading_of(5), ContextIndex::kNoHeading);   // a passage starts anew
  EXPECT_EQ(index->heading_of(6), 5u);                         // a markdown heading
  EXPECT_EQ(index->heading_of(9), ContextIndex::kNoHeading);   // "Yes." is no title
  EXPECT_EQ(index->heading_of(10), ContextIndex::kNoHeading);  // nor is a list of names
}

TEST(ContextIndex, RanksByBm25OverStems) {
  auto index = ContextIndex::build(passages({
      "Acme Corporation was founded in 1991 by Jane Roe in Columbus.",
      "The company sells anvils and rockets to customers worldwide.",
      "Jane Roe later founded a second company, Roe Rockets.",
      "Columbus is the capital of Ohio.",
  }));
  std::vector<ContextIndex::Hit> hits = index->top_k("When was Acme founded?", 3);
  ASSERT_EQ(hits.size(), 2u);  // only pieces sharing a term
  EXPECT_EQ(hits[0].passage, 0u);
  EXPECT_EQ(hits[1].passage, 2u);
  EXPECT_GT(hits[0].score, hits[1].score);
  EXPECT_EQ(hit_text(*index, hits[0]), index->passages()[0].text);

  // "founding" and "founded" share the stem; the rare "rockets" outweighs common words.
  hits = index->top_k("the founding of rockets companies", 4);
  ASSERT_GE(hits.size(), 3u);
  EXPECT_EQ(hits[0].passage, 2u);

  hits = index->top_k("capital of Ohio", 1);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0].passage, 3u);

  EXPECT_TRUE(index->top_k("zebras", 3).empty());
  EXPECT_TRUE(index->top_k("Acme", 0).empty());
}

TEST(ContextIndex, ShorterPieceWinsOnEqualMatchesAndTiesKeepTextOrder) {
  auto index = ContextIndex::build(passages({
      "Revenue grew strongly across many distant regional markets and segments during 2020.",
      "Revenue grew in 2020.",
      "Revenue grew in 2020.",
  }));
  std::vector<ContextIndex::Hit> hits = index->top_k(ContextIndex::query_terms("revenue 2020"), 3);
  ASSERT_EQ(hits.size(), 3u);
  EXPECT_EQ(hits[0].passage, 1u);
  EXPECT_EQ(hits[1].passage, 2u);
  EXPECT_FLOAT_EQ(hits[0].score, hits[1].score);
  EXPECT_EQ(hits[2].passage, 0u);
  // Repeating a query term does not change the ranking scores.
  std::vector<ContextIndex::Hit> repeated = index->top_k("revenue revenue 2020", 3);
  EXPECT_FLOAT_EQ(repeated[0].score, hits[0].score);
}

TEST(ContextIndex, ValuesAreTheContextsNumbersAndTimesInPieceOrderWithoutSourceNumbers) {
  auto index = ContextIndex::build(passages(
      {"Passage 2: Acme was founded in 1991. Sales rose 25% in Ohio.", "It has 40 stores."}));
  ASSERT_EQ(index->pieces().size(), 3u);
  std::vector<std::pair<std::string, std::uint32_t>> values;
  for (const ContextIndex::Value& v : index->values()) {
    values.emplace_back(v.entity.text, v.piece);
    // Offsets are the passage's, as for the packed entities.
    const ContextIndex::Piece& piece = index->pieces()[v.piece];
    EXPECT_EQ(
        index->passages()[piece.passage].text.substr(v.entity.begin, v.entity.end - v.entity.begin),
        v.entity.text);
  }
  // "Passage 2" names a source; it states no value (though the extractor reads a number).
  const ContextIndex::Piece& first = index->pieces()[0];
  EXPECT_EQ(index->unpacked_entities(first).front().text, "2");
  const std::vector<std::pair<std::string, std::uint32_t>> expected = {
      {"1991", 0u}, {"25%", 1u}, {"40", 2u}};
  EXPECT_EQ(values, expected);

  ContextIndex::Options options;
  options.entities = false;
  EXPECT_TRUE(ContextIndex::build(passages({"Founded in 1991."}), options)->values().empty());
}

TEST(ContextIndex, PiecesKeepTheirEntitiesWithPassageOffsets) {
  auto index =
      ContextIndex::build(passages({"Intro line. Acme was founded in 1991 by Jane Roe. Sales rose "
                                    "25% to $3.2 million in Ohio."}));
  ASSERT_EQ(index->pieces().size(), 3u);
  const std::string& text = index->passages()[0].text;
  bool year = false;
  for (const text::Entity& e : index->unpacked_entities(index->pieces()[1])) {
    EXPECT_GE(e.begin, index->pieces()[1].begin);
    EXPECT_LE(e.end, index->pieces()[1].end);
    EXPECT_EQ(text.substr(e.begin, e.end - e.begin), e.text);
    if (e.type == text::EntityType::kTime) {
      year = true;
      EXPECT_EQ(e.date.year, 1991);
    }
  }
  EXPECT_TRUE(year);
  bool percent = false;
  for (const text::Entity& e : index->unpacked_entities(index->pieces()[2])) {
    if (e.subtype == text::EntitySubtype::kPercent) percent = e.value == 25;
  }
  EXPECT_TRUE(percent);

  for (std::size_t i = 0; i < index->entities().size(); ++i) {
    const ContextIndex::Piece& piece = index->pieces()[index->piece_of_entity(i)];
    EXPECT_GE(index->entities()[i].begin, piece.begin);
    EXPECT_LE(index->entities()[i].end, piece.end);
  }
  // Packing loses nothing the verifiers compare.
  for (const ContextIndex::Piece& piece : index->pieces()) {
    std::vector<text::Entity> direct = text::extract_entities(index->piece_text(piece));
    std::vector<text::Entity> unpacked = index->unpacked_entities(piece);
    ASSERT_EQ(direct.size(), unpacked.size());
    for (std::size_t i = 0; i < direct.size(); ++i) {
      EXPECT_EQ(direct[i].begin + piece.begin, unpacked[i].begin);
      EXPECT_EQ(direct[i].text, unpacked[i].text);
      EXPECT_EQ(direct[i].key, unpacked[i].key);
      EXPECT_EQ(direct[i].currency, unpacked[i].currency);
      EXPECT_EQ(direct[i].value, unpacked[i].value);
      EXPECT_EQ(direct[i].date.year, unpacked[i].date.year);
      EXPECT_EQ(text::compare(direct[i], unpacked[i]), text::EntityMatch::kSame);
    }
  }

  ContextIndex::Options options;
  options.entities = false;
  auto plain = ContextIndex::build(index->passages(), options);
  EXPECT_TRUE(plain->piece_entities(plain->pieces()[1]).empty());
}

TEST(ContextIndex, DocumentFrequencyAndIdf) {
  auto index = ContextIndex::build(passages({"Cats purr. Cats sleep. Dogs bark."}));
  TermId cat = index->terms().find("cat");
  TermId dog = index->terms().find("dog");
  ASSERT_NE(cat, kNoTerm);
  ASSERT_NE(dog, kNoTerm);
  EXPECT_EQ(index->document_frequency(cat), 2u);
  EXPECT_EQ(index->document_frequency(dog), 1u);
  EXPECT_GT(index->idf(dog), index->idf(cat));
  EXPECT_EQ(index->terms().find("zebra"), kNoTerm);
}

TEST(ContextIndex, EmptyAndDegenerateContexts) {
  auto empty = ContextIndex::build({});
  EXPECT_TRUE(empty->pieces().empty());
  EXPECT_TRUE(empty->top_k("anything", 3).empty());
  auto blank = ContextIndex::build(passages({"", "   ", "... !!! ---", "\xFF\xFE"}));
  EXPECT_TRUE(blank->top_k("anything", 3).empty());
}

// A context of about 8k tokens: the budget is 2 ms to build and 10x its bytes in memory
// (timings are logged here and measured in bench/; memory is asserted).
TEST(ContextIndex, EightThousandTokensOfContext) {
  std::mt19937 rng(7);
  std::vector<std::string> vocabulary;
  for (const char* w : {"the",     "river",      "company",  "founded",   "in",         "of",
                        "million", "and",        "revenue",  "grew",      "by",         "percent",
                        "during",  "year",       "a",        "was",       "its",        "largest",
                        "city",    "population", "reported", "according", "to",         "officials",
                        "new",     "study",      "found",    "that",      "researchers"}) {
    vocabulary.emplace_back(w);
  }
  for (int i = 0; i < 400; ++i)
    vocabulary.push_back("term" + std::to_string(i));
  std::vector<std::string> texts;
  std::size_t tokens = 0;
  while (tokens < 8000) {
    std::string passage;
    for (int s = 0; s < 8; ++s) {
      int length = 8 + static_cast<int>(rng() % 18);
      for (int w = 0; w < length; ++w) {
        std::string word = vocabulary[rng() % vocabulary.size()];
        if (w == 0) word[0] = static_cast<char>(word[0] - 'a' + 'A');
        passage += word;
        passage += (w + 1 == length) ? ". " : (rng() % 9 == 0 ? ", " : " ");
      }
      if (rng() % 3 == 0) passage += std::to_string(1900 + rng() % 120) + " figures. ";
      tokens += length + 1;
    }
    texts.push_back(passage);
  }
  std::vector<context::Passage> context = passages(texts);
  auto start = std::chrono::steady_clock::now();
  auto index = ContextIndex::build(context);
  double build_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  start = std::chrono::steady_clock::now();
  std::size_t found = 0;
  for (int i = 0; i < 100; ++i)
    found += index->top_k("revenue grew term17 percent 1950", 3).size();
  double query_us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() /
      100;
  std::printf(
      "[index] %zu tokens, %zu bytes, %zu pieces, %zu terms: build %.2f ms, "
      "top_k %.1f us, memory %zu bytes (%.2fx context)\n",
      tokens, index->context_bytes(), index->pieces().size(), index->terms().size(), build_ms,
      query_us, index->memory_bytes(), double(index->memory_bytes()) / index->context_bytes());
  EXPECT_EQ(found, 300u);
  EXPECT_LE(index->memory_bytes(), 10 * index->context_bytes());
}

}  // namespace
}  // namespace groundgate::filters::index
