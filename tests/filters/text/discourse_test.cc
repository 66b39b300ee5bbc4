#include "filters/text/discourse.h"

#include <gtest/gtest.h>

namespace groundgate::filters::text {
namespace {

bool about_source(std::string_view sentence) {
  return names_source(tokenize(sentence));
}

TEST(Discourse, ClausesThatNameTheirSource) {
  EXPECT_TRUE(about_source("Here is a concise summary of the passage:"));
  EXPECT_TRUE(about_source("The article does not mention the budget."));
  EXPECT_TRUE(about_source("Based solely on the provided text, the film grossed $10 million."));
  EXPECT_TRUE(about_source("According to the information given, he retired."));
}

TEST(Discourse, WorldlyUsesOfTheSameWordsAreNotTheSource) {
  EXPECT_FALSE(about_source("She sent a text to her brother."));
  EXPECT_FALSE(about_source("A source said the talks had failed."));
  EXPECT_FALSE(about_source("The information was leaked in 2016."));
  EXPECT_FALSE(about_source("The film grossed $10 million."));
}

TEST(Discourse, PhaticClausesClaimNothing) {
  for (const char* s : {"Bye now.", "Thanks for asking!", "I hope this helps.",
                        "Let me know if you have any other questions.", "Sure!", "Happy to help!",
                        "Have a great day!"}) {
    EXPECT_TRUE(is_phatic(tokenize(s))) << s;
  }
  for (const char* s : {"The refund window is 14 days.", "Thanks to the new law, taxes fell.",
                        "Help arrived in 1990.", "Paris is nice.", "I hope Berlin wins."}) {
    EXPECT_FALSE(is_phatic(tokenize(s))) << s;
  }
}

TEST(Discourse, TheWriterSpeakingOfItself) {
  EXPECT_TRUE(speaks_of_itself(tokenize("I am unable to answer what PSA levels mean.")));
  EXPECT_TRUE(speaks_of_itself(tokenize("Unfortunately, I don't have the figures.")));
  EXPECT_FALSE(speaks_of_itself(tokenize("The PSA test does not measure blood sugar.")));
  EXPECT_TRUE(speaks_of_itself(tokenize("Sadly I cannot say.")));
  EXPECT_FALSE(speaks_of_itself(tokenize("World War I did not end in 1917.")));
  EXPECT_FALSE(speaks_of_itself(tokenize("I believe the museum is not open on Mondays.")));
  EXPECT_FALSE(speaks_of_itself(tokenize("\"I can not say today, Bobbi is awake.\"")));
  EXPECT_FALSE(speaks_of_itself(tokenize("He said: \u201cI did not sign it.\u201d")));
}

TEST(Discourse, AQuestionToTheReaderAsks) {
  for (const char* q : {"Would you like more details about the expense reporting process?",
                        "Could you tell me which country you are traveling to?",
                        "Is there anything else you would like to know about the travel policy?",
                        "Shall I list the fees?", "Anything else I can help with?"}) {
    EXPECT_TRUE(asks_the_reader(tokenize(q))) << q;
  }
  for (const char* q :
       {"Did you know the refund window is unlimited?", "Do you know that refunds take a month?",
        "Would you like to know that the museum was founded by Napoleon?",
        "Should I remind you that admission is free on Mondays?",
        "Do you need directions to the museum, which is next to the Eiffel Tower?",
        "Can you believe admission is free on Mondays?",
        "Have you considered that the museum closes at midnight?",
        "Would you pay 30 dollars for it?", "Why is the sky blue?",
        "Would you like more details about the expense reporting process."}) {
    EXPECT_FALSE(asks_the_reader(tokenize(q))) << q;
  }
}

TEST(Discourse, FramingWords) {
  for (const char* w : {"summary", "concise", "mentions", "described", "provided", "according",
                        "passage", "specify"}) {
    EXPECT_TRUE(is_framing_word(w)) << w;
  }
  for (const char* w : {"film", "grossed", "million", "retired", "budget"}) {
    EXPECT_FALSE(is_framing_word(w)) << w;
  }
}

}  // namespace
}  // namespace groundgate::filters::text
