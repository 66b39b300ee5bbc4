// The judge's answers are read strictly: the form each prompt asks for, or garbage.
#include <gtest/gtest.h>

#include "filters/judge/answer_parsers.h"

namespace groundgate::filters::judge {
namespace {

using verdict::Label;

TEST(ParseVerdict, ReadsTheVerdictAndItsQuote) {
  std::string error;
  auto v = parse_verdict("VERDICT: CONTRADICTED\nQUOTE: \"Refunds within 14 days\"\n", error);
  ASSERT_TRUE(v) << error;
  EXPECT_EQ(Label::kContradicted, v->label);
  EXPECT_EQ("Refunds within 14 days", v->quote);
  // Any case, typographic quotes, the order of the lines, a reason, space around the colon.
  v = parse_verdict(
      "  quote : \xE2\x80\x9CThe bridge opened in 1932.\xE2\x80\x9D\nReason: it says so\n"
      "verdict: supported.",
      error);
  ASSERT_TRUE(v) << error;
  EXPECT_EQ(Label::kSupported, v->label);
  EXPECT_EQ("The bridge opened in 1932.", v->quote);
  EXPECT_EQ("it says so", v->reason);
}

TEST(ParseVerdict, AQuoteMayRunOverLines) {
  std::string error;
  auto v = parse_verdict("VERDICT: SUPPORTED\nQUOTE: \"first line\nsecond line\"", error);
  ASSERT_TRUE(v) << error;
  EXPECT_EQ("first line second line", v->quote);
}

TEST(ParseVerdict, UnsupportedNeedsNoQuote) {
  std::string error;
  auto v = parse_verdict("VERDICT: UNSUPPORTED\nQUOTE: none", error);
  ASSERT_TRUE(v) << error;
  EXPECT_EQ(Label::kUnsupported, v->label);
  EXPECT_FALSE(v->quote);
  EXPECT_TRUE(parse_verdict("VERDICT: UNSUPPORTED", error));
}

TEST(ParseVerdict, RefusesEveryOtherForm) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {"SUPPORTED", "unexpected line"},  // today's one word: no quote, no form
      {"VERDICT: SUPPORTED", "supported without a quote"},
      {"VERDICT: CONTRADICTED\nQUOTE: none", "contradicted without a quote"},
      {"VERDICT: TRUE\nQUOTE: \"x y\"", "unknown verdict"},
      {"VERDICT: NOT SUPPORTED", "unknown verdict"},
      {"Sure! VERDICT: SUPPORTED\nQUOTE: \"a b\"", "unexpected line"},
      {"VERDICT: SUPPORTED\nQUOTE: \"a b\"\nI hope this helps.", ""},  // joins the quote...
      {"VERDICT: SUPPORTED\nVERDICT: CONTRADICTED\nQUOTE: \"a b\"", "two VERDICT lines"},
      {"VERDICT: SUPPORTED\nQUOTE: \"a b\"\nQUOTE: \"c d\"", "two QUOTE lines"},
      {"VERDICT: SUPPORTED\nQUOTE: \"a b", "does not close"},
      {"QUOTE: \"a b\"", "no VERDICT line"},
      {"", "no VERDICT line"},
      {"VERDICT: SUPPORTED\nQUOTE: \"" + std::string(5000, 'x') + "\"", "longer than 4096"},
  };
  for (const auto& [text, why] : cases) {
    std::string error;
    const auto v = parse_verdict(text, error);
    if (why.empty()) {
      // ...and then the quote does not close: still garbage.
      EXPECT_FALSE(v) << text;
      continue;
    }
    EXPECT_FALSE(v) << text;
    EXPECT_NE(std::string::npos, error.find(why)) << text << " -> " << error;
  }
}

TEST(ParseNli, OneLinePerClaimWithQuotes) {
  std::string error;
  auto lines = parse_nli(
      "1: ENTAILMENT \"the bridge opened in 1932\"\n2) neutral\n3. Contradiction - \"14 days\"", 3,
      error);
  ASSERT_TRUE(lines) << error;
  EXPECT_EQ(Relation::kEntailment, (*lines)[0].relation);
  EXPECT_EQ("the bridge opened in 1932", (*lines)[0].quote);
  EXPECT_EQ(Relation::kNeutral, (*lines)[1].relation);
  EXPECT_EQ(Relation::kContradiction, (*lines)[2].relation);
  EXPECT_EQ("14 days", (*lines)[2].quote);
  // Out of order is fine; an entailment without a quote is read with an empty one.
  lines = parse_nli("2: NEUTRAL\n1: ENTAILMENT", 2, error);
  ASSERT_TRUE(lines) << error;
  EXPECT_EQ("", (*lines)[0].quote);
}

TEST(ParseNli, RefusesMissingExtraOrUnknownLines) {
  std::string error;
  EXPECT_FALSE(parse_nli("1: ENTAILMENT \"a b\"", 2, error));
  EXPECT_NE(std::string::npos, error.find("1 of 2 claims"));
  EXPECT_FALSE(parse_nli("1: NEUTRAL\n1: NEUTRAL", 1, error));
  EXPECT_NE(std::string::npos, error.find("answered twice"));
  EXPECT_FALSE(parse_nli("3: NEUTRAL", 2, error));
  EXPECT_FALSE(parse_nli("1: MAYBE", 1, error));
  EXPECT_FALSE(parse_nli("Here you go:\n1: NEUTRAL", 1, error));
  EXPECT_FALSE(parse_nli("1: NEUTRAL \"a quote\"", 1, error));
  EXPECT_FALSE(parse_nli("1: ENTAILMENT \"open", 1, error));
}

TEST(ParseTriplets, ReadsTheThesisFormWithItsCitations) {
  std::string error;
  auto lines = parse_triplets(
      "[REFERRED TRIPLETS]\n"
      "triplet_idx_1: (source triplets #1, #3) -> same year\n"
      "triplet_idx_2: None -> not in the sources\n"
      "- 3: #2 gives another\n  number, see #2\n"
      "[FINAL ANSWER]\n"
      "1:True\ntriplet_idx_2: False\n- 3 : false\n",
      3, 3, error);
  ASSERT_TRUE(lines) << error;
  EXPECT_TRUE((*lines)[0].supported);
  EXPECT_EQ((std::vector<std::size_t>{1, 3}), (*lines)[0].cited);
  EXPECT_FALSE((*lines)[1].supported);
  EXPECT_TRUE((*lines)[1].cited.empty());
  EXPECT_EQ((std::vector<std::size_t>{2}), (*lines)[2].cited);
  EXPECT_FALSE((*lines)[2].missing);
}

TEST(ParseTriplets, AMissingVerdictIsFalse) {
  std::string error;
  auto lines = parse_triplets("[REFERRED TRIPLETS]\n1: #1\n[FINAL ANSWER]\n1:True", 2, 1, error);
  ASSERT_TRUE(lines) << error;
  EXPECT_TRUE((*lines)[0].supported);
  EXPECT_FALSE((*lines)[1].supported);
  EXPECT_TRUE((*lines)[1].missing);
}

TEST(ParseTriplets, RefusesAnythingElse) {
  std::string error;
  EXPECT_FALSE(parse_triplets("1:True", 1, 1, error));
  EXPECT_NE(std::string::npos, error.find("no [FINAL ANSWER]"));
  EXPECT_FALSE(parse_triplets("[FINAL ANSWER]\n1:True", 1, 1, error));
  EXPECT_NE(std::string::npos, error.find("no [REFERRED TRIPLETS]"));
  EXPECT_FALSE(
      parse_triplets("[REFERRED TRIPLETS]\n[FINAL ANSWER]\n1:True\nAll good!", 1, 1, error));
  EXPECT_FALSE(parse_triplets("[REFERRED TRIPLETS]\n[FINAL ANSWER]\n1:True\n1:False", 1, 1, error));
  EXPECT_FALSE(parse_triplets("[REFERRED TRIPLETS]\n[FINAL ANSWER]\n2:True", 1, 1, error));
  EXPECT_FALSE(parse_triplets("[REFERRED TRIPLETS]\n1: #4\n[FINAL ANSWER]\n1:True", 1, 3, error));
  EXPECT_NE(std::string::npos, error.find("#4 of 3"));
  EXPECT_FALSE(parse_triplets("[REFERRED TRIPLETS]\n[FINAL ANSWER]\n1:Maybe", 1, 1, error));
}

TEST(ParseExplanation, AnyTextCutToItsBound) {
  std::string error;
  EXPECT_FALSE(parse_explanation("  \n", 100, error));
  EXPECT_EQ("abc", parse_explanation(" abc ", 100, error));
  // Cut at a character boundary: "é" is two bytes.
  EXPECT_EQ("a", parse_explanation("a\xC3\xA9", 2, error));
}

TEST(ParseMitigation, ReadsTheThreeSections) {
  std::string error;
  auto m = parse_mitigation(
      "[Reason]\nThe context says 14 days.\n[Correct Sentence]\nRefunds within 14 days.\n"
      "[Final Sentence]\nRefunds are accepted within 14 days.\n",
      error);
  ASSERT_TRUE(m) << error;
  EXPECT_FALSE(m->nothing_to_fix);
  EXPECT_EQ("Refunds are accepted within 14 days.", m->sentence);
  m = parse_mitigation("[Reason]\nCorrect.\n[Correct Sentence]\n\n[Final Sentence]\n", error);
  ASSERT_TRUE(m) << error;
  EXPECT_TRUE(m->nothing_to_fix);
}

TEST(ParseMitigation, RefusesOtherForms) {
  std::string error;
  EXPECT_FALSE(parse_mitigation("Refunds within 14 days.", error));
  EXPECT_FALSE(parse_mitigation("[Final Sentence]\nx\n[Reason]\ny\n[Correct Sentence]\nz", error));
  EXPECT_FALSE(
      parse_mitigation("Sure.\n[Reason]\ny\n[Correct Sentence]\nz\n[Final Sentence]\nw", error));
  EXPECT_FALSE(parse_mitigation("[Reason]\ny\n[Correct Sentence]\nz\n[Final Sentence]\n", error));
  EXPECT_NE(std::string::npos, error.find("empty [Final Sentence]"));
}

}  // namespace
}  // namespace groundgate::filters::judge
