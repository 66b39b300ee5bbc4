#include "config/glob.h"

#include <gtest/gtest.h>

namespace groundgate::config {
namespace {

TEST(GlobMatch, LiteralsStarsAndQuestionMarks) {
  EXPECT_TRUE(glob_match("gpt-4o", "gpt-4o"));
  EXPECT_FALSE(glob_match("gpt-4o", "gpt-4o-mini"));
  EXPECT_TRUE(glob_match("gpt-4*", "gpt-4o-mini"));
  EXPECT_TRUE(glob_match("gpt-4*", "gpt-4"));
  EXPECT_FALSE(glob_match("gpt-4*", "gpt-3.5"));
  EXPECT_TRUE(glob_match("*mini", "gpt-4o-mini"));
  EXPECT_TRUE(glob_match("*-4?-*", "gpt-4o-mini"));
  EXPECT_FALSE(glob_match("gpt-?", "gpt-4o"));
  EXPECT_TRUE(glob_match("*", ""));
  EXPECT_TRUE(glob_match("a*b*c", "aXbYbZc"));
  EXPECT_FALSE(glob_match("a*b*c", "aXbYbZ"));
  EXPECT_FALSE(glob_match("GPT-4*", "gpt-4o"));  // case-sensitive
}

TEST(GlobMatch, LiteralStarInTextNeedsAWildcard) {
  EXPECT_TRUE(glob_match("a*", "a*"));
  EXPECT_TRUE(glob_match("*x", "**x"));
  EXPECT_FALSE(glob_match("?", ""));
}

TEST(GlobMatch, ManyStarsStayFast) {
  const std::string text(10'000, 'a');
  EXPECT_FALSE(glob_match("*a*a*a*a*a*a*a*a*b", text));
  EXPECT_TRUE(glob_match("*a*a*a*a*a*a*a*a*", text));
}

}  // namespace
}  // namespace groundgate::config
