#include "filters/text/query_argument.h"

#include <gtest/gtest.h>

#include <string>

namespace groundgate::filters::text {
namespace {

TEST(QueryArgument, TheStringAtAPathOfTheArguments) {
  std::string error;
  EXPECT_EQ(query_argument(R"({"sql": "SELECT 1", "limit": 5})", "sql", error), "SELECT 1");
  EXPECT_EQ(query_argument(R"({"query": {"text": "SELECT 2"}})", "query.text", error), "SELECT 2");
  EXPECT_EQ(query_argument(R"({"search": "index=main | stats count"})", "search", error),
            "index=main | stats count");
}

TEST(QueryArgument, SaysWhyThereIsNone) {
  std::string error;
  EXPECT_FALSE(query_argument(R"({"query": 1})", "query", error));
  EXPECT_EQ(error, "the argument is not a string");
  EXPECT_FALSE(query_argument(R"({"q": "x"})", "sql", error));
  EXPECT_EQ(error, "no argument `sql`");
  EXPECT_FALSE(query_argument(R"({"sql": "SELE)", "sql", error));
  EXPECT_EQ(error, "arguments are not JSON");
}

}  // namespace
}  // namespace groundgate::filters::text
