// The mock upstream on real loopback sockets, driven by a blocking Beast client.
#include "proxy/mock/mock_upstream.h"

#include <gtest/gtest.h>

#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "proxy/mock/answer_tokens.h"
#include "proxy/mock/canned_answers.h"
#include "tests/proxy/mock/test_client.h"

namespace groundgate::proxy::mock {
namespace {

namespace http = boost::beast::http;
using std::chrono::milliseconds;
using testing::parse_json;
using testing::sse_data;
using testing::TestClient;

std::string chat_body(std::string_view question, std::string_view extra = {}) {
  std::string body =
      R"({"model":"gpt-4o-mini","messages":[{"role":"system","content":"Use the context."},)"
      R"({"role":"user","content":")" +
      std::string(question) + R"("}])";
  if (!extra.empty()) body += "," + std::string(extra);
  return body + "}";
}

bool is_canned(std::string_view text) {
  for (const AnswerTokens& answer : canned_answers())
    if (answer.text() == text) return true;
  return false;
}

std::string_view str(simdjson::dom::element element) {
  return std::string_view(element);
}

MockOptions rate(double tokens_per_second, bool stamp = false) {
  MockOptions options;
  options.tokens_per_second = tokens_per_second;
  options.stamp = stamp;
  return options;
}

class MockUpstreamTest : public ::testing::Test {
 protected:
  void start(MockOptions options = {}) {
    MockCreate created = MockUpstream::create(io_, std::move(options));
    ASSERT_TRUE(created.ok()) << created.error;
    upstream_ = std::move(created.upstream);
    upstream_->start();
    for (int i = 0; i < 2; ++i)
      threads_.emplace_back([this] { io_.run(); });
  }
  void start_scripted(double tokens_per_second = 0) {
    MockOptions options = rate(tokens_per_second);
    options.script_file = std::string(GG_MOCK_TEST_DATA) + "/script.yaml";
    start(std::move(options));
  }
  void stop_and_join() {
    if (upstream_) upstream_->stop();
    for (auto& thread : threads_)
      thread.join();
    threads_.clear();
  }
  void TearDown() override { stop_and_join(); }
  TestClient client() { return TestClient(upstream_->port()); }

  boost::asio::io_context io_;
  std::unique_ptr<MockUpstream> upstream_;
  std::vector<std::thread> threads_;
};

TEST_F(MockUpstreamTest, StreamsAChatCompletionLikeOpenAI) {
  start(rate(0));
  TestClient c = client();
  const auto response =
      c.post_json("/v1/chat/completions", chat_body("What is the policy?", R"("stream":true)"));
  ASSERT_FALSE(response.error) << response.error.message();
  EXPECT_EQ(200u, response.status);
  EXPECT_EQ("text/event-stream; charset=utf-8", response.headers[http::field::content_type]);
  EXPECT_EQ("chunked", response.headers[http::field::transfer_encoding]);

  const auto events = sse_data(response.body);
  ASSERT_GE(events.size(), 4u);
  EXPECT_EQ("[DONE]", events.back());
  std::string text;
  std::string id;
  for (size_t i = 0; i + 1 < events.size(); ++i) {
    const auto json = parse_json(events[i]);
    const auto root = json->root;
    if (i == 0) id = std::string(str(root["id"]));
    EXPECT_EQ(id, str(root["id"]));
    EXPECT_TRUE(id.starts_with("chatcmpl-"));
    EXPECT_EQ("chat.completion.chunk", str(root["object"]));
    EXPECT_EQ("gpt-4o-mini", str(root["model"]));
    EXPECT_TRUE(str(root["system_fingerprint"]).starts_with("fp_"));
    EXPECT_GT(int64_t(root["created"]), 1700000000);
    EXPECT_EQ(simdjson::NO_SUCH_FIELD, root["usage"].error());
    const auto choice = root["choices"].at(0);
    EXPECT_EQ(0, int64_t(choice["index"]));
    const auto delta = choice["delta"];
    if (i == 0) {
      EXPECT_EQ("assistant", str(delta["role"]));
      EXPECT_EQ("", str(delta["content"]));
      EXPECT_TRUE(choice["finish_reason"].is_null());
    } else if (i + 2 == events.size()) {
      EXPECT_EQ(0u, simdjson::dom::object(delta).size());
      EXPECT_EQ("stop", str(choice["finish_reason"]));
    } else {
      EXPECT_EQ(simdjson::NO_SUCH_FIELD, delta["role"].error());
      EXPECT_TRUE(choice["finish_reason"].is_null());
      text += str(delta["content"]);
    }
  }
  EXPECT_TRUE(is_canned(text)) << text;
}

TEST_F(MockUpstreamTest, StreamsALegacyCompletion) {
  start(rate(0));
  TestClient c = client();
  const auto response = c.post_json(
      "/v1/completions",
      R"({"model":"gpt-3.5-turbo-instruct","prompt":"Say it","stream":true,"max_tokens":4})");
  ASSERT_FALSE(response.error) << response.error.message();
  const auto events = sse_data(response.body);
  ASSERT_EQ(4u + 1u + 1u, events.size());  // four tokens, the finish chunk, [DONE]
  std::string text;
  for (size_t i = 0; i < 4; ++i) {
    const auto json = parse_json(events[i]);
    EXPECT_TRUE(str(json->root["id"]).starts_with("cmpl-"));
    EXPECT_EQ("text_completion", str(json->root["object"]));
    text += str(json->root["choices"].at(0)["text"]);
  }
  const auto last = parse_json(events[4]);
  EXPECT_EQ("", str(last->root["choices"].at(0)["text"]));
  EXPECT_EQ("length", str(last->root["choices"].at(0)["finish_reason"]));
  const AnswerTokens& expected = pick_canned_answer("Say it", 0);
  EXPECT_EQ(expected.prefix(4), text);
}

TEST_F(MockUpstreamTest, AnswersWholeChatAndCompletionBodies) {
  start();
  TestClient c = client();
  auto response = c.post_json("/v1/chat/completions", chat_body("What is the policy?"));
  EXPECT_EQ(200u, response.status);
  EXPECT_EQ("application/json", response.headers[http::field::content_type]);
  auto json = parse_json(response.body);
  EXPECT_EQ("chat.completion", str(json->root["object"]));
  const auto message = json->root["choices"].at(0)["message"];
  EXPECT_EQ("assistant", str(message["role"]));
  const std::string content(str(message["content"]));
  EXPECT_TRUE(is_canned(content)) << content;
  EXPECT_EQ("stop", str(json->root["choices"].at(0)["finish_reason"]));
  const auto usage = json->root["usage"];
  EXPECT_EQ(uint64_t(usage["completion_tokens"]), count_tokens(content));
  EXPECT_EQ(count_tokens("Use the context.") + count_tokens("What is the policy?"),
            uint64_t(usage["prompt_tokens"]));
  EXPECT_EQ(uint64_t(usage["prompt_tokens"]) + uint64_t(usage["completion_tokens"]),
            uint64_t(usage["total_tokens"]));

  response = c.post_json("/v1/completions", R"({"model":"m","prompt":"Hi","max_tokens":3})");
  json = parse_json(response.body);
  EXPECT_EQ("text_completion", str(json->root["object"]));
  EXPECT_EQ(pick_canned_answer("Hi", 0).prefix(3), str(json->root["choices"].at(0)["text"]));
  EXPECT_EQ("length", str(json->root["choices"].at(0)["finish_reason"]));
  EXPECT_EQ(3u, uint64_t(json->root["usage"]["completion_tokens"]));
}

TEST_F(MockUpstreamTest, TwoChoicesInterleaveOneChunkPerChoicePerTick) {
  start_scripted();
  TestClient c = client();
  const auto response = c.post_json("/v1/chat/completions",
                                    chat_body("give me two choices", R"("stream":true,"n":2)"));
  const auto events = sse_data(response.body);
  std::vector<int64_t> order;
  std::string texts[2];
  int finished = 0;
  for (size_t i = 0; i + 1 < events.size(); ++i) {
    const auto json = parse_json(events[i]);
    const auto choice = json->root["choices"].at(0);
    const int64_t index = int64_t(choice["index"]);
    order.push_back(index);
    std::string_view content;
    if (choice["delta"]["content"].get(content) == simdjson::SUCCESS) texts[index] += content;
    if (!choice["finish_reason"].is_null()) ++finished;
  }
  EXPECT_EQ("Alpha beta gamma delta.", texts[0]);
  EXPECT_EQ("One two.", texts[1]);
  EXPECT_EQ(2, finished);
  // Roles 0,1; ticks 1-3 give 0,1 (choice 1 finishes on the third); ticks 4-5 choice 0 alone.
  EXPECT_EQ((std::vector<int64_t>{0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 0, 0}), order);
}

TEST_F(MockUpstreamTest, IncludeUsageAddsAFinalUsageChunk) {
  start(rate(200));
  TestClient c = client();
  const auto response =
      c.post_json("/v1/chat/completions",
                  chat_body("Hello", R"("stream":true,"stream_options":{"include_usage":true})"));
  const auto events = sse_data(response.body);
  ASSERT_GE(events.size(), 4u);
  EXPECT_EQ("[DONE]", events.back());
  size_t contents = 0;
  for (size_t i = 0; i + 2 < events.size(); ++i) {
    const auto json = parse_json(events[i]);
    EXPECT_TRUE(json->root["usage"].is_null()) << events[i];
    std::string_view content;
    if (json->root["choices"].at(0)["delta"]["content"].get(content) == simdjson::SUCCESS &&
        !content.empty())
      ++contents;
  }
  const auto usage_chunk = parse_json(events[events.size() - 2]);
  EXPECT_EQ(0u, simdjson::dom::array(usage_chunk->root["choices"]).size());
  EXPECT_EQ(contents, uint64_t(usage_chunk->root["usage"]["completion_tokens"]));
  EXPECT_EQ(count_tokens("Use the context.") + count_tokens("Hello"),
            uint64_t(usage_chunk->root["usage"]["prompt_tokens"]));
}

TEST_F(MockUpstreamTest, ScriptedToolCallStreamsAndAnswersWhole) {
  start_scripted();
  TestClient c = client();
  auto response = c.post_json("/v1/chat/completions",
                              chat_body("What's the weather in Paris?", R"("stream":true)"));
  const auto events = sse_data(response.body);
  ASSERT_GE(events.size(), 4u);
  const auto first = parse_json(events[0]);
  const auto call = first->root["choices"].at(0)["delta"]["tool_calls"].at(0);
  EXPECT_TRUE(str(call["id"]).starts_with("call_"));
  EXPECT_EQ("function", str(call["type"]));
  EXPECT_EQ("get_weather", str(call["function"]["name"]));
  EXPECT_EQ("", str(call["function"]["arguments"]));
  std::string arguments;
  for (size_t i = 1; i + 2 < events.size(); ++i) {
    const auto json = parse_json(events[i]);
    arguments +=
        str(json->root["choices"].at(0)["delta"]["tool_calls"].at(0)["function"]["arguments"]);
  }
  EXPECT_EQ(R"({"city": "Paris", "unit": "celsius"})", arguments);
  const auto last = parse_json(events[events.size() - 2]);
  EXPECT_EQ("tool_calls", str(last->root["choices"].at(0)["finish_reason"]));

  response = c.post_json("/v1/chat/completions", chat_body("weather?"));
  const auto whole = parse_json(response.body);
  const auto message = whole->root["choices"].at(0)["message"];
  EXPECT_TRUE(message["content"].is_null());
  EXPECT_EQ(R"({"city": "Paris", "unit": "celsius"})",
            str(message["tool_calls"].at(0)["function"]["arguments"]));
  EXPECT_EQ("tool_calls", str(whole->root["choices"].at(0)["finish_reason"]));
}

TEST_F(MockUpstreamTest, ScriptedStatusAnswersAnOpenAIError) {
  start_scripted();
  TestClient c = client();
  auto response = c.post_json("/v1/chat/completions", chat_body("please rate limit me"));
  EXPECT_EQ(429u, response.status);
  auto json = parse_json(response.body);
  EXPECT_EQ("requests", str(json->root["error"]["type"]));
  EXPECT_EQ("rate_limit_exceeded", str(json->root["error"]["code"]));
  EXPECT_TRUE(json->root["error"]["param"].is_null());

  response = c.post_json("/v1/chat/completions", chat_body("server down?", R"("stream":true)"));
  EXPECT_EQ(503u, response.status);
  json = parse_json(response.body);
  EXPECT_EQ("The mock is down for maintenance.", str(json->root["error"]["message"]));
  EXPECT_EQ("server_error", str(json->root["error"]["type"]));
}

TEST_F(MockUpstreamTest, CloseAfterTokensEndsTheStreamAbruptly) {
  start_scripted();
  TestClient c = client();
  const auto response =
      c.post_json("/v1/chat/completions", chat_body("die midway", R"("stream":true)"));
  EXPECT_EQ(200u, response.status);
  EXPECT_EQ(http::error::partial_message, response.error) << response.error.message();
  const auto events = sse_data(response.body);
  ASSERT_EQ(4u, events.size());  // the role chunk and three tokens; no finish, no [DONE]
  std::string text;
  for (size_t i = 1; i < events.size(); ++i)
    text += str(parse_json(events[i])->root["choices"].at(0)["delta"]["content"]);
  EXPECT_EQ("This answer will", text);

  // A whole response cannot be cut: the connection closes before any answer.
  TestClient whole = client();
  const auto closed = whole.post_json("/v1/chat/completions", chat_body("die midway"));
  EXPECT_TRUE(closed.error);
  EXPECT_EQ(0u, closed.status);
}

TEST_F(MockUpstreamTest, FirstByteDelayHoldsTheHeaders) {
  start_scripted();
  TestClient c = client();
  const auto response =
      c.post_json("/v1/chat/completions", chat_body("slow start", R"("stream":true)"));
  EXPECT_EQ(200u, response.status);
  EXPECT_GE(response.time_to_headers, milliseconds(250));
}

TEST_F(MockUpstreamTest, TokenRateIsRespected) {
  start_scripted(0);
  TestClient c = client();
  const auto response = c.post_json("/v1/chat/completions", chat_body("paced", R"("stream":true)"));
  ASSERT_FALSE(response.error);
  EXPECT_EQ(1u + 11u + 1u + 1u, sse_data(response.body).size());
  // 11 tokens at 20/s: the last one leaves 550 ms after the first chunk. Lower bound only.
  EXPECT_GE(response.total, milliseconds(450));
}

TEST_F(MockUpstreamTest, ScriptMatchesModelGlobs) {
  start_scripted();
  TestClient c = client();
  auto response =
      c.post_json("/v1/chat/completions",
                  R"({"model":"special-v2","messages":[{"role":"user","content":"Hello"}]})");
  auto json = parse_json(response.body);
  EXPECT_EQ("Special model answer.", str(json->root["choices"].at(0)["message"]["content"]));
  EXPECT_EQ("special-v2", str(json->root["model"]));
}

TEST_F(MockUpstreamTest, ListsModels) {
  start_scripted();
  TestClient c = client();
  const auto response = c.request(http::verb::get, "/v1/models");
  EXPECT_EQ(200u, response.status);
  const auto json = parse_json(response.body);
  EXPECT_EQ("list", str(json->root["object"]));
  std::vector<std::string> ids;
  for (auto model : simdjson::dom::array(json->root["data"])) {
    EXPECT_EQ("model", str(model["object"]));
    ids.emplace_back(str(model["id"]));
  }
  EXPECT_NE(ids.end(), std::find(ids.begin(), ids.end(), "gpt-4o-mini"));
  EXPECT_NE(ids.end(), std::find(ids.begin(), ids.end(), "scripted-model"));
  EXPECT_EQ(ids.end(), std::find(ids.begin(), ids.end(), "special-*"));
}

TEST_F(MockUpstreamTest, EchoReflectsTheRequest) {
  start();
  TestClient c = client();
  const auto response =
      c.request(http::verb::put, "/mock/echo/some/path?q=1&r=two", "body \"as\" sent\n",
                {{"X-Test", "a"}, {"Authorization", "Bearer k"}});
  EXPECT_EQ(200u, response.status);
  const auto json = parse_json(response.body);
  EXPECT_EQ("PUT", str(json->root["method"]));
  EXPECT_EQ("/mock/echo/some/path?q=1&r=two", str(json->root["path"]));
  EXPECT_EQ("a", str(json->root["headers"]["x-test"]));
  EXPECT_EQ("Bearer k", str(json->root["headers"]["authorization"]));
  EXPECT_EQ("127.0.0.1", str(json->root["headers"]["host"]));
  EXPECT_EQ("body \"as\" sent\n", str(json->root["body"]));

  EXPECT_EQ(404u, c.request(http::verb::get, "/mock/echoes").status);
}

TEST_F(MockUpstreamTest, UnknownPathsAndBadRequestsGetOpenAIErrors) {
  start();
  TestClient c = client();
  auto response = c.request(http::verb::get, "/v2/nothing");
  EXPECT_EQ(404u, response.status);
  auto json = parse_json(response.body);
  EXPECT_EQ("unknown_url", str(json->root["error"]["code"]));
  EXPECT_EQ("invalid_request_error", str(json->root["error"]["type"]));

  response = c.post_json("/v1/chat/completions", "{\"model\": ");
  EXPECT_EQ(400u, response.status);
  EXPECT_EQ("invalid_request_error", str(parse_json(response.body)->root["error"]["type"]));

  response = c.post_json("/v1/chat/completions", R"({"messages":[]})");
  EXPECT_EQ(400u, response.status);
  EXPECT_EQ("model", str(parse_json(response.body)->root["error"]["param"]));

  response = c.request(http::verb::get, "/v1/chat/completions");
  EXPECT_EQ(405u, response.status);
}

TEST_F(MockUpstreamTest, OversizedBodyIsRefused) {
  start();
  TestClient c = client();
  const auto response = c.post_json("/mock/echo", std::string((16u << 20) + 1, 'x'));
  EXPECT_EQ(413u, response.status);
  EXPECT_FALSE(parse_json(response.body)->root["error"]["message"].is_null());
}

TEST_F(MockUpstreamTest, AnswersExpectContinueBeforeTheBody) {
  start(rate(0));
  TestClient c = client();
  const std::string body = chat_body(std::string(2000, 'a'));
  const std::string head =
      "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
      "Expect: 100-continue\r\nContent-Length: " +
      std::to_string(body.size()) + "\r\n\r\n";
  boost::asio::write(c.socket(), boost::asio::buffer(head));
  std::string interim(25, '\0');
  boost::asio::read(c.socket(), boost::asio::buffer(interim));
  EXPECT_EQ("HTTP/1.1 100 Continue\r\n\r\n", interim);
  boost::asio::write(c.socket(), boost::asio::buffer(body));
  boost::beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(c.socket(), buffer, response);
  EXPECT_EQ(200u, response.result_int());
  EXPECT_EQ("chat.completion", str(parse_json(response.body())->root["object"]));
}

TEST_F(MockUpstreamTest, KeepsTheConnectionAlive) {
  start(rate(200));
  TestClient c = client();
  auto first = c.post_json("/v1/chat/completions", chat_body("one", R"("stream":true)"));
  ASSERT_FALSE(first.error);
  EXPECT_EQ("[DONE]", sse_data(first.body).back());
  auto second = c.post_json("/v1/chat/completions", chat_body("two"));
  ASSERT_FALSE(second.error);
  EXPECT_EQ(200u, second.status);
  auto third = c.request(http::verb::get, "/v1/models");
  EXPECT_EQ(200u, third.status);
}

TEST_F(MockUpstreamTest, StampPutsTheSendTimeInEveryChunk) {
  start(rate(200, true));
  TestClient c = client();
  const int64_t before = std::chrono::steady_clock::now().time_since_epoch().count();
  const auto response = c.post_json("/v1/chat/completions", chat_body("x", R"("stream":true)"));
  const int64_t after = std::chrono::steady_clock::now().time_since_epoch().count();
  const auto events = sse_data(response.body);
  ASSERT_GE(events.size(), 3u);
  int64_t previous = before;
  for (size_t i = 0; i + 1 < events.size(); ++i) {
    const auto json = parse_json(events[i]);
    const std::string_view fingerprint = str(json->root["system_fingerprint"]);
    ASSERT_TRUE(fingerprint.starts_with("gg-ts-")) << fingerprint;
    const int64_t stamp = std::stoll(std::string(fingerprint.substr(6)));
    EXPECT_LE(previous, stamp);
    EXPECT_GE(after, stamp);
    previous = stamp;
  }
}

TEST_F(MockUpstreamTest, StopEndsStreamsAndIdleConnections) {
  start(rate(5));
  TestClient idle = client();
  EXPECT_EQ(200u, idle.request(http::verb::get, "/v1/models").status);
  std::thread streaming([&] {
    TestClient c = client();
    const auto response = c.post_json("/v1/chat/completions", chat_body("x", R"("stream":true)"));
    EXPECT_TRUE(response.error);  // cut by stop(), long before the answer's end
  });
  std::this_thread::sleep_for(milliseconds(300));
  stop_and_join();  // returns only when every session has ended
  streaming.join();
  boost::system::error_code ec;
  char byte;
  idle.socket().read_some(boost::asio::buffer(&byte, 1), ec);
  EXPECT_TRUE(ec);
}

TEST_F(MockUpstreamTest, TakesAnInlineScript) {
  MockOptions options = rate(0);
  options.script_yaml = "- match: hello\n  answer: Inline answer.\n";
  start(std::move(options));
  TestClient c = client();
  const auto response = c.post_json("/v1/chat/completions", chat_body("hello there"));
  EXPECT_EQ("Inline answer.",
            str(parse_json(response.body)->root["choices"].at(0)["message"]["content"]));
}

TEST_F(MockUpstreamTest, CreateReportsBadScriptsAndAddresses) {
  MockOptions options;
  options.script_file = "/nonexistent.yaml";
  MockCreate created = MockUpstream::create(io_, options);
  EXPECT_FALSE(created.ok());
  EXPECT_EQ("cannot open mock script '/nonexistent.yaml'", created.error);
  options = MockOptions();
  options.script_yaml = "- answr: typo";
  created = MockUpstream::create(io_, options);
  EXPECT_EQ("entry 1: unknown key 'answr'", created.error);
  options = MockOptions();
  options.host = "256.1.1.1";
  created = MockUpstream::create(io_, options);
  EXPECT_FALSE(created.ok());
  EXPECT_NE(std::string::npos, created.error.find("256.1.1.1"));
}

// A scripted judge: calls told apart by their system message and temperature, the same
// prompt answered in turn, every request kept for the test to read back (and written to the
// record file).
TEST_F(MockUpstreamTest, AnswersAScriptedJudgeAndKeepsItsRequests) {
  MockOptions options;
  options.tokens_per_second = 0;
  options.keep_requests = true;
  options.record_file = ::testing::TempDir() + "/judge_requests.jsonl";
  std::remove(options.record_file.c_str());
  options.script_yaml = R"(
- system: "fact checker"
  temperature: 0.5
  turns: ["VERDICT: SUPPORTED", "VERDICT: UNSUPPORTED"]
- system: "fact checker"
  answer: "VERDICT: CONTRADICTED"
)";
  const std::string record_file = options.record_file;
  start(std::move(options));
  const auto judge = [&](std::string_view temperature) {
    std::string body =
        R"({"model":"judge","messages":[{"role":"system","content":"You are a fact checker."},)"
        R"({"role":"user","content":"Sentence: x"}],"temperature":)" +
        std::string(temperature) + "}";
    const auto r = client().post_json("/v1/chat/completions", body);
    EXPECT_EQ(200u, r.status) << r.body;
    return std::string(str(parse_json(r.body)->root["choices"].at(0)["message"]["content"]));
  };
  EXPECT_EQ("VERDICT: CONTRADICTED", judge("0"));
  EXPECT_EQ("VERDICT: SUPPORTED", judge("0.5"));
  EXPECT_EQ("VERDICT: UNSUPPORTED", judge("0.5"));
  EXPECT_EQ("VERDICT: UNSUPPORTED", judge("0.5"));  // the last turn repeats
  const std::vector<RecordedRequest> requests = upstream_->requests();
  ASSERT_EQ(4u, requests.size());
  EXPECT_EQ("/v1/chat/completions", requests[1].path);
  EXPECT_NE(std::string::npos, requests[1].body.find(R"("temperature":0.5)"));
  const auto bad = client().post_json(
      "/v1/chat/completions",
      R"({"model":"judge","messages":[{"role":"user","content":"x"}],"temperature":"hot"})");
  EXPECT_EQ(400u, bad.status);
  std::ifstream file(record_file);
  std::string line;
  std::size_t lines = 0;
  while (std::getline(file, line)) {
    EXPECT_EQ(0u, line.find(R"({"path":"/v1/chat/completions","body":"{)")) << line;
    ++lines;
  }
  EXPECT_EQ(5u, lines);
}

}  // namespace
}  // namespace groundgate::proxy::mock
