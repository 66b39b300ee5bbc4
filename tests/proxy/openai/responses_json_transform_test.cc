#include "proxy/openai/responses_json_transform.h"

#include <gtest/gtest.h>
#include <simdjson.h>

#include "tests/proxy/openai/test_filters.h"
#include "tests/proxy/openai/unreadable_answers.h"

namespace groundgate::proxy::openai {
namespace {

using filters::stream::ToolCallInterest;
using namespace test_filters;

const std::string kResponse =
    R"({"id":"resp_1","object":"response","created_at":1764150000,"status":"completed",)"
    R"("error":null,"incomplete_details":null,"model":"gpt-4.1-mini","output":[)"
    R"({"id":"rs_1","type":"reasoning","summary":[]},)"
    R"({"id":"msg_1","type":"message","status":"completed","role":"assistant","content":[)"
    R"({"type":"output_text","annotations":[],"logprobs":[],"text":"Caf\u00e9 opens at 9. It closes at 5."}]},)"
    R"({"id":"fc_1","type":"function_call","status":"completed","arguments":"{\"day\":\"monday\"}",)"
    R"("call_id":"call_1","name":"book_table"}],)"
    R"("usage":{"input_tokens":9,"output_tokens":12,"total_tokens":21}})";

simdjson::dom::element parse(simdjson::dom::parser& parser, const std::string& json) {
  simdjson::dom::element root;
  EXPECT_EQ(simdjson::SUCCESS, parser.parse(json).get(root)) << json;
  return root;
}

const std::string kRefusalResponse =
    R"({"id":"resp_2","object":"response","status":"completed","output":[)"
    R"({"id":"rs_1","type":"reasoning","summary":[{"type":"summary_text","text":"think."}]},)"
    R"({"id":"msg_1","type":"message","role":"assistant","content":[)"
    R"({"type":"refusal","refusal":"i cannot."}]}]})";

TEST(ResponsesJsonTransformTest, RefusalPartsAreAnswerTextAndReasoningIsCountedOrRead) {
  auto unread = make_chain(std::make_unique<TextKindsFilter>(false, true));
  const auto counted = transform_responses_json(kRefusalResponse, unread.get());
  EXPECT_NE(std::string::npos, counted.body.find(R"("refusal":"I CANNOT.")")) << counted.body;
  EXPECT_NE(std::string::npos, counted.body.find(R"("text":"think.")")) << counted.body;
  EXPECT_NE(std::string::npos, counted.body.find(R"("reasoning_bytes":6,"read":false)"));
  auto read = make_chain(std::make_unique<TextKindsFilter>(true, true));
  const auto checked = transform_responses_json(kRefusalResponse, read.get());
  EXPECT_NE(std::string::npos, checked.body.find(R"("text":"THINK.")")) << checked.body;
  // Not read, under a closed filter: the answer stops at the refusal, which never goes.
  auto closed = make_chain(std::make_unique<TextKindsFilter>(false, false, true));
  const auto stopped = transform_responses_json(kRefusalResponse, closed.get());
  EXPECT_TRUE(stopped.stopped);
  EXPECT_EQ(std::string::npos, stopped.body.find("cannot")) << stopped.body;
}

TEST(ResponsesJsonTransformTest, NoChangeKeepsTheUpstreamBytes) {
  EXPECT_EQ(kResponse, transform_responses_json(kResponse, nullptr).body);
  auto chain = make_chain(std::make_unique<StreamFilter>());
  const auto result = transform_responses_json(kResponse, chain.get());
  EXPECT_FALSE(result.changed);
  EXPECT_TRUE(result.status.ok);
  EXPECT_EQ(kResponse, result.body);
}

TEST(ResponsesJsonTransformTest, RewritesTheTextInPlaceAndAnnotatesAtTheTop) {
  auto chain = make_chain(std::make_unique<UppercaseFilter>(), std::make_unique<SummaryFilter>());
  const auto result = transform_responses_json(kResponse, chain.get());
  EXPECT_TRUE(result.changed);
  EXPECT_FALSE(result.stopped);
  std::string expected = kResponse;
  const std::string from = R"("Caf\u00e9 opens at 9. It closes at 5.")";
  expected.replace(expected.find(from), from.size(), "\"CAF\xC3\xA9 OPENS AT 9. IT CLOSES AT 5.\"");
  expected.insert(expected.size() - 1, R"(,"groundgate":[{"type":"summary"}])");
  EXPECT_EQ(expected, result.body);
}

TEST(ResponsesJsonTransformTest, AStopEndsTheResponseAsContentFiltered) {
  auto chain = make_chain(std::make_unique<ReleaseThenStopFilter>("It closes"),
                          std::make_unique<SummaryFilter>());
  const auto result = transform_responses_json(kResponse, chain.get());
  EXPECT_TRUE(result.stopped);
  simdjson::dom::parser parser;
  simdjson::dom::element root = parse(parser, result.body);
  EXPECT_EQ("incomplete", std::string_view(root["status"]));
  EXPECT_EQ("content_filter", std::string_view(root["incomplete_details"]["reason"]));
  EXPECT_EQ(1764150000, int64_t(root["created_at"]));
  simdjson::dom::array output = root["output"];
  ASSERT_EQ(2u, output.size());  // the function call after the stop is dropped
  EXPECT_EQ("reasoning", std::string_view(output.at(0)["type"]));
  EXPECT_EQ("incomplete", std::string_view(output.at(1)["status"]));
  EXPECT_EQ("Caf\xC3\xA9 opens at 9. ", std::string_view(output.at(1)["content"].at(0)["text"]));
  simdjson::dom::array notes = root["groundgate"];
  ASSERT_EQ(2u, notes.size());
  EXPECT_EQ("stopped", std::string_view(notes.at(0)["type"]));
  EXPECT_EQ("summary", std::string_view(notes.at(1)["type"]));
  EXPECT_EQ(std::string::npos, result.body.find("closes"));
  EXPECT_EQ(std::string::npos, result.body.find("book_table"));
}

TEST(ResponsesJsonTransformTest, FunctionCallsFollowTheToolCallInterest) {
  auto inspect = make_chain(std::make_unique<ToolCallFilter>(ToolCallInterest::kInspect));
  const auto seen = transform_responses_json(kResponse, inspect.get());
  EXPECT_NE(std::string::npos,
            seen.body.find(R"("groundgate":[{"choice":1,"call":0,"name":"book_table",)"
                           R"("arguments":"{\"day\":\"monday\"}"}])"))
      << seen.body;
  auto block = make_chain(std::make_unique<ToolCallFilter>(ToolCallInterest::kHold, "book_table"));
  const auto blocked = transform_responses_json(kResponse, block.get());
  EXPECT_TRUE(blocked.stopped);
  ASSERT_FALSE(blocked.annotations.empty());  // for an error in place of the body
  EXPECT_EQ(R"({"type":"stopped","reason":"test.tool_call"})", blocked.annotations.back());
  simdjson::dom::parser parser;
  simdjson::dom::element root = parse(parser, blocked.body);
  simdjson::dom::array output = root["output"];
  ASSERT_EQ(2u, output.size());
  EXPECT_EQ("message", std::string_view(output.at(1)["type"]));
  EXPECT_EQ(std::string::npos, blocked.body.find("\"function_call\""));
}

TEST(ResponsesJsonTransformTest, FileSearchResultsAreContextForWhatFollows) {
  class ContextCount : public StreamFilter {
   public:
    void on_context(const std::vector<filters::stream::RetrievedPassage>& passages) override {
      seen_ += passages.size();
    }
    void on_text(const TextEvent& event, ChoiceOutput& out) override {
      if (event.offset == 0 && !event.pending.empty()) {
        out.annotate("{\"passages\":" + std::to_string(seen_) + "}");
      }
      out.release(event.pending.size());
    }

   private:
    std::size_t seen_ = 0;
  };
  const std::string body =
      R"({"id":"r","object":"response","status":"completed","output":[)"
      R"({"id":"fs_1","type":"file_search_call","status":"completed","queries":["q"],)"
      R"("results":[{"file_id":"f1","filename":"a.md","score":0.9,"text":"A is 4."},)"
      R"({"file_id":"f2","filename":"b.md","score":0.8,"text":"B is 5."}]},)"
      R"({"id":"m","type":"message","status":"completed","role":"assistant","content":[)"
      R"({"type":"output_text","annotations":[],"text":"A is 4."}]}]})";
  auto chain = make_chain(std::make_unique<ContextCount>());
  const auto result = transform_responses_json(body, chain.get());
  EXPECT_TRUE(result.body.ends_with(R"(,"groundgate":[{"passages":2}]})")) << result.body;
}

TEST(ResponsesJsonTransformTest, LogProbabilitiesOfChangedTextAreEmptied) {
  const std::string body =
      R"({"id":"r","status":"completed","output":[{"id":"m","type":"message","role":"assistant",)"
      R"("content":[{"type":"output_text","logprobs":[{"token":"hi","logprob":-1}],"text":"hi"}]}]})";
  auto chain = make_chain(std::make_unique<UppercaseFilter>());
  const auto result = transform_responses_json(body, chain.get());
  EXPECT_EQ(
      R"({"id":"r","status":"completed","output":[{"id":"m","type":"message","role":"assistant",)"
      R"("content":[{"type":"output_text","logprobs":[],"text":"HI"}]}]})",
      result.body);
}

TEST(ResponsesJsonTransformTest, ErrorsAndUndecodableBodiesAreLeftAlone) {
  auto chain = make_chain(std::make_unique<UppercaseFilter>());
  const std::string failed =
      R"({"id":"r","status":"failed","error":{"code":"server_error","message":"x"},"output":[]})";
  EXPECT_FALSE(transform_responses_json(failed, chain.get()).changed);
  const auto bad = transform_responses_json("{\"output\":[", chain.get());
  EXPECT_FALSE(bad.status.ok);
  EXPECT_EQ("{\"output\":[", bad.body);
}

// A response with `n` messages of one output_text part each.
std::string response_with_parts(int n) {
  std::string out = R"({"id":"r","object":"response","status":"completed","output":[)";
  for (int i = 0; i < n; ++i) {
    if (i > 0) out += ",";
    out +=
        R"({"id":"m)" + std::to_string(i) +
        R"(","type":"message","role":"assistant","content":[{"type":"output_text","text":"x"}]})";
  }
  return out + "]}";
}

TEST(ResponsesJsonTransformTest, AnUnreadableAnswerIsRefusedByAClosedVerifier) {
  const auto message = [](std::string_view text) {
    return R"({"id":"r","object":"response","status":"completed","output":[{"id":"m",)"
           R"("type":"message","role":"assistant","content":[{"type":"output_text","text":")" +
           std::string(text) + "\"}]}]}";
  };
  for (const std::string& body :
       {message("cut \\ud83d"), message("bad \xC3\x28"),
        std::string(R"({"id":"r","status":"failed","error":{"code":"server_error"},"output":[)"
                    R"({"id":"m","type":"message","content":[{"type":"output_text",)"
                    R"("text":"30 days"}]}]})"),
        response_with_parts(filters::stream::kMaxChoices + 1),
        // A member read twice: readers that keep the first see a message whose text the
        // proxy, keeping the last ("assistant"), would not have checked.
        std::string(R"({"id":"r","status":"completed","output":[{"id":"m","type":"message",)"
                    R"("type":"assistant","content":[{"type":"output_text","text":"30 days"}]}]})"),
        std::string(R"({"id":"r","output":[{"type":"message","content":[{"type":"refusal",)"
                    R"("type":"output_text","text":"30 days"}]}]})")}) {
    expect_unreadable_answer_handled(transform_responses_json, body);
  }
  // Up to the bound every part is checked.
  auto chain = make_chain(std::make_unique<UppercaseFilter>());
  const auto result =
      transform_responses_json(response_with_parts(filters::stream::kMaxChoices), chain.get());
  EXPECT_TRUE(result.status.ok);
  EXPECT_EQ(std::string::npos, result.body.find(R"("text":"x")"));
}

}  // namespace
}  // namespace groundgate::proxy::openai
