#include "filters/context/context_extractor.h"

#include <gtest/gtest.h>

#include <string>

namespace groundgate::filters::context {
namespace {

using Source = Passage::Source;

std::vector<std::string> texts(const ExtractedContext& c) {
  std::vector<std::string> out;
  for (const Passage& p : c.passages)
    out.push_back(p.text);
  return out;
}

TEST(ContextExtractor, ToolAndLegacyFunctionMessages) {
  std::string body = R"({"model":"m","messages":[
    {"role":"system","content":"Answer from the tool results."},
    {"role":"user","content":"Who founded Acme?"},
    {"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function"}]},
    {"role":"tool","tool_call_id":"call_1","content":"Acme was founded in 1991 by Jane Roe."},
    {"role":"function","name":"search","content":[{"type":"text","text":"Acme is based in Ohio."}]}
  ]})";
  ExtractedContext c = extract_context(body, {});
  ASSERT_EQ(c.passages.size(), 2u);
  EXPECT_EQ(c.passages[0].text, "Acme was founded in 1991 by Jane Roe.");
  EXPECT_EQ(c.passages[0].source, Source::kTool);
  EXPECT_EQ(c.passages[0].id, "call_1");
  EXPECT_EQ(c.passages[1].text, "Acme is based in Ohio.");
  EXPECT_EQ(c.passages[1].title, "search");
  EXPECT_EQ(c.question, "Who founded Acme?");
  EXPECT_TRUE(c.forwarded_body.empty());
  EXPECT_FALSE(c.truncated);
  EXPECT_EQ(c.bytes, c.passages[0].text.size() + c.passages[1].text.size());

  ContextOptions off;
  off.tool_messages = false;
  EXPECT_TRUE(extract_context(body, off).passages.empty());
}

TEST(ContextExtractor, ContextFieldStringOrListAndRemovedFromBody) {
  std::string body =
      R"({"model":"m", "context": ["First passage.", "Second passage."],"messages":[{"role":"user","content":"Q?"}],"stream":true})";
  ExtractedContext c = extract_context(body, {});
  EXPECT_EQ(texts(c), (std::vector<std::string>{"First passage.", "Second passage."}));
  EXPECT_EQ(c.passages[0].source, Source::kContextField);
  EXPECT_EQ(c.forwarded_body,
            R"({"model":"m", "messages":[{"role":"user","content":"Q?"}],"stream":true})");

  ExtractedContext single = extract_context(R"({"context":"Only one.","model":"m"})", {});
  EXPECT_EQ(texts(single), std::vector<std::string>{"Only one."});
  EXPECT_EQ(single.forwarded_body, R"({"model":"m"})");
}

TEST(ContextExtractor, DocumentsFieldObjectsWithTitleAndId) {
  std::string body = R"({"model":"m","documents":[
      {"title":"Acme","id":7,"text":"Acme makes anvils."},
      {"content":"Content key.","id":"doc-2"},
      {"snippet":"Snippet key."},
      "Plain string.",
      {"url":"no text here"}],
    "messages":[]})";
  ExtractedContext c = extract_context(body, {});
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
  EXPECT_EQ(c.forwarded_body, R"({"model":"m","messages":[]})");
}

TEST(ContextExtractor, RemovalKeepsEveryOtherByte) {
  // Odd spacing, escapes, nested objects and a "context" key below the top level stay as sent.
  std::string body =
      "{\n  \"documents\" : [ {\"text\": \"d\"} ],\n  \"model\": \"gpt-4o\",\n  \"metadata\": "
      "{\"context\": \"nested, not ours\", \"s\": \"a}\\\"b\"},\n  \"context\": \"c\"\n}\n";
  ExtractedContext c = extract_context(body, {});
  EXPECT_EQ(texts(c), (std::vector<std::string>{"d", "c"}));
  EXPECT_EQ(c.forwarded_body,
            "{\n  \"model\": \"gpt-4o\",\n  \"metadata\": "
            "{\"context\": \"nested, not ours\", \"s\": \"a}\\\"b\"}\n}\n");

  EXPECT_EQ(extract_context(R"({"context":"a","documents":["b"]})", {}).forwarded_body, "{}");
  EXPECT_EQ(extract_context(R"({"a":1,"context":"x","documents":[],"b":2})", {}).forwarded_body,
            R"({"a":1,"b":2})");
}

TEST(ContextExtractor, ExtensionFieldOptions) {
  std::string body = R"({"context":"Kept upstream.","model":"m"})";
  ContextOptions keep;
  keep.keep_extension_fields = true;
  ExtractedContext kept = extract_context(body, keep);
  EXPECT_EQ(texts(kept), std::vector<std::string>{"Kept upstream."});
  EXPECT_TRUE(kept.forwarded_body.empty());

  ContextOptions ignore;
  ignore.extension_fields = false;
  ExtractedContext ignored = extract_context(body, ignore);
  EXPECT_TRUE(ignored.passages.empty());
  EXPECT_TRUE(ignored.forwarded_body.empty());
}

TEST(ContextExtractor, TaggedBlocksInSystemAndUserMessages) {
  std::string body = R"({"messages":[
    {"role":"system","content":"Use only this:\n<context>The Nile is 6,650 km long.</context>"},
    {"role":"user","content":[{"type":"text","text":"<documents><document title=\"Amazon\" id=\"d1\">The Amazon is 6,400 km long.</document><document>Second doc.</document></documents>"},{"type":"image_url","image_url":{"url":"x"}},{"type":"text","text":"Which river is longer?"}]},
    {"role":"assistant","content":"<context>not evidence</context>"}
  ]})";
  ExtractedContext c = extract_context(body, {});
  ASSERT_EQ(c.passages.size(), 3u);
  EXPECT_EQ(c.passages[0].text, "The Nile is 6,650 km long.");
  EXPECT_EQ(c.passages[0].source, Source::kTaggedBlock);
  EXPECT_EQ(c.passages[1].text, "The Amazon is 6,400 km long.");
  EXPECT_EQ(c.passages[1].title, "Amazon");
  EXPECT_EQ(c.passages[1].id, "d1");
  EXPECT_EQ(c.passages[2].text, "Second doc.");
  EXPECT_EQ(c.question, "Which river is longer?");

  ContextOptions custom;
  custom.tags = {"kb"};
  ExtractedContext k = extract_context(
      R"({"messages":[{"role":"user","content":"<KB>Custom tag.</KB> Q"}]})", custom);
  EXPECT_EQ(texts(k), std::vector<std::string>{"Custom tag."});

  ContextOptions untagged;
  untagged.tagged_blocks = false;
  EXPECT_TRUE(extract_context(body, untagged).passages.empty());
}

TEST(ContextExtractor, SystemMessageOptionTakesItsUntaggedText) {
  std::string body = R"({"messages":[
    {"role":"developer","content":"Acme was founded in 1991.\n<context>Tagged.</context>"},
    {"role":"user","content":"When?"}]})";
  EXPECT_EQ(texts(extract_context(body, {})), std::vector<std::string>{"Tagged."});
  ContextOptions options;
  options.system_message = true;
  ExtractedContext c = extract_context(body, options);
  ASSERT_EQ(c.passages.size(), 2u);
  EXPECT_EQ(c.passages[1].text, "Acme was founded in 1991.");
  EXPECT_EQ(c.passages[1].source, Source::kSystemMessage);
}

TEST(ContextExtractor, QuestionAsWeakGrounding) {
  std::string body = R"({"messages":[
    {"role":"user","content":"first question"},
    {"role":"assistant","content":"an answer"},
    {"role":"user","content":"<context>Evidence.</context>\nDid Acme move to Ohio in 2001?"}]})";
  ExtractedContext plain = extract_context(body, {});
  EXPECT_EQ(plain.question, "Did Acme move to Ohio in 2001?");
  EXPECT_EQ(plain.passages.size(), 1u);
  ContextOptions options;
  options.question = true;
  ExtractedContext c = extract_context(body, options);
  ASSERT_EQ(c.passages.size(), 2u);
  EXPECT_EQ(c.passages[1].text, "Did Acme move to Ohio in 2001?");
  EXPECT_EQ(c.passages[1].source, Source::kQuestion);
  EXPECT_TRUE(c.passages[1].weak);
  EXPECT_FALSE(c.passages[0].weak);
}

TEST(ContextExtractor, LegacyCompletionsPromptTaggedBlocksOnly) {
  ExtractedContext c = extract_context(
      R"({"model":"m","prompt":"<context>Legacy passage.</context>\nQ: what? A:"})", {});
  EXPECT_EQ(texts(c), std::vector<std::string>{"Legacy passage."});
  ExtractedContext list = extract_context(
      R"({"prompt":["<document>One.</document>","no tags here","<document>Two.</document>"]})", {});
  EXPECT_EQ(texts(list), (std::vector<std::string>{"One.", "Two."}));
}

TEST(ContextExtractor, TruncatesAtMaxBytesOnACharacterBoundary) {
  ContextOptions options;
  options.max_bytes = 10;
  // "ü" and "ß" take two bytes each.
  ExtractedContext c =
      extract_context(R"({"context":["Zürich ist groß.", "Dropped entirely."]})", options);
  EXPECT_TRUE(c.truncated);
  ASSERT_EQ(c.passages.size(), 1u);
  EXPECT_EQ(c.passages[0].text, "Zürich is");
  EXPECT_LE(c.bytes, options.max_bytes);
  ASSERT_FALSE(c.warnings.empty());
  EXPECT_NE(c.warnings.back().find("truncated to 10 of 35 bytes"), std::string::npos)
      << c.warnings.back();

  // The cut at byte 16 falls inside "ß": it moves back to the character's start.
  ExtractedContext cut = extract_context(R"({"context":"Zürich ist groß."})", {.max_bytes = 16});
  EXPECT_EQ(cut.passages[0].text, "Zürich ist gro");
}

TEST(ContextExtractor, InvalidUtf8IsRepairedNotFatal) {
  std::string body = "{\"context\":\"caf\xC3 au lait \xFF\xFE.\",\"model\":\"m\"}";
  ExtractedContext c = extract_context(body, {});
  ASSERT_EQ(c.passages.size(), 1u);
  EXPECT_EQ(c.passages[0].text, "caf\xEF\xBF\xBD au lait \xEF\xBF\xBD\xEF\xBF\xBD.");
  ASSERT_FALSE(c.warnings.empty());
  EXPECT_NE(c.warnings[0].find("UTF-8"), std::string::npos);
  EXPECT_EQ(c.forwarded_body, "{\"model\":\"m\"}");
}

TEST(ContextExtractor, BadJsonGivesAWarningAndNoContext) {
  for (std::string_view body :
       {"", "{", "not json", "[1,2]", "{\"context\": \"unterminated}", "{\"a\":1,}", "\"str\""}) {
    ExtractedContext c = extract_context(body, {});
    EXPECT_TRUE(c.passages.empty()) << body;
    EXPECT_TRUE(c.forwarded_body.empty()) << body;
    EXPECT_EQ(c.warnings.size(), 1u) << body;
  }
  std::string deep(100000, '[');
  EXPECT_TRUE(extract_context(deep, {}).passages.empty());
}

TEST(ContextExtractor, WrongShapesAreSkipped) {
  ExtractedContext c = extract_context(
      R"({"context":42,"messages":[7,{"role":"tool"},{"role":"tool","content":{"x":1}},{"role":"tool","content":"   "}]})",
      {});
  EXPECT_TRUE(c.passages.empty());
  ASSERT_EQ(c.warnings.size(), 1u);
  EXPECT_NE(c.warnings[0].find("neither a string nor a list"), std::string::npos);
  EXPECT_EQ(
      c.forwarded_body,
      R"({"messages":[7,{"role":"tool"},{"role":"tool","content":{"x":1}},{"role":"tool","content":"   "}]})");
}

}  // namespace
}  // namespace groundgate::filters::context
