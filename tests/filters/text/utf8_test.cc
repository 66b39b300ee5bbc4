#include "filters/text/utf8.h"

#include <gtest/gtest.h>

#include <string>

namespace groundgate::filters::text {
namespace {

TEST(Utf8, DecodesValidSequences) {
  const std::string s = "a\xC3\xA9\xE2\x80\x99\xF0\x9F\x98\x80";  // a é ’ 😀
  EXPECT_EQ(decode_utf8(s, 0).code_point, U'a');
  EXPECT_EQ(decode_utf8(s, 1).code_point, U'\u00E9');
  EXPECT_EQ(decode_utf8(s, 3).code_point, U'\u2019');
  EXPECT_EQ(decode_utf8(s, 6).code_point, U'\U0001F600');
  EXPECT_EQ(decode_utf8(s, 6).length, 4);
  EXPECT_TRUE(is_valid_utf8(s));
}

struct RepairCase {
  std::string in;
  std::string out;
};

class Utf8Repair : public ::testing::TestWithParam<RepairCase> {};

TEST_P(Utf8Repair, ReplacesInvalidBytes) {
  EXPECT_FALSE(is_valid_utf8(GetParam().in));
  const std::string repaired = repair_utf8(GetParam().in);
  EXPECT_EQ(repaired, GetParam().out);
  EXPECT_TRUE(is_valid_utf8(repaired));
}

INSTANTIATE_TEST_SUITE_P(
    InvalidInputs, Utf8Repair,
    ::testing::Values(
        RepairCase{"a\xFF"
                   "b",
                   "a\xEF\xBF\xBD"
                   "b"},
        RepairCase{"\xC0\xAF", "\xEF\xBF\xBD\xEF\xBF\xBD"},                  // overlong
        RepairCase{"\xED\xA0\x80", "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"},  // surrogate
        RepairCase{"x\xE2\x80", "x\xEF\xBF\xBD\xEF\xBF\xBD"},                // truncated
        RepairCase{"\xF4\x90\x80\x80",
                   "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"}));  // > U+10FFFF

TEST(Utf8, CompletePrefixHoldsBackAnUnfinishedSequence) {
  EXPECT_EQ(complete_prefix_length("ab\xE2\x80"), 2u);
  EXPECT_EQ(complete_prefix_length("ab\xE2\x80\x99"), 5u);
  EXPECT_EQ(complete_prefix_length("ab\xC3"), 2u);
  EXPECT_EQ(complete_prefix_length("abc"), 3u);
  EXPECT_EQ(complete_prefix_length(""), 0u);
}

TEST(Utf8, AlignsToCharacterStart) {
  const std::string s = "a\xE2\x80\x99z";
  EXPECT_EQ(align_to_char_start(s, 2), 1u);
  EXPECT_EQ(align_to_char_start(s, 3), 1u);
  EXPECT_EQ(align_to_char_start(s, 4), 4u);
  EXPECT_EQ(align_to_char_start("\x80\x80", 1), 1u);
}

TEST(Utf8, FoldsTypographyAndCase) {
  EXPECT_EQ(fold_for_matching("Arthur’s “Magazine” 1844–1846… ÉTÉ"),
            "arthur's \"magazine\" 1844-1846... été");
  // Composed and decomposed letters fold alike.
  EXPECT_EQ(fold_for_matching("Caf\u00e9 Cafe\u0301 CAFE\u0301 Coma\u0306neci COM\u0102NECI"),
            "caf\u00e9 caf\u00e9 caf\u00e9 com\u0103neci com\u0103neci");
  // A mark no letter takes stays as it is.
  EXPECT_EQ(fold_for_matching("x\u0301"), "x\u0301");
  EXPECT_EQ(fold_for_matching("\xFF"), "\xEF\xBF\xBD");
  EXPECT_EQ(ascii_lower("MiXeD 1"), "mixed 1");
}

}  // namespace
}  // namespace groundgate::filters::text
