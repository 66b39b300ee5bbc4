#include <gtest/gtest.h>

#include "filters/text/tokenizer.h"
#include "filters/triplet/fallback_extractor.h"
#include "filters/triplet/link_parser.h"
#include "filters/triplet/linkage.h"
#include "tests/filters/triplet/triplet_fixture.h"

namespace groundgate::filters::triplet {
namespace {

class ExtractionTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ASSERT_NE(LinkDictionary::shared().dictionary, nullptr); }
  std::shared_ptr<const TripletExtractor> parser_ = shared_extractor(true);
  std::shared_ptr<const TripletExtractor> rules_ = shared_extractor(false);
};

TEST(LinkageTest, LinkTypeAndWordBase) {
  EXPECT_EQ("S", link_type("Ss*s"));
  EXPECT_EQ("MV", link_type("MVp"));
  EXPECT_EQ("v", link_subscript("Pv"));
  EXPECT_EQ("founded", word_base("founded.v-d"));
  EXPECT_EQ("jobs", word_base("Jobs[!]"));
  EXPECT_EQ("u.s.", word_base("U.S."));
  EXPECT_EQ(".", word_base("."));
}

TEST_F(ExtractionTest, ParserRejectsEmptyAndOverlongInputWithoutParsing) {
  LinkParser parser(LinkDictionary::shared().dictionary, {});
  EXPECT_EQ(LinkParser::Status::kEmpty, parser.parse("").status);
  EXPECT_EQ(LinkParser::Status::kEmpty, parser.parse(" \t\n ... ").status);
  std::string longer;
  for (int i = 0; i < 40; ++i)
    longer += "word ";
  EXPECT_EQ(LinkParser::Status::kTooLong, parser.parse(longer).status);
}

TEST_F(ExtractionTest, ParserMapsWordSpansBackThroughTypography) {
  LinkParser parser(LinkDictionary::shared().dictionary, {});
  const std::string sentence = "Jobs\xE2\x80\x99s company \xE2\x80\x94 Apple \xE2\x80\x94 grew.";
  const auto result = parser.parse(sentence);
  for (const auto& w : result.linkage.words) {
    EXPECT_LE(w.begin, w.end);
    EXPECT_LE(w.end, sentence.size());
  }
}

// Stacked affixes that make link-grammar 5.12's tokenizer abort the process (found by
// fuzz_triplet); each mark now reaches it as a word of its own.
TEST_F(ExtractionTest, ParserSurvivesStackedPunctuation) {
  LinkParser parser(LinkDictionary::shared().dictionary, {});
  for (const std::string_view input :
       {"#)###:Gh9", "(#)###:G", "$)$$$:G", "#)###;G", "The said \"nsaid \"no\"'m.",
        "{{]={{{ {{{{{){{{.{{{{{{;{{UTF{{{{{"}) {
    const auto result = parser.parse(input);
    for (const auto& w : result.linkage.words)
      EXPECT_LE(w.end, input.size()) << input;
  }
  // Marks inside words stay there: one word each for "it's", "3.6", "$160", "25%".
  const auto kept = parser.parse("It's 3.6 km, $160 and 25%.");
  EXPECT_EQ(6u, kept.words);
  EXPECT_EQ(LinkParser::Status::kParsed, parser.parse("The bridge (in Ohio) was built.").status);
}

TEST_F(ExtractionTest, Active) {
  const auto t = triplets_of(*parser_, "Steve Jobs founded the company.");
  ASSERT_EQ(1u, t.size());
  EXPECT_EQ("Steve Jobs", t[0].subject);
  EXPECT_EQ("founded", t[0].verb);
  EXPECT_EQ("the company", t[0].object);
  EXPECT_FALSE(t[0].negated);
  EXPECT_FALSE(t[0].fallback);
}

TEST_F(ExtractionTest, PassiveWithAgentBecomesActive) {
  const auto t = triplets_of(*parser_, "Apple was founded by Steve Jobs in California.");
  ASSERT_EQ(1u, t.size());
  EXPECT_EQ("Steve Jobs", t[0].subject);
  EXPECT_EQ("Apple", t[0].object);
  EXPECT_EQ("founded", t[0].verb);
  EXPECT_FALSE(t[0].passive);
  ASSERT_EQ(1u, t[0].qualifiers.size());
  EXPECT_EQ("in", t[0].qualifiers[0].preposition);
  EXPECT_EQ("California", t[0].qualifiers[0].text);
}

TEST_F(ExtractionTest, PassiveWithoutAgentKeepsPatient) {
  const auto t = triplets_of(*parser_, "The bridge was completed in 1932.");
  ASSERT_EQ(1u, t.size());
  EXPECT_EQ("The bridge", t[0].subject);
  EXPECT_TRUE(t[0].passive);
  EXPECT_EQ("1932", t[0].object);
  EXPECT_EQ("in", t[0].particle);
}

TEST_F(ExtractionTest, CopulaAndAuthorOf) {
  const auto t = triplets_of(*parser_, "Paris is the capital of France.");
  ASSERT_EQ(2u, t.size());
  EXPECT_EQ("is", t[0].verb);
  EXPECT_EQ("the capital of France", t[0].object);
  EXPECT_EQ("capital", t[1].verb);
  EXPECT_EQ("France", t[1].object);
}

TEST_F(ExtractionTest, BornInPlaceWithDateQualifier) {
  const auto t = triplets_of(*parser_, "Einstein was born in Ulm in 1879.");
  ASSERT_EQ(1u, t.size());
  EXPECT_EQ("Einstein", t[0].subject);
  EXPECT_EQ("born", t[0].verb);
  EXPECT_EQ("Ulm", t[0].object);
  ASSERT_EQ(1u, t[0].qualifiers.size());
  EXPECT_EQ("1879", t[0].qualifiers[0].text);
}

TEST_F(ExtractionTest, Negation) {
  const auto t = triplets_of(*parser_, "The company did not release the product.");
  ASSERT_EQ(1u, t.size());
  EXPECT_TRUE(t[0].negated);
  EXPECT_EQ("release", t[0].verb);
  EXPECT_EQ("the product", t[0].object);
  const auto never = triplets_of(*parser_, "Steve Jobs has never visited Paris.");
  ASSERT_EQ(1u, never.size());
  EXPECT_TRUE(never[0].negated);
}

TEST_F(ExtractionTest, ConjunctionsGiveOneTripletPerConjunct) {
  const auto objects = triplets_of(*parser_, "Marie Curie discovered polonium and radium.");
  ASSERT_EQ(2u, objects.size());
  EXPECT_EQ("polonium", objects[0].object);
  EXPECT_EQ("radium", objects[1].object);
  const auto verbs = triplets_of(*parser_, "Jobs founded the company and wrote three books.");
  ASSERT_EQ(2u, verbs.size());
  EXPECT_EQ("founded", verbs[0].verb);
  EXPECT_EQ("wrote", verbs[1].verb);
  EXPECT_EQ("three books", verbs[1].object);
  EXPECT_EQ("Jobs", verbs[1].subject);
  const auto subjects = triplets_of(*rules_, "Alice and Bob wrote the paper.");
  ASSERT_EQ(2u, subjects.size());
  EXPECT_EQ("Bob", subjects[1].subject);
}

TEST_F(ExtractionTest, AppositionStaysInTheSubject) {
  const auto t = triplets_of(
      *parser_, "SREBP-1c, a key regulator of lipid metabolism, activates lipogenic genes.");
  ASSERT_EQ(1u, t.size());
  EXPECT_EQ("SREBP-1c, a key regulator of lipid metabolism", t[0].subject);
  EXPECT_EQ("lipogenic genes", t[0].object);
}

TEST_F(ExtractionTest, RelativeClauseSubjectIsItsAntecedent) {
  const auto t =
      triplets_of(*parser_, "The company, which was founded in 1990, employs 500 people.");
  ASSERT_EQ(2u, t.size());
  EXPECT_EQ("The company", t[1].subject);
  EXPECT_EQ("1990", t[1].object);
}

TEST_F(ExtractionTest, PronounsResolveToThePreviousSubject) {
  const auto text = parser_->extract_text(
      "Albert Einstein developed relativity. He was born in Ulm. Its "
      "first paper appeared in 1905.");
  ASSERT_EQ(3u, text.size());
  ASSERT_FALSE(text[1].triplets.empty());
  EXPECT_EQ("Albert Einstein", text[1].triplets[0].subject);
  EXPECT_TRUE(text[1].triplets[0].subject_resolved);
  ASSERT_FALSE(text[2].triplets.empty());
  EXPECT_EQ("Albert Einstein's first paper", text[2].triplets[0].subject);
}

TEST_F(ExtractionTest, PrepositionalQualifiers) {
  const auto t = triplets_of(*parser_, "He wrote the novel with a pen in 1990.", "Orwell");
  ASSERT_EQ(1u, t.size());
  EXPECT_EQ("Orwell", t[0].subject);
  EXPECT_EQ("the novel", t[0].object);
  ASSERT_EQ(2u, t[0].qualifiers.size());
  EXPECT_EQ("with", t[0].qualifiers[0].preposition);
  EXPECT_EQ("a pen", t[0].qualifiers[0].text);
  EXPECT_EQ("1990", t[0].qualifiers[1].text);
}

TEST_F(ExtractionTest, NumbersAndDatesAsObjects) {
  const auto count = triplets_of(*parser_, "The study enrolled 250 patients.");
  ASSERT_EQ(1u, count.size());
  EXPECT_EQ("250 patients", count[0].object);
  const auto percent = triplets_of(*parser_, "Revenue grew by 30% in 2020.");
  ASSERT_EQ(1u, percent.size());
  EXPECT_EQ("30%", percent[0].object);
  EXPECT_EQ("2020", percent[0].qualifiers.at(0).text);
}

TEST_F(ExtractionTest, FallbackWhenTheClauseIsTooLongForTheParser) {
  TripletExtractor::Options options;
  options.parser.max_words = 4;
  options.rules_first = false;
  const TripletExtractor short_parser(LinkDictionary::shared().dictionary,
                                      text::Lexicon::shared().lexicon, options);
  const auto st = short_parser.extract_sentence("Steve Jobs founded Apple in 1976.", {});
  EXPECT_TRUE(st.fallback);
  ASSERT_EQ(1u, st.triplets.size());
  EXPECT_TRUE(st.triplets[0].fallback);
  EXPECT_EQ("Apple", st.triplets[0].object);
  EXPECT_EQ(1u, short_parser.stats().fallbacks);
  EXPECT_EQ(0u, short_parser.stats().parsed);
}

TEST_F(ExtractionTest, RulesFirstKeepsAPlainClauseWithoutParsing) {
  const auto extractor = shared_extractor(true, true);
  const auto st = extractor->extract_sentence("Steve Jobs founded Apple in 1976.", {});
  ASSERT_EQ(1u, st.triplets.size());
  EXPECT_EQ("Steve Jobs", st.triplets[0].subject);
  EXPECT_EQ("Apple", st.triplets[0].object);
  EXPECT_EQ("1976", st.triplets[0].qualifiers.at(0).text);
  EXPECT_FALSE(st.fallback);  // read by choice, not because the parser failed
  EXPECT_EQ(1u, extractor->stats().rules);
  EXPECT_EQ(0u, extractor->stats().parsed);
  EXPECT_EQ(0u, extractor->stats().fallbacks);
}

TEST_F(ExtractionTest, RulesFirstParsesClausesTheRulesMayMisread) {
  const auto extractor = shared_extractor(true, true);
  // A fronted phrase: the rules would take "In 2015 she" for the subject.
  const auto fronted = extractor->extract_sentence("In 2015 she released the album.", "Goertz");
  ASSERT_EQ(1u, fronted.triplets.size());
  EXPECT_EQ("Goertz", fronted.triplets[0].subject);
  // A relative clause inside the subject, and a second verb group.
  extractor->extract_sentence("The company, which was founded in 1990, employs 500 people.", {});
  EXPECT_EQ(0u, extractor->stats().rules);
  EXPECT_EQ(2u, extractor->stats().parsed + extractor->stats().fallbacks);
}

TEST_F(ExtractionTest, ContextClausesAreParsedUpToALowerLimit) {
  const auto extractor = shared_extractor(true, true);
  // Ten words and a relative clause: the rules' reading is doubtful, an answer parses it.
  const std::string_view s = "The film that won the award was made in France.";
  const auto context = extractor->extract_sentence(s, {}, TripletExtractor::Source::kContext);
  EXPECT_TRUE(context.context_limited);
  EXPECT_TRUE(context.fallback);
  EXPECT_FALSE(context.triplets.empty());  // the rules' reading: no clause goes unchecked
  EXPECT_EQ(0u, extractor->stats().parsed);
  const auto answer = extractor->extract_sentence(s, {});
  EXPECT_FALSE(answer.context_limited);
  EXPECT_EQ(1u, extractor->stats().parsed);
  // Short enough for the context's limit: parsed there too.
  const auto fronted = extractor->extract_sentence("In 2015 she released the album.", {},
                                                   TripletExtractor::Source::kContext);
  EXPECT_FALSE(fronted.context_limited);
  EXPECT_EQ(2u, extractor->stats().parsed);
}

TEST_F(ExtractionTest, RulesSufficeOnlyForPlainClauses) {
  const auto* lexicon = text::Lexicon::shared().lexicon.get();
  const auto suffice = [&](std::string_view clause) {
    const auto tokens = text::tokenize(clause);
    return rules_suffice(tokens, extract_by_rules(clause, tokens, lexicon), lexicon);
  };
  EXPECT_TRUE(suffice("The drug reduced mortality by 30 percent."));
  EXPECT_TRUE(suffice("Tim Cook did not become chief executive in 2011."));
  EXPECT_FALSE(suffice("After the war, he moved to Paris."));
  EXPECT_FALSE(suffice("The film that won the award was made in France."));
  EXPECT_FALSE(suffice("He founded the company and led it for ten years."));
  EXPECT_FALSE(suffice("Arthur's Magazine (1844-1846) was an American periodical."));
  EXPECT_FALSE(suffice("no verb here at all"));
}

TEST_F(ExtractionTest, ResolvingTheCachedReadingEqualsExtractingWithTheAntecedent) {
  for (const std::string_view s :
       {"He founded it in 1976.", "Its revenue grew by 30%.", "The firm said they hired him.",
        "Jobs left, and he returned in 1997."}) {
    SentenceTriplets cached = rules_->extract_sentence(s, {});
    TripletExtractor::resolve_previous(cached, "Apple");
    EXPECT_EQ(rules_->extract_sentence(s, "Apple").triplets, cached.triplets) << s;
    EXPECT_EQ(rules_->extract_sentence(s, "Apple").subject, cached.subject) << s;
  }
}

TEST_F(ExtractionTest, FallbackRules) {
  const std::string s = "Apple was not acquired by Microsoft in 1997.";
  const auto t = extract_by_rules(s, text::tokenize(s), text::Lexicon::shared().lexicon.get());
  ASSERT_EQ(1u, t.size());
  EXPECT_EQ("Microsoft", t[0].subject);
  EXPECT_EQ("Apple", t[0].object);
  EXPECT_TRUE(t[0].negated);
  ASSERT_EQ(1u, t[0].qualifiers.size());
  EXPECT_EQ("1997", t[0].qualifiers[0].text);
  // No verb, no claim.
  const std::string fragment = "Arthur's Magazine";
  EXPECT_TRUE(extract_by_rules(fragment, text::tokenize(fragment), nullptr).empty());
}

TEST_F(ExtractionTest, ValuesWithThousandsSeparatorsAreNoConjunctions) {
  for (const bool use_parser : {true, false}) {
    const auto extractor = shared_extractor(use_parser);
    const auto money = triplets_of(*extractor,
                                   "The parties spent a total of \xC2\xA3"
                                   "9,347,087.");
    ASSERT_EQ(1u, money.size()) << use_parser;
    EXPECT_NE(std::string::npos, money[0].object.find("9,347,087")) << money[0].object;
    const auto miles = triplets_of(*extractor, "They covered almost 7,000 miles.");
    ASSERT_EQ(1u, miles.size()) << use_parser;
    EXPECT_NE(std::string::npos, miles[0].object.find("7,000")) << miles[0].object;
  }
  // Conjunctions outside the values still split.
  const auto both = triplets_of(*shared_extractor(), "She discovered polonium and radium.");
  EXPECT_EQ(2u, both.size());
}

}  // namespace
}  // namespace groundgate::filters::triplet
