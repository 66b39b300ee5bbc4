#include "proxy/openai/json_string.h"

#include <gtest/gtest.h>

namespace groundgate::proxy::openai {
namespace {

TEST(JsonStringTest, EscapesQuotesBackslashesAndControls) {
  EXPECT_EQ(R"("a\"b\\c\n\r\t\b\f\u0001\u001f")", json_string("a\"b\\c\n\r\t\b\f\x01\x1f"));
  EXPECT_EQ(R"("")", json_string(""));
  EXPECT_EQ("\"/\x7f\"", json_string("/\x7f"));
}

TEST(JsonStringTest, KeepsValidUtf8) {
  EXPECT_EQ("\"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80\"",
            json_string("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));
}

TEST(JsonStringTest, ReplacesInvalidUtf8) {
  const std::string replacement = "\xEF\xBF\xBD";
  EXPECT_EQ("\"a" + replacement + "b\"", json_string("a\xFF"
                                                     "b"));
  EXPECT_EQ("\"" + replacement + "\"", json_string("\xC3"));                    // truncated
  EXPECT_EQ("\"" + replacement + replacement + "\"", json_string("\xC0\xAF"));  // overlong
  EXPECT_EQ("\"" + replacement + replacement + replacement + "\"",
            json_string("\xED\xA0\x80"));  // surrogate
}

TEST(JsonStringTest, CompleteUtf8Prefix) {
  EXPECT_EQ(0u, utf8_complete_prefix(""));
  EXPECT_EQ(3u, utf8_complete_prefix("abc"));
  EXPECT_EQ(1u, utf8_complete_prefix("a\xC3"));
  EXPECT_EQ(3u, utf8_complete_prefix("a\xC3\xA9"));
  EXPECT_EQ(1u, utf8_complete_prefix("a\xF0\x9F\x98"));
  EXPECT_EQ(5u, utf8_complete_prefix("a\xF0\x9F\x98\x80"));
  EXPECT_EQ(1u, utf8_complete_prefix("a\xE2\x82"));
  EXPECT_EQ(2u, utf8_complete_prefix("a\x80"));  // stray continuation: nothing to wait for
}

}  // namespace
}  // namespace groundgate::proxy::openai
