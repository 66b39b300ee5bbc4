#include "filters/context/context_extractor.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/filters/context/extracted_context.h"

namespace groundgate::filters::context {
namespace {

using Source = Passage::Source;

using testing::extracted;
using testing::texts;

TEST(ContextExtractor, ToolAndLegacyFunctionMessages) {
  std::string body = R"({"model":"m","messages":[
    {"role":"system","content":"Answer from the tool results."},
    {"role":"user","content":"Who founded Acme?"},
    {"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function"}]},
    {"role":"tool","tool_call_id":"call_1","content":"Acme was founded in 1991 by Jane Roe."},
    {"role":"function","name":"search","content":[{"type":"text","text":"Acme is based in Ohio."}]}
  ]})";
  ExtractedContext c = extracted(body);
  ASSERT_EQ(c.passages.size(), 2u);
  EXPECT_EQ(c.passages[0].text, "Acme was founded in 1991 by Jane Roe.");
  EXPECT_EQ(c.passages[0].source, Source::kTool);
  EXPECT_EQ(c.passages[0].id, "call_1");
  EXPECT_EQ(c.passages[1].text, "Acme is based in Ohio.");
  EXPECT_EQ(c.passages[1].title, "search");
  EXPECT_EQ(c.question, "Who founded Acme?");
  EXPECT_FALSE(c.truncated);
  EXPECT_EQ(c.bytes, c.passages[0].text.size() + c.passages[1].text.size());

  ContextOptions off;
  off.tool_messages = false;
  EXPECT_TRUE(extracted(body, off).passages.empty());
}

TEST(ContextExtractor, ContextFieldStringOrList) {
  std::string body =
      R"({"model":"m", "context": ["First passage.", "Second passage."],"messages":[{"role":"user","content":"Q?"}],"stream":true})";
  ExtractedContext c = extracted(body);
  EXPECT_EQ(texts(c), (std::vector<std::string>{"First passage.", "Second passage."}));
  EXPECT_EQ(c.passages[0].source, Source::kContextField);

  ExtractedContext single = extracted(R"({"context":"Only one.","model":"m"})");
  EXPECT_EQ(texts(single), std::vector<std::string>{"Only one."});
}

TEST(ContextExtractor, DocumentsFieldObjectsWithTitleAndId) {
  std::string body = R"({"model":"m","documents":[
      {"title":"Acme","id":7,"text":"Acme makes anvils."},
      {"content":"Content key.","id":"doc-2"},
      {"snippet":"Snippet key."},
      "Plain string.",
      {"url":"no text here"}],
    "messages":[]})";
  ExtractedContext c = extracted(body);
  ASSERT_EQ(c.passages.size(), 4u);
  EXPECT_EQ(c.passages[0].title, "Acme");
  EXPECT_EQ(c.passages[0].id, "7");
  EXPECT_EQ(c.passages[0].source, Source::kDocumentsField);
  EXPECT_EQ(c.passages[1].text, "Content key.");
  EXPECT_EQ(c.passages[1].id, "doc-2");
  EXPECT_EQ(c.passages[2].text, "Snippet key.");
  EXPECT_EQ(c.passages[3].text, "Plain string.");
  ASSERT_EQ(c.warnings.size(), 1u);
  EXPECT_NE(c.warnings[0].find("1 item(s) of `documents`"), std::string::npos);
}

TEST(ContextExtractor, ExtensionFieldOptions) {
  std::string body = R"({"context":"Kept upstream.","model":"m"})";
  ContextOptions keep;
  keep.keep_extension_fields = true;
  ExtractedContext kept = extracted(body, keep);
  EXPECT_EQ(texts(kept), std::vector<std::string>{"Kept upstream."});

  ContextOptions ignore;
  ignore.extension_fields = false;
  ExtractedContext ignored = extracted(body, ignore);
  EXPECT_TRUE(ignored.passages.empty());
}

TEST(ContextExtractor, TaggedBlocksInTheAppsMessagesAndByChoiceTheUsers) {
  std::string body = R"({"messages":[
    {"role":"system","content":"Use only this:\n<context>The Nile is 6,650 km long.</context>"},
    {"role":"user","content":[{"type":"text","text":"<documents><document title=\"Amazon\" id=\"d1\">The Amazon is 6,400 km long.</document><document>Second doc.</document></documents>"},{"type":"image_url","image_url":{"url":"x"}},{"type":"text","text":"Which river is longer?"}]},
    {"role":"assistant","content":"<context>not evidence</context>"}
  ]})";
  // The end user's message is theirs: its blocks are the question's text, no evidence.
  ExtractedContext app = extracted(body);
  EXPECT_EQ(texts(app), std::vector<std::string>{"The Nile is 6,650 km long."});
  EXPECT_EQ(app.question.substr(0, 11), "<documents>");
  ContextOptions users;
  users.user_messages = true;
  ExtractedContext c = extracted(body, users);
  ASSERT_EQ(c.passages.size(), 3u);
  EXPECT_EQ(c.passages[0].text, "The Nile is 6,650 km long.");
  EXPECT_EQ(c.passages[0].source, Source::kTaggedBlock);
  EXPECT_EQ(c.passages[1].text, "The Amazon is 6,400 km long.");
  EXPECT_EQ(c.passages[1].title, "Amazon");
  EXPECT_EQ(c.passages[1].id, "d1");
  EXPECT_EQ(c.passages[2].text, "Second doc.");
  EXPECT_EQ(c.question, "Which river is longer?");

  ContextOptions custom;
  custom.user_messages = true;
  custom.tags = {"kb"};
  ExtractedContext k =
      extracted(R"({"messages":[{"role":"user","content":"<KB>Custom tag.</KB> Q"}]})", custom);
  EXPECT_EQ(texts(k), std::vector<std::string>{"Custom tag."});

  ContextOptions untagged;
  untagged.tagged_blocks = false;
  untagged.user_messages = true;
  EXPECT_TRUE(extracted(body, untagged).passages.empty());
}

TEST(ContextExtractor, SystemMessageOptionTakesItsUntaggedText) {
  std::string body = R"({"messages":[
    {"role":"developer","content":"Acme was founded in 1991.\n<context>Tagged.</context>"},
    {"role":"user","content":"When?"}]})";
  EXPECT_EQ(texts(extracted(body)), std::vector<std::string>{"Tagged."});
  ContextOptions options;
  options.system_message = true;
  ExtractedContext c = extracted(body, options);
  ASSERT_EQ(c.passages.size(), 2u);
  EXPECT_EQ(c.passages[1].text, "Acme was founded in 1991.");
  EXPECT_EQ(c.passages[1].source, Source::kSystemMessage);
}

TEST(ContextExtractor, QuestionAsWeakGrounding) {
  std::string body = R"({"messages":[
    {"role":"user","content":"first question"},
    {"role":"assistant","content":"an answer"},
    {"role":"user","content":"<context>Evidence.</context>\nDid Acme move to Ohio in 2001?"}]})";
  ExtractedContext typed = extracted(body);
  EXPECT_EQ(typed.question, "<context>Evidence.</context>\nDid Acme move to Ohio in 2001?");
  EXPECT_TRUE(typed.passages.empty());
  ContextOptions users;
  users.user_messages = true;
  ExtractedContext plain = extracted(body, users);
  EXPECT_EQ(plain.question, "Did Acme move to Ohio in 2001?");
  EXPECT_EQ(plain.passages.size(), 1u);
  ContextOptions options;
  options.user_messages = true;
  options.question = true;
  ExtractedContext c = extracted(body, options);
  ASSERT_EQ(c.passages.size(), 2u);
  EXPECT_EQ(c.passages[1].text, "Did Acme move to Ohio in 2001?");
  EXPECT_EQ(c.passages[1].source, Source::kQuestion);
  EXPECT_TRUE(c.passages[1].weak);
  EXPECT_FALSE(c.passages[0].weak);
}

TEST(ContextExtractor, LegacyCompletionsPromptTaggedBlocksOnly) {
  ExtractedContext c =
      extracted(R"({"model":"m","prompt":"<context>Legacy passage.</context>\nQ: what? A:"})");
  EXPECT_EQ(texts(c), std::vector<std::string>{"Legacy passage."});
  ExtractedContext list = extracted(
      R"({"prompt":["<document>One.</document>","no tags here","<document>Two.</document>"]})");
  EXPECT_EQ(texts(list), (std::vector<std::string>{"One.", "Two."}));
}

TEST(ContextExtractor, TruncatesAtMaxBytesOnACharacterBoundary) {
  ContextOptions options;
  options.max_bytes = 10;
  // "ü" and "ß" take two bytes each.
  ExtractedContext c =
      extracted(R"({"context":["Zürich ist groß.", "Dropped entirely."]})", options);
  EXPECT_TRUE(c.truncated);
  ASSERT_EQ(c.passages.size(), 1u);
  EXPECT_EQ(c.passages[0].text, "Zürich is");
  EXPECT_LE(c.bytes, options.max_bytes);
  ASSERT_FALSE(c.warnings.empty());
  EXPECT_NE(c.warnings.back().find("truncated to 10 of 35 bytes"), std::string::npos)
      << c.warnings.back();

  // The cut at byte 16 falls inside "ß": it moves back to the character's start.
  ExtractedContext cut = extracted(R"({"context":"Zürich ist groß."})", {.max_bytes = 16});
  EXPECT_EQ(cut.passages[0].text, "Zürich ist gro");
}

TEST(ContextExtractor, InvalidUtf8IsRepairedNotFatal) {
  std::string body = "{\"context\":\"caf\xC3 au lait \xFF\xFE.\",\"model\":\"m\"}";
  ExtractedContext c = extracted(body);
  ASSERT_EQ(c.passages.size(), 1u);
  EXPECT_EQ(c.passages[0].text, "caf\xEF\xBF\xBD au lait \xEF\xBF\xBD\xEF\xBF\xBD.");
  ASSERT_FALSE(c.warnings.empty());
  EXPECT_NE(c.warnings[0].find("UTF-8"), std::string::npos);
}

TEST(ContextExtractor, BadJsonGivesAWarningAndNoContext) {
  for (std::string_view body :
       {"", "{", "not json", "[1,2]", "{\"context\": \"unterminated}", "{\"a\":1,}", "\"str\""}) {
    ExtractedContext c = extracted(body);
    EXPECT_TRUE(c.passages.empty()) << body;
    EXPECT_FALSE(c.readable) << body;
    EXPECT_EQ(c.warnings.size(), 1u) << body;
  }
  std::string deep(100000, '[');
  EXPECT_TRUE(extracted(deep).passages.empty());
}

TEST(ContextExtractor, WrongShapesAreSkipped) {
  ExtractedContext c = extracted(
      R"({"context":42,"messages":[7,{"role":"tool"},{"role":"tool","content":{"x":1}},{"role":"tool","content":"   "}]})");
  EXPECT_TRUE(c.passages.empty());
  ASSERT_EQ(c.warnings.size(), 1u);
  EXPECT_NE(c.warnings[0].find("neither a string nor a list"), std::string::npos);
}

}  // namespace
}  // namespace groundgate::filters::context
