// Context from Responses API request bodies (POST …/responses).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "filters/context/context_extractor.h"
#include "tests/filters/context/extracted_context.h"

namespace groundgate::filters::context {
namespace {

using Source = Passage::Source;

using testing::extracted;
using testing::texts;

TEST(ResponsesRequest, InputStringIsTheQuestionAndInstructionsTheSystemMessage) {
  const std::string body = R"({"model":"m",
    "instructions":"Answer from the documents. <context>Acme was founded in 2011.</context>",
    "input":"When was Acme founded?"})";
  ExtractedContext c = extracted(body);
  EXPECT_EQ(texts(c), std::vector<std::string>{"Acme was founded in 2011."});
  EXPECT_EQ(c.passages[0].source, Source::kTaggedBlock);
  EXPECT_EQ(c.question, "When was Acme founded?");
  EXPECT_TRUE(c.unreadable.empty());

  ContextOptions system;
  system.system_message = true;
  EXPECT_EQ(texts(extracted(body, system)),
            (std::vector<std::string>{"Acme was founded in 2011.", "Answer from the documents."}));
}

TEST(ResponsesRequest, MessageItemsWithTextPartsAndRoles) {
  const std::string body = R"({"model":"m","input":[
    {"role":"developer","content":"<document title=\"Policy\">Refunds within 14 days.</document>"},
    {"type":"message","role":"user","content":[
      {"type":"input_text","text":"<context>The Pro plan costs $12.</context>"},
      {"type":"input_text","text":"What does Pro cost?"}]},
    {"type":"message","role":"assistant","content":[{"type":"output_text","text":"It costs $99."}]},
    {"role":"system","content":[{"type":"input_text","text":"<context>Support is 24/7.</context>"}]}
  ]})";
  ContextOptions users;
  users.user_messages = true;
  ExtractedContext c = extracted(body, users);
  EXPECT_EQ(texts(c), (std::vector<std::string>{"Refunds within 14 days.",
                                                "The Pro plan costs $12.", "Support is 24/7."}));
  EXPECT_EQ(c.passages[0].title, "Policy");
  EXPECT_EQ(c.question, "What does Pro cost?");
  // By default the user's message is only the question.
  EXPECT_EQ(texts(extracted(body)),
            (std::vector<std::string>{"Refunds within 14 days.", "Support is 24/7."}));
  EXPECT_TRUE(c.unreadable.empty());
}

TEST(ResponsesRequest, FunctionCallOutputsAreToolResultsNamedByTheirCall) {
  const std::string body = R"({"model":"m","input":[
    {"role":"user","content":"Where is order 42?"},
    {"type":"function_call","call_id":"call_1","name":"lookup_order","arguments":"{\"id\":42}"},
    {"type":"function_call_output","call_id":"call_1","output":"Order 42 shipped on May 3."},
    {"type":"function_call_output","call_id":"call_2",
     "output":[{"type":"input_text","text":"Carrier: DHL."}]},
    {"type":"reasoning","id":"rs_1","summary":[]}
  ]})";
  ExtractedContext c = extracted(body);
  EXPECT_EQ(texts(c), (std::vector<std::string>{"Order 42 shipped on May 3.", "Carrier: DHL."}));
  EXPECT_EQ(c.passages[0].source, Source::kTool);
  EXPECT_EQ(c.passages[0].title, "lookup_order");
  EXPECT_EQ(c.passages[0].id, "call_1");
  EXPECT_EQ(c.passages[1].title, "");
  EXPECT_TRUE(c.unreadable.empty());

  ContextOptions off;
  off.tool_messages = false;
  EXPECT_TRUE(extracted(body, off).passages.empty());
}

TEST(ResponsesRequest, EarlierFileSearchResultsAreContext) {
  const std::string body = R"({"model":"m","input":[
    {"type":"file_search_call","id":"fs_1","status":"completed","queries":["refund"],
     "results":[{"file_id":"file-1","filename":"policy.pdf","score":0.9,
                 "text":"Refunds are issued within 14 days."}]},
    {"role":"user","content":"And the refund period?"}]})";
  ExtractedContext c = extracted(body);
  EXPECT_EQ(texts(c), std::vector<std::string>{"Refunds are issued within 14 days."});
  EXPECT_EQ(c.passages[0].title, "policy.pdf");
  EXPECT_EQ(c.passages[0].id, "file-1");
}

TEST(ResponsesRequest, ExtensionFieldsAreRead) {
  const std::string body =
      R"({"model":"m","documents":["Acme was founded in 2011."],"input":"When?","stream":true})";
  ExtractedContext c = extracted(body);
  EXPECT_EQ(texts(c), std::vector<std::string>{"Acme was founded in 2011."});
}

TEST(ResponsesRequest, WhatCannotBeReadIsReportedNeverSkipped) {
  const auto unreadable = [](const std::string& body) { return extracted(body).unreadable; };
  EXPECT_EQ(unreadable(R"({"model":"m","input":[{"type":"item_reference","id":"msg_1"}]})"),
            std::vector<std::string>{"an input item of type `item_reference`"});
  EXPECT_EQ(unreadable(R"({"model":"m","input":[{"type":"holographic_call","x":1}]})"),
            std::vector<std::string>{"an input item of type `holographic_call`"});
  EXPECT_EQ(unreadable(R"({"model":"m","input":[{"role":"user","content":[
              {"type":"input_file","file_id":"file-1"},{"type":"input_text","text":"Sum up."}]}]})"),
            std::vector<std::string>{"a content part of type `input_file`"});
  EXPECT_EQ(unreadable(R"({"model":"m","previous_response_id":"resp_1","input":"And then?"})"),
            std::vector<std::string>{"`previous_response_id` (earlier turns are stored upstream)"});
  EXPECT_EQ(unreadable(R"({"model":"m","prompt":{"id":"pmpt_1"},"input":"Hi"})"),
            std::vector<std::string>{"`prompt` (a template stored upstream)"});
  EXPECT_EQ(unreadable(R"({"model":"m","input":42})"),
            std::vector<std::string>{"`input` that is neither a string nor a list of items"});
  // The model's own earlier output is known and not context.
  EXPECT_TRUE(unreadable(R"({"model":"m","input":[{"type":"reasoning","id":"rs"},
      {"type":"function_call","call_id":"c","name":"f","arguments":"{}"},
      {"type":"web_search_call","id":"ws","status":"completed"}]})")
                  .empty());
}

TEST(ResponsesRequest, ChatAndLegacyBodiesAreNotReadAsResponses) {
  // A legacy completion's prompt is text; a chat request has messages.
  ExtractedContext legacy = extracted(R"({"prompt":"<context>A.</context> Q"})");
  EXPECT_EQ(texts(legacy), std::vector<std::string>{"A."});
  EXPECT_TRUE(legacy.unreadable.empty());
  ExtractedContext chat =
      extracted(R"({"messages":[{"role":"user","content":"Q"}],"previous_response_id":"r"})");
  EXPECT_EQ(chat.question, "Q");
  EXPECT_TRUE(chat.unreadable.empty());
  // Both shapes' conversations in one body: an upstream of either could answer the other one.
  ExtractedContext both =
      extracted(R"({"messages":[{"role":"tool","content":"A."}],"input":"Q","model":"m"})");
  EXPECT_FALSE(both.readable);
  EXPECT_TRUE(both.passages.empty());
}

}  // namespace
}  // namespace groundgate::filters::context
