// A quote counts when it is a span of one passage of the context, compared normalised.
#include <gtest/gtest.h>

#include "filters/judge/quote_check.h"

namespace groundgate::filters::judge {
namespace {

QuoteIndex context() {
  QuoteIndex q;
  q.add("Refunds are accepted within 14 days of purchase.\nShipping takes  3\tdays.");
  q.add(
      "The CEO\xE2\x80\x99s bonus was \xE2\x80\x9C"
      "discretionary\xE2\x80\x9D \xE2\x80\x94 "
      "paid\xC2\xA0in March.");
  return q;
}

TEST(QuoteCheck, FindsSpansWhateverTheirCaseAndWhitespace) {
  const QuoteIndex q = context();
  EXPECT_EQ("", q.check("refunds are accepted within 14 days"));
  EXPECT_EQ("", q.check("\"Refunds are accepted within 14 days of purchase.\""));
  EXPECT_EQ("", q.check("14 days of purchase. Shipping takes 3 days"));  // across a line break
  EXPECT_EQ("", q.check("...accepted within 14 days..."));
}

TEST(QuoteCheck, TypographicCharactersMatchTheirAsciiForms) {
  const QuoteIndex q = context();
  EXPECT_EQ("", q.check("The CEO's bonus was \"discretionary\" - paid in March"));
  EXPECT_EQ("", q.check("the ceo\xE2\x80\x99s bonus"));
}

TEST(QuoteCheck, RefusesWhatIsNotThere) {
  const QuoteIndex q = context();
  EXPECT_EQ("not in the context", q.check("Refunds are accepted within 30 days"));
  EXPECT_EQ("not in the context", q.check("Refunds are accepted within 14 days, no questions"));
  // A quote never joins two passages.
  EXPECT_EQ("not in the context", q.check("takes 3 days. The CEO's bonus"));
  EXPECT_EQ("too short", q.check("14"));
  EXPECT_EQ("too short", q.check("\"...\""));
  EXPECT_EQ("too short", q.check(""));
  EXPECT_EQ("not in the context", QuoteIndex().check("any two words"));
}

TEST(NormaliseForQuotes, FoldsCaseSpacesAndPunctuationForms) {
  EXPECT_EQ("a b - c ' \" ...", normalise_for_quotes("  A\t\nB \xE2\x80\x93 C \xE2\x80\x98 "
                                                     "\xE2\x80\x9D \xE2\x80\xA6 "));
  EXPECT_EQ("ab", normalise_for_quotes("a\xE2\x80\x8B"
                                       "b"));  // zero-width space dropped
  EXPECT_EQ("\xC3\x89t\xC3\xA9", normalise_for_quotes("\xC3\x89t\xC3\xA9"));  // kept as written
}

}  // namespace
}  // namespace groundgate::filters::judge
