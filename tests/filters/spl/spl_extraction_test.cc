#include "filters/spl/spl_extraction.h"

#include <gtest/gtest.h>

namespace groundgate::filters::spl {
namespace {

TEST(SplExtraction, FencedSplBlocksByLanguageOrFirstWords) {
  const std::string_view answer =
      "Try this:\n```spl\nindex=main | stats count\n```\nor\n```\n| tstats count\n```\n"
      "and not\n```python\nprint(1)\n```\n";
  const std::vector<SplSpan> spans = find_fenced_spl(answer);
  ASSERT_EQ(spans.size(), 2u);
  EXPECT_EQ(answer.substr(spans[0].begin, spans[0].end - spans[0].begin),
            "index=main | stats count");
  EXPECT_TRUE(spans[0].complete);
  EXPECT_TRUE(is_spl_block("splunk", "x"));
  EXPECT_TRUE(is_spl_block("", "`sysmon` EventCode=1"));
  EXPECT_TRUE(is_spl_block("", "sourcetype=x"));
  EXPECT_FALSE(is_spl_block("", "SELECT 1"));
  EXPECT_FALSE(is_spl_block("", "| stats count"));  // not generating: not a search of its own
}

TEST(SplExtraction, WholeTextWhenThereIsNoBlock) {
  const std::vector<SplSpan> spans = find_spl("  index=main error  \n");
  ASSERT_EQ(spans.size(), 1u);
  EXPECT_EQ(spans[0].begin, 2u);
  EXPECT_EQ(spans[0].end, 18u);
  const std::vector<SplSpan> open = find_spl("```spl\nindex=main");
  ASSERT_EQ(open.size(), 1u);
  EXPECT_FALSE(open[0].complete);
}

}  // namespace
}  // namespace groundgate::filters::spl
