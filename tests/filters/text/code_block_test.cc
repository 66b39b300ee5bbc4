// Reading a fenced code block unit: its language, its code, whether it is whole.
#include "filters/text/code_block.h"

#include <gtest/gtest.h>

#include "filters/text/sentence_segmenter.h"

namespace groundgate::filters::text {
namespace {

TEST(CodeBlock, ReadsLanguageCodeAndFences) {
  const CodeBlock sql = read_code_block("```SQL title=\"q\"\nSELECT 1;\nSELECT 2;\n```");
  EXPECT_EQ("sql", sql.language);
  EXPECT_EQ("SELECT 1;\nSELECT 2;", sql.code);
  EXPECT_TRUE(sql.whole());

  const CodeBlock tilde = read_code_block("~~~\nrm -rf /tmp/x\n~~~");
  EXPECT_EQ("", tilde.language);
  EXPECT_EQ("rm -rf /tmp/x", tilde.code);
  EXPECT_TRUE(tilde.whole());

  const CodeBlock empty = read_code_block("```python\n```");
  EXPECT_EQ("python", empty.language);
  EXPECT_EQ("", empty.code);
  EXPECT_TRUE(empty.whole());
}

TEST(CodeBlock, AnUnclosedOrCutBlockIsNotWhole) {
  const CodeBlock unclosed = read_code_block("```bash\necho 30 days");
  EXPECT_TRUE(unclosed.opened);
  EXPECT_FALSE(unclosed.closed);
  EXPECT_EQ("echo 30 days", unclosed.code);

  const CodeBlock tail = read_code_block("more code\n```");  // after a cut: no opening fence
  EXPECT_FALSE(tail.opened);
  EXPECT_TRUE(tail.closed);
  EXPECT_EQ("more code", tail.code);

  // A ``` fence is not closed by ~~~.
  EXPECT_FALSE(read_code_block("```\nx\n~~~").closed);
}

TEST(CodeBlock, TheSegmenterHandsOnBlocksAsUnitsAndTheRestOfAnUnclosedFence) {
  const std::string text = "Fine.\n```sql\nSELECT 30;\n```\nAfter.\n```\nThe refund takes 30 days.";
  const std::vector<Sentence> units = SentenceSegmenter::split(text);
  ASSERT_EQ(4u, units.size());
  EXPECT_EQ(SentenceKind::kCodeBlock, units[1].kind);
  const std::string block = text.substr(units[1].begin, units[1].end - units[1].begin);
  EXPECT_EQ("sql", read_code_block(block).language);
  EXPECT_EQ(SentenceKind::kCodeBlock, units[3].kind);
  const std::string last = text.substr(units[3].begin);
  const CodeBlock rest = read_code_block(last);
  EXPECT_FALSE(rest.whole());
  EXPECT_EQ("The refund takes 30 days.", rest.code);
}

}  // namespace
}  // namespace groundgate::filters::text
