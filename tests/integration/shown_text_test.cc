// What a client shows is checked (issue 29): the adversarial round's cases, each through the
// proxy against a scripted upstream, policy block + on_error closed (and open where it says
// what goes). The documents say "14 days"; the wrong text says "30 days".
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/integration/support/guarded_proxy.h"

namespace groundgate::testing {
namespace {

constexpr const char* kRight = "Refunds are accepted within 14 days of purchase.";

UpstreamReply reply_of(std::string content_type, std::string body) {
  UpstreamReply reply;
  reply.content_type = std::move(content_type);
  reply.body = std::move(body);
  return reply;
}

MisbehavingUpstream::Reply always(UpstreamReply reply) {
  return [reply](const std::string&) { return reply; };
}

std::string chunk_of(std::string_view choices) {
  return R"({"id":"chatcmpl-x","object":"chat.completion.chunk","created":1,"model":"m","choices":[)" +
         std::string(choices) + "]}";
}
std::string content_choice(std::string_view text, int index = 0, std::string_view finish = "null") {
  return R"({"index":)" + std::to_string(index) + R"(,"delta":{"content":")" + std::string(text) +
         R"("},"finish_reason":)" + std::string(finish) + "}";
}

// The wrong sentence is never shown, and the answer says it was stopped (a choice still open
// ends with content_filter; one that ended before stays as it ended) and sums up.
void expect_blocked(const HttpResponse& r, const std::string& what) {
  ASSERT_EQ(200, r.status) << what << r.error;
  EXPECT_FALSE(has(r.body, "30 days")) << what << "\n" << r.body;
  EXPECT_TRUE(has(r.body, R"({"type":"stopped","reason":"guard.)")) << what << "\n" << r.body;
  EXPECT_TRUE(has(r.body, R"("type":"summary")")) << what << "\n" << r.body;
}

// --- text after the end -------------------------------------------------------------------

TEST(ShownTextTest, ChatContentAfterAFinishReasonIsBlockedAndAnnounced) {
  for (const std::string finish : {R"("stop")", R"("length")"}) {
    const std::vector<std::string> bodies = {
        // n=1: the wrong sentence after the choice's end.
        sse_body({chunk_of(content_choice(kRight)), chunk_of(content_choice("", 0, finish)),
                  chunk_of(content_choice(" 30 days is wrong.", 0))}),
        // n=2: choice 1 ends, then text for it while choice 0 goes on.
        sse_body({chunk_of(content_choice(kRight, 0) + "," + content_choice(kRight, 1)),
                  chunk_of(content_choice("", 1, finish)),
                  chunk_of(content_choice(" Also 30 days.", 1)),
                  chunk_of(content_choice("", 0, finish))}),
        // The same choice ended and continued in one chunk.
        sse_body(
            {chunk_of(content_choice(kRight)), chunk_of(content_choice("", 0, finish) + "," +
                                                        content_choice(" 30 days is wrong.", 0))}),
        // A tool call's arguments after the end.
        sse_body(
            {chunk_of(content_choice(kRight)), chunk_of(content_choice("", 0, finish)),
             chunk_of(
                 R"({"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"f","arguments":"{\"days\":\"30 days\"}"}}]}})")}),
    };
    for (const std::string& body : bodies) {
      GuardedProxy proxy(always(reply_of("text/event-stream", body)));
      const HttpResponse closed = proxy.post(request(true, R"("n":2,)"));
      expect_blocked(closed, finish);
      EXPECT_TRUE(has(closed.body, R"("error":"upstream_event_undecodable")")) << closed.body;
      EXPECT_TRUE(has(closed.body, R"("verdict":"unverified")")) << closed.body;
      const HttpResponse open = proxy.post(request(true, R"("n":2,)"), "/open");
      EXPECT_TRUE(has(open.body, R"("label":"unverified","action":"annotate")")) << open.body;
    }
  }
}

TEST(ShownTextTest, ChatEventsAfterDoneAreNeverRelayed) {
  const std::string body =
      sse_body({chunk_of(content_choice(kRight)), chunk_of(content_choice("", 0, R"("stop")"))}) +
      "data: " + chunk_of(content_choice(" 30 days is wrong.", 0)) + "\n\ndata: [DONE]\n\n";
  GuardedProxy proxy(always(reply_of("text/event-stream", body)));
  for (const std::string route : {"", "/open"}) {
    const HttpResponse r = proxy.post(request(true), route);
    ASSERT_EQ(200, r.status) << r.error;
    EXPECT_FALSE(has(r.body, "30 days")) << r.body;
    EXPECT_EQ(kRight, sse_content(r.body));
    // The proxy's own [DONE] is the last thing the client gets, once.
    const std::vector<std::string> data = sse_data(r.body);
    ASSERT_FALSE(data.empty());
    EXPECT_EQ("[DONE]", data.back());
    EXPECT_EQ(1, std::count(data.begin(), data.end(), "[DONE]")) << r.body;
    EXPECT_TRUE(has(r.body, R"("verdict":"grounded")")) << r.body;
  }
  // The upstream misbehaved: counted as its fault.
  const std::string series = R"(groundgate_errors_total{kind="upstream_bad_response"} 2)";
  EXPECT_TRUE(has(metrics_with(proxy.fixture().admin_port(), series), series));
}

std::string responses_event(std::string_view type, std::string_view members) {
  return "event: " + std::string(type) + "\ndata: {\"type\":\"" + std::string(type) + "\"," +
         std::string(members) + "}\n\n";
}

std::string responses_request(bool stream) {
  return std::string(R"({"model":"m",)") + (stream ? R"("stream":true,)" : "") +
         R"("documents":["Refunds are accepted within 14 days of purchase."],)"
         R"("input":"How long do refunds take?"})";
}

// A Responses stream whose message says kRight, then `after`, then the end.
std::string responses_stream(const std::string& after, const std::string& message_done = "") {
  const std::string delta =
      responses_event("response.output_text.delta",
                      R"("item_id":"m1","output_index":0,"content_index":0,"delta":")" +
                          std::string(kRight) + "\"");
  return responses_event(
             "response.created",
             R"("response":{"id":"r1","object":"response","status":"in_progress","output":[]})") +
         responses_event(
             "response.output_item.added",
             R"("output_index":0,"item":{"id":"m1","type":"message","role":"assistant","content":[]})") +
         delta + message_done + after +
         responses_event("response.completed",
                         R"("response":{"id":"r1","object":"response","status":"completed"})");
}

TEST(ShownTextTest, ResponsesDeltasAfterAPartsOrItemsEndAreBlocked) {
  const std::string late = responses_event(
      "response.output_text.delta",
      R"("item_id":"m1","output_index":0,"content_index":0,"delta":" 30 days is wrong.")");
  const std::string text_done = responses_event(
      "response.output_text.done",
      R"("item_id":"m1","output_index":0,"content_index":0,"text":")" + std::string(kRight) + "\"");
  const std::string part_done = responses_event(
      "response.content_part.done",
      R"("item_id":"m1","output_index":0,"content_index":0,"part":{"type":"output_text","text":")" +
          std::string(kRight) + "\"}");
  const std::string item_done = responses_event(
      "response.output_item.done",
      R"("output_index":0,"item":{"id":"m1","type":"message","role":"assistant","content":[{"type":"output_text","text":")" +
          std::string(kRight) + "\"}]}");
  for (const std::string& done : {text_done, part_done, item_done}) {
    GuardedProxy proxy(always(reply_of("text/event-stream", responses_stream(late, done))));
    const HttpResponse r =
        http_request(proxy.fixture().port(), "POST", "/v1/responses", responses_request(true));
    ASSERT_EQ(200, r.status) << r.error;
    EXPECT_FALSE(has(r.body, "30 days")) << r.body;
    EXPECT_TRUE(has(r.body, R"("reason":"content_filter")")) << r.body;
    EXPECT_TRUE(has(r.body, R"("error":"upstream_event_undecodable")")) << r.body;
  }
}

TEST(ShownTextTest, ResponsesEventsAfterTheEndAreNeverRelayed) {
  const std::string body =
      responses_stream("") +
      responses_event(
          "response.output_text.delta",
          R"("item_id":"m1","output_index":0,"content_index":0,"delta":" 30 days is wrong.")");
  GuardedProxy proxy(always(reply_of("text/event-stream", body)));
  const HttpResponse r =
      http_request(proxy.fixture().port(), "POST", "/v1/responses", responses_request(true));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_FALSE(has(r.body, "30 days")) << r.body;
  EXPECT_TRUE(r.body.find("response.completed") != std::string::npos) << r.body;
  EXPECT_EQ(std::string::npos, r.body.find("event:", r.body.find("event: response.completed") + 5))
      << r.body;
}

// --- refusals -----------------------------------------------------------------------------

TEST(ShownTextTest, RefusalsAreCheckedLikeContent) {
  const std::string wrong = "Refunds are accepted within 30 days of purchase.";
  const std::string streamed_chat = sse_body(
      {chunk_of(
           R"({"index":0,"delta":{"role":"assistant","content":null,"refusal":""},"finish_reason":null})"),
       chunk_of(R"({"index":0,"delta":{"refusal":")" + wrong + R"("},"finish_reason":null})"),
       chunk_of(content_choice("", 0, R"("stop")"))});
  const std::string whole_chat =
      R"({"id":"c","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":null,"refusal":")" +
      wrong + R"("},"finish_reason":"stop"}]})";
  {
    GuardedProxy proxy(always(reply_of("text/event-stream", streamed_chat)));
    const HttpResponse r = proxy.post(request(true));
    expect_blocked(r, "chat refusal delta");
    EXPECT_TRUE(has(r.body, R"("reason":"guard.contradicted")")) << r.body;
    // Not read as answer text by policy: unverified, and closed blocks it.
    const HttpResponse unread = proxy.post(request(true), "/no-refusals");
    expect_blocked(unread, "unread refusal");
    EXPECT_TRUE(has(unread.body, R"("error":"refusal")")) << unread.body;
  }
  {
    GuardedProxy proxy(always(reply_of("application/json", whole_chat)));
    const HttpResponse r = proxy.post(request(false));
    ASSERT_EQ(200, r.status);
    EXPECT_FALSE(has(r.body, "30 days")) << r.body;
    EXPECT_TRUE(has(r.body, R"("finish_reason":"content_filter")")) << r.body;
  }
  const std::string refusal_part = R"({"type":"refusal","refusal":")" + wrong + R"("})";
  const std::string streamed_responses =
      responses_event("response.created",
                      R"("response":{"id":"r1","object":"response","output":[]})") +
      responses_event(
          "response.output_item.added",
          R"("output_index":0,"item":{"id":"m1","type":"message","role":"assistant","content":[]})") +
      responses_event(
          "response.content_part.added",
          R"("item_id":"m1","output_index":0,"content_index":0,"part":{"type":"refusal","refusal":""})") +
      responses_event(
          "response.refusal.delta",
          R"("item_id":"m1","output_index":0,"content_index":0,"delta":")" + wrong + "\"") +
      responses_event(
          "response.refusal.done",
          R"("item_id":"m1","output_index":0,"content_index":0,"refusal":")" + wrong + "\"") +
      responses_event(
          "response.completed",
          R"("response":{"id":"r1","object":"response","status":"completed","output":[{"id":"m1","type":"message","role":"assistant","content":[)" +
              refusal_part + "]}]}");
  const std::string whole_responses =
      R"({"id":"r1","object":"response","status":"completed","output":[{"id":"m1","type":"message","role":"assistant","content":[)" +
      refusal_part + "]}]}";
  {
    GuardedProxy proxy(always(reply_of("text/event-stream", streamed_responses)));
    const HttpResponse r =
        http_request(proxy.fixture().port(), "POST", "/v1/responses", responses_request(true));
    ASSERT_EQ(200, r.status);
    EXPECT_FALSE(has(r.body, "30 days")) << r.body;
    EXPECT_TRUE(has(r.body, R"("reason":"guard.contradicted")")) << r.body;
  }
  {
    GuardedProxy proxy(always(reply_of("application/json", whole_responses)));
    const HttpResponse r =
        http_request(proxy.fixture().port(), "POST", "/v1/responses", responses_request(false));
    ASSERT_EQ(200, r.status);
    EXPECT_FALSE(has(r.body, "30 days")) << r.body;
    EXPECT_TRUE(has(r.body, R"("reason":"content_filter")")) << r.body;
  }
}

// --- reasoning ----------------------------------------------------------------------------

TEST(ShownTextTest, ReasoningIsAnnouncedUnverifiedOrChecked) {
  const std::string body = sse_body(
      {chunk_of(
           R"({"index":0,"delta":{"reasoning_content":"Refunds are accepted within 30 days of purchase."},"finish_reason":null})"),
       chunk_of(content_choice(kRight)), chunk_of(content_choice("", 0, R"("stop")"))});
  GuardedProxy proxy(always(reply_of("text/event-stream", body)));
  // By default: shown as it came, and the summary says how much went unchecked.
  const HttpResponse counted = proxy.post(request(true));
  ASSERT_EQ(200, counted.status);
  EXPECT_TRUE(has(counted.body, R"("reasoning":{"bytes":48,"verified":false})")) << counted.body;
  EXPECT_EQ(kRight, sse_content(counted.body));
  // verify_reasoning: checked as a text of its own, and blocked.
  const HttpResponse checked = proxy.post(request(true), "/reasoning");
  expect_blocked(checked, "reasoning");
  EXPECT_TRUE(has(checked.body, R"("reason":"guard.contradicted")")) << checked.body;
  EXPECT_TRUE(has(checked.body, R"("reasoning":{"bytes":48,"verified":true})")) << checked.body;
}

// --- a body that is not what its type says ------------------------------------------------

TEST(ShownTextTest, AJsonBodyUnderAnEventStreamTypeIsReadAsJson) {
  GuardedProxy proxy(always(reply_of("text/event-stream", chat_completion(kWrong))));
  // Not streamed: a client parses the JSON whatever the type; so does the guard.
  const HttpResponse whole = proxy.post(request(false));
  ASSERT_EQ(200, whole.status);
  EXPECT_FALSE(has(whole.body, "30 days")) << whole.body;
  EXPECT_TRUE(has(whole.body, R"("finish_reason":"content_filter")")) << whole.body;
  EXPECT_EQ("hallucinated", std::string(whole.headers["x-groundgate-verdict"]));
  // Streamed: it is no event stream; unverified, and closed refuses it.
  const HttpResponse streamed = proxy.post(request(true));
  ASSERT_EQ(200, streamed.status);
  EXPECT_FALSE(has(streamed.body, "30 days")) << streamed.body;
  EXPECT_TRUE(has(streamed.body, R"("error":"content_type")")) << streamed.body;
}

TEST(ShownTextTest, AnEventStreamUnderAJsonTypeIsReadAsEvents) {
  GuardedProxy proxy([](const std::string& request) {
    UpstreamReply reply = usual_answer(request + R"("stream":true)", kWrong);
    reply.content_type = "application/json";
    return reply;
  });
  for (bool stream : {true, false}) {
    const HttpResponse r = proxy.post(request(stream));
    ASSERT_EQ(200, r.status) << r.error;
    EXPECT_FALSE(has(r.body, "30 days")) << r.body;
    EXPECT_TRUE(has(r.body, R"("reason":"guard.contradicted")")) << r.body;
    EXPECT_EQ("[DONE]", sse_data(r.body).back());
  }
}

}  // namespace
}  // namespace groundgate::testing
