#include "filters/text/writing_request.h"

#include <gtest/gtest.h>

namespace groundgate::filters::text {
namespace {

TEST(WritingRequest, AnInstructionToWriteAsksForWriting) {
  EXPECT_TRUE(asks_for_writing("Summarize the following news within 116 words:"));
  EXPECT_TRUE(asks_for_writing(
      "Write an objective overview about the following local business based only on the "
      "provided structured data in the JSON format."));
  EXPECT_TRUE(asks_for_writing("Please rewrite this for a customer."));
  EXPECT_TRUE(asks_for_writing("  summarise:"));
  EXPECT_TRUE(asks_for_writing("Give me a short summary of the report."));
  EXPECT_TRUE(asks_for_writing("Provide an overview of the changes"));
}

TEST(WritingRequest, NoTextAtAllDoesNot) {
  EXPECT_FALSE(asks_for_writing(""));
  EXPECT_FALSE(asks_for_writing(" \n\t"));
}

TEST(WritingRequest, QuestionsAndQueriesDoNot) {
  EXPECT_FALSE(asks_for_writing("What is the refund window?"));
  EXPECT_FALSE(asks_for_writing("how do automotive technicians get paid"));
  EXPECT_FALSE(asks_for_writing("refund window"));
  EXPECT_FALSE(asks_for_writing("Can you summarize the refund policy?"));
  EXPECT_FALSE(asks_for_writing("Summarize: is the refund window 14 days?"));
  EXPECT_FALSE(asks_for_writing("Give me the refund window"));
  EXPECT_FALSE(asks_for_writing("Explain why planets are round"));
  EXPECT_FALSE(asks_for_writing("Give the total revenue, with the summary table's figures"));
}

}  // namespace
}  // namespace groundgate::filters::text
