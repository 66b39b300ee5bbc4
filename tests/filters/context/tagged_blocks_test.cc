#include "filters/context/tagged_blocks.h"

#include <gtest/gtest.h>

namespace groundgate::filters::context {
namespace {

const std::vector<std::string> kTags = {"context", "documents", "document"};

std::vector<std::string> texts(std::string_view text, const TaggedBlocks& blocks) {
  std::vector<std::string> out;
  for (const auto& b : blocks.blocks())
    out.emplace_back(text.substr(b.begin, b.end - b.begin));
  return out;
}

TEST(TaggedBlocks, InnermostBlocksAndLooseText) {
  std::string text =
      "Intro <Documents>\n Loose note.\n<document id='a' title=\"T\">One.</document>"
      "<document>Two.</document></documents> tail <context>Three.</CONTEXT>";
  TaggedBlocks blocks = TaggedBlocks::find(text, kTags);
  EXPECT_EQ(texts(text, blocks),
            (std::vector<std::string>{"Loose note.", "One.", "Two.", "Three."}));
  EXPECT_EQ(blocks.blocks()[1].id, "a");
  EXPECT_EQ(blocks.blocks()[1].title, "T");
  EXPECT_EQ(blocks.remainder(text), "Intro  tail ");
  EXPECT_TRUE(blocks.warnings().empty());
}

TEST(TaggedBlocks, DocumentContentAndSourceChildren) {
  std::string text =
      "<documents><document index=\"1\"><source>report.pdf</source><document_content>"
      "Revenue rose 5%.</document_content></document></documents>";
  TaggedBlocks blocks = TaggedBlocks::find(text, kTags);
  ASSERT_EQ(blocks.blocks().size(), 1u);
  EXPECT_EQ(texts(text, blocks)[0], "Revenue rose 5%.");
  EXPECT_EQ(blocks.blocks()[0].id, "1");
  text = "<document><source>report.pdf</source><document_content>X.</document_content></document>";
  EXPECT_EQ(TaggedBlocks::find(text, kTags).blocks()[0].id, "report.pdf");
}

TEST(TaggedBlocks, NotTagsAndUnclosedBlocks) {
  std::string text = "a < b, <contextual> x </contextual>, <context/> <doc>";
  EXPECT_TRUE(TaggedBlocks::find(text, kTags).blocks().empty());
  std::string open = "<context>Runs to the end";
  TaggedBlocks blocks = TaggedBlocks::find(open, kTags);
  EXPECT_EQ(texts(open, blocks), std::vector<std::string>{"Runs to the end"});
  ASSERT_EQ(blocks.warnings().size(), 1u);
  EXPECT_NE(blocks.warnings()[0].find("unclosed <context>"), std::string::npos);
  EXPECT_EQ(blocks.remainder(open), "");
}

TEST(TaggedBlocks, SameTagNestingMatchesTheRightClose) {
  std::string text = "<context>a <context>b</context> c</context>after";
  TaggedBlocks blocks = TaggedBlocks::find(text, kTags);
  EXPECT_EQ(texts(text, blocks), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(blocks.remainder(text), "after");
}

TEST(TaggedBlocks, HostileInputStaysBounded) {
  std::string deep;
  for (int i = 0; i < 20000; ++i)
    deep += "<context>";
  TaggedBlocks blocks = TaggedBlocks::find(deep, kTags);
  EXPECT_LE(blocks.blocks().size(), 1u);
  std::string many;
  for (int i = 0; i < 20000; ++i)
    many += "<document x=\"" + std::to_string(i) + "\">";
  TaggedBlocks m = TaggedBlocks::find(many, kTags);
  EXPECT_LE(m.blocks().size(), 1u);
  std::string quotes;
  for (int i = 0; i < 20000; ++i)
    quotes += "<context \"";
  EXPECT_TRUE(TaggedBlocks::find(quotes, kTags).blocks().empty());
}

}  // namespace
}  // namespace groundgate::filters::context
