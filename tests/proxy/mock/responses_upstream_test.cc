// The mock upstream's Responses API (POST /v1/responses and the stored responses) on loopback.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <string>
#include <thread>
#include <vector>

#include "proxy/mock/mock_upstream.h"
#include "tests/proxy/mock/test_client.h"

namespace groundgate::proxy::mock {
namespace {

namespace http = boost::beast::http;
using testing::parse_json;
using testing::TestClient;

class ResponsesUpstreamTest : public ::testing::Test {
 protected:
  void SetUp() override {
    MockOptions options;
    options.tokens_per_second = 0;
    options.script_file = std::string(GG_MOCK_TEST_DATA) + "/script.yaml";
    MockCreate created = MockUpstream::create(io_, std::move(options));
    ASSERT_TRUE(created.ok()) << created.error;
    upstream_ = std::move(created.upstream);
    upstream_->start();
    for (int i = 0; i < 2; ++i)
      threads_.emplace_back([this] { io_.run(); });
  }
  void TearDown() override {
    if (upstream_) upstream_->stop();
    for (auto& thread : threads_)
      thread.join();
  }
  TestClient client() { return TestClient(upstream_->port()); }

  boost::asio::io_context io_;
  std::unique_ptr<MockUpstream> upstream_;
  std::vector<std::thread> threads_;
};

// (event name, data) of each event.
std::vector<std::pair<std::string, std::string>> events_of(std::string_view body) {
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t at = 0;
  while (at < body.size()) {
    const std::size_t end = body.find("\n\n", at);
    const std::string_view block = body.substr(at, end - at);
    at = end == std::string_view::npos ? body.size() : end + 2;
    std::string name, data;
    std::size_t line = 0;
    while (line < block.size()) {
      const std::size_t next = std::min(block.find('\n', line), block.size());
      const std::string_view text = block.substr(line, next - line);
      if (text.starts_with("event: ")) name = text.substr(7);
      if (text.starts_with("data: ")) data = text.substr(6);
      line = next + 1;
    }
    out.emplace_back(name, data);
  }
  return out;
}

TEST_F(ResponsesUpstreamTest, StreamsLikeTheResponsesApi) {
  TestClient c = client();
  const auto response = c.post_json(
      "/v1/responses", R"({"model":"gpt-4.1-mini","stream":true,"input":"slow start"})");
  ASSERT_EQ(200u, response.status);
  EXPECT_EQ("text/event-stream; charset=utf-8", response.headers[http::field::content_type]);
  const auto events = events_of(response.body);
  std::vector<std::string> names;
  std::string text;
  for (std::size_t i = 0; i < events.size(); ++i) {
    const auto& [name, data] = events[i];
    names.push_back(name);
    const auto json = parse_json(data);
    EXPECT_EQ(name, std::string_view(json->root["type"]));
    EXPECT_EQ(static_cast<int64_t>(i), int64_t(json->root["sequence_number"]));
    if (name == "response.output_text.delta") text += std::string_view(json->root["delta"]);
  }
  EXPECT_EQ("Late but here.", text);
  ASSERT_GE(names.size(), 9u);
  EXPECT_EQ((std::vector<std::string>{"response.created", "response.in_progress",
                                      "response.output_item.added", "response.content_part.added"}),
            std::vector<std::string>(names.begin(), names.begin() + 4));
  EXPECT_EQ((std::vector<std::string>{"response.output_text.done", "response.content_part.done",
                                      "response.output_item.done", "response.completed"}),
            std::vector<std::string>(names.end() - 4, names.end()));
  const auto completed = parse_json(events.back().second);
  const auto response_object = completed->root["response"];
  EXPECT_EQ("completed", std::string_view(response_object["status"]));
  EXPECT_EQ("Late but here.",
            std::string_view(response_object["output"].at(0)["content"].at(0)["text"]));
  EXPECT_GT(int64_t(response_object["usage"]["output_tokens"]), 0);
}

TEST_F(ResponsesUpstreamTest, AnswersWholeAndStoresTheResponse) {
  TestClient c = client();
  const auto response = c.post_json(
      "/v1/responses",
      R"({"model":"gpt-4.1-mini","input":[{"role":"user","content":[{"type":"input_text","text":"slow start"}]}]})");
  ASSERT_EQ(200u, response.status);
  const auto json = parse_json(response.body);
  EXPECT_EQ("response", std::string_view(json->root["object"]));
  EXPECT_EQ("completed", std::string_view(json->root["status"]));
  const std::string id(std::string_view(json->root["id"]));
  EXPECT_TRUE(id.starts_with("resp_"));
  EXPECT_EQ("Late but here.",
            std::string_view(json->root["output"].at(0)["content"].at(0)["text"]));

  const auto stored = c.request(http::verb::get, "/v1/responses/" + id);
  EXPECT_EQ(200u, stored.status);
  EXPECT_EQ(response.body, stored.body);
  const auto items = c.request(http::verb::get, "/v1/responses/" + id + "/input_items");
  EXPECT_EQ(200u, items.status);
  EXPECT_EQ("slow start",
            std::string_view(parse_json(items.body)->root["data"].at(0)["content"].at(0)["text"]));
  EXPECT_EQ(200u, c.request(http::verb::delete_, "/v1/responses/" + id).status);
  EXPECT_EQ(404u, c.request(http::verb::get, "/v1/responses/" + id).status);
}

TEST_F(ResponsesUpstreamTest, BackgroundAnswersQueuedAndTheStoredOneIsDone) {
  TestClient c = client();
  const auto response = c.post_json(
      "/v1/responses", R"({"model":"gpt-4.1-mini","background":true,"input":"slow start"})");
  ASSERT_EQ(200u, response.status);
  const auto json = parse_json(response.body);
  EXPECT_EQ("queued", std::string_view(json->root["status"]));
  EXPECT_EQ(0u, json->root["output"].get_array().size());
  const std::string id(std::string_view(json->root["id"]));
  const auto stored = parse_json(c.request(http::verb::get, "/v1/responses/" + id).body);
  EXPECT_EQ("completed", std::string_view(stored->root["status"]));
}

TEST_F(ResponsesUpstreamTest, ToolCallsFileSearchAndTheOutputLimit) {
  TestClient c = client();
  const auto call = parse_json(
      c.post_json("/v1/responses", R"({"model":"m","input":"what is the weather?"})").body);
  const auto item = call->root["output"].at(0);
  EXPECT_EQ("function_call", std::string_view(item["type"]));
  EXPECT_EQ("get_weather", std::string_view(item["name"]));
  EXPECT_EQ(R"({"city": "Paris", "unit": "celsius"})", std::string_view(item["arguments"]));

  const auto searched =
      c.post_json("/v1/responses", R"({"model":"m","stream":true,"input":"the refund period?"})");
  const auto events = events_of(searched.body);
  bool results = false;
  for (const auto& [name, data] : events) {
    if (name != "response.output_item.done") continue;
    const auto json = parse_json(data);
    if (std::string_view(json->root["item"]["type"]) != "file_search_call") continue;
    results = std::string_view(json->root["item"]["results"].at(0)["text"]) ==
              "Refunds are issued within 14 days.";
    EXPECT_EQ(0, int64_t(json->root["output_index"]));
  }
  EXPECT_TRUE(results);

  const auto cut = parse_json(
      c.post_json("/v1/responses", R"({"model":"m","max_output_tokens":2,"input":"slow start"})")
          .body);
  EXPECT_EQ("incomplete", std::string_view(cut->root["status"]));
  EXPECT_EQ("max_output_tokens", std::string_view(cut->root["incomplete_details"]["reason"]));
}

TEST_F(ResponsesUpstreamTest, RefusesRequestsWithoutInput) {
  TestClient c = client();
  const auto response = c.post_json("/v1/responses", R"({"model":"m"})");
  EXPECT_EQ(400u, response.status);
  EXPECT_EQ("input", std::string_view(parse_json(response.body)->root["error"]["param"]));
}

}  // namespace
}  // namespace groundgate::proxy::mock
