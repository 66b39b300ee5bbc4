// The guard never switches itself off (issue 17): on a guarded route whatever the proxy cannot
// read, in the request or the response, is unverified and on_error decides. A misbehaving
// upstream (raw sockets) answers "30 days" where the documents say "14 days", in every broken
// way a server might; the client must never get that sentence unchecked, and the summary (or
// the x-groundgate-verdict header) must say what happened.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "tests/integration/support/guarded_proxy.h"

namespace groundgate::testing {
namespace {

// Request bodies simdjson refuses: a lone surrogate (JSON.stringify of text cut inside an
// emoji), nesting past the parser's depth limit.
std::vector<std::string> unreadable_extras() {
  return {R"("user":"cut \ud83d",)",
          R"("metadata":)" + std::string(1100, '[') + std::string(1100, ']') + ","};
}

TEST(BypassTest, AnUnreadableRequestBodyLeavesTheAnswerUnverifiedStreamed) {
  GuardedProxy proxy;
  for (const std::string& extra : unreadable_extras()) {
    expect_blocked_stream(proxy.post(request(true, extra)), "request_unreadable");
    const HttpResponse open = proxy.post(request(true, extra), "/open");
    ASSERT_EQ(200, open.status) << open.error;
    EXPECT_EQ(kWrong, sse_content(open.body));  // released, marked unverified
    EXPECT_TRUE(has(open.body, R"("label":"unverified","action":"annotate")")) << open.body;
    EXPECT_TRUE(has(open.body, R"("error":"request_unreadable")")) << open.body;
    EXPECT_TRUE(has(open.body, R"("verdict":"unverified")")) << open.body;
    EXPECT_TRUE(has(open.body, R"("unchecked_reason":"request_unreadable")")) << open.body;
  }
}

TEST(BypassTest, AnUnreadableRequestBodyLeavesTheAnswerUnverifiedNotStreamed) {
  GuardedProxy proxy;
  for (const std::string& extra : unreadable_extras()) {
    const HttpResponse closed = proxy.post(request(false, extra));
    ASSERT_EQ(200, closed.status) << closed.error;
    EXPECT_FALSE(has(closed.body, "30 days")) << closed.body;
    EXPECT_TRUE(has(closed.body, R"("finish_reason":"content_filter")")) << closed.body;
    EXPECT_EQ("unverified", std::string(closed.headers["x-groundgate-verdict"]));
    EXPECT_EQ("0", std::string(closed.headers["x-groundgate-checked"]));

    const HttpResponse open = proxy.post(request(false, extra), "/open");
    ASSERT_EQ(200, open.status) << open.error;
    EXPECT_TRUE(has(open.body, kWrong)) << open.body;
    EXPECT_TRUE(has(open.body, R"("error":"request_unreadable")")) << open.body;
    EXPECT_EQ("unverified", std::string(open.headers["x-groundgate-verdict"]));
  }
}

TEST(BypassTest, InvalidUtf8InTheRequestIsRepairedAndTheAnswerChecked) {
  GuardedProxy proxy;
  // The context extractor reads the body with U+FFFD in place of the bad bytes: the documents
  // are found, and the wrong sentence is contradicted.
  const HttpResponse r = proxy.post(request(true, "\"user\":\"bad \xC3\x28 bytes\","));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_FALSE(has(r.body, "30 days")) << r.body;
  EXPECT_TRUE(has(r.body, R"({"type":"stopped","reason":"guard.contradicted"})")) << r.body;
}

// Chunks a buggy upstream sends in the middle of the answer, each after a first word that the
// guard holds: bytes that are not UTF-8 or a lone surrogate in a delta, choice indices out of
// range, an error that also has choices.
std::vector<std::string> unreadable_chunks() {
  return {chat_chunk("\" 30 days \xC3\x28\""), chat_chunk(R"(" 30 days \ud83d")"),
          chat_chunk(R"(" 30 days")", "-1"), chat_chunk(R"(" 30 days")", "1000000"),
          chat_chunk(R"(" 30 days")", "0", R"("error":{"message":"overloaded"},)")};
}

MisbehavingUpstream::Reply answer_with(const std::string& bad_chunk) {
  return [bad_chunk](const std::string&) {
    UpstreamReply reply;
    reply.content_type = "text/event-stream";
    reply.body = sse_body({chat_chunk(R"("Refunds are accepted within")"), bad_chunk,
                           chat_chunk(R"(" of purchase.")"), finish_chunk()});
    return reply;
  };
}

TEST(BypassTest, AChunkThatDoesNotDecodeIsUnverifiedAndItsBytesNeverGoAheadOfHeldText) {
  for (const std::string& bad : unreadable_chunks()) {
    GuardedProxy proxy(answer_with(bad));
    const bool error = has(bad, R"("error")");
    const HttpResponse closed = proxy.post(request(true));
    expect_blocked_stream(closed,
                          error ? "upstream_error_with_choices" : "upstream_event_undecodable");
    EXPECT_FALSE(has(closed.body, "\xC3\x28")) << closed.body;
    EXPECT_FALSE(has(closed.body, "ud83d")) << closed.body;

    // Open: the held words go first, unverified, then the chunk as it came, then the rest.
    const HttpResponse open = proxy.post(request(true), "/open");
    ASSERT_EQ(200, open.status) << open.error;
    const std::size_t held = open.body.find("Refunds are accepted within");
    const std::size_t raw = open.body.find(" 30 days");
    ASSERT_NE(std::string::npos, held) << open.body;
    ASSERT_NE(std::string::npos, raw) << open.body;
    EXPECT_LT(held, raw);
    EXPECT_TRUE(has(open.body, R"("label":"unverified","action":"annotate")")) << open.body;
    EXPECT_TRUE(has(open.body, R"("verdict":"unverified")")) << open.body;
  }
}

TEST(BypassTest, ANonStreamedAnswerThatDoesNotDecodeIsRefusedWhenClosed) {
  GuardedProxy proxy([](const std::string&) {
    UpstreamReply reply;
    reply.content_type = "application/json";
    reply.body = R"({"choices":[{"index":0,"message":{"content":"30 days \ud83d"}}]})";
    return reply;
  });
  const HttpResponse closed = proxy.post(request(false));
  EXPECT_EQ(502, closed.status);
  EXPECT_FALSE(has(closed.body, "30 days")) << closed.body;
  EXPECT_TRUE(has(closed.body, R"("code":"groundgate_unverified")")) << closed.body;
  EXPECT_TRUE(has(closed.body, R"("error":"upstream_body_undecodable")")) << closed.body;
  EXPECT_EQ("unverified", std::string(closed.headers["x-groundgate-verdict"]));
  const HttpResponse open = proxy.post(request(false), "/open");
  EXPECT_EQ(200, open.status);
  EXPECT_TRUE(has(open.body, "30 days")) << open.body;
  EXPECT_TRUE(has(open.body, R"("groundgate":[{"type":"verdict","label":"unverified")"))
      << open.body;
  EXPECT_EQ("unverified", std::string(open.headers["x-groundgate-verdict"]));
}

// Response headers that used to switch the guard off: a media type in other letters or with
// parameters, none at all, a status other than 200, Content-Encoding identity, gzip, deflate.
// Each is now read, so the wrong answer is contradicted and blocked.
TEST(BypassTest, ResponseHeadersNoLongerDecideWhetherTheGuardRuns) {
  struct Case {
    int status;
    std::optional<std::string> type;
    std::string coding;
  };
  const Case cases[] = {{200, "Text/Event-Stream", ""},
                        {200, "text/event-stream; charset=utf-8", ""},
                        {200, std::nullopt, ""},
                        {201, "text/event-stream", ""},
                        {200, "text/event-stream", "identity"},
                        {200, "text/event-stream", "gzip"},
                        {203, "text/event-stream", "deflate"}};
  for (const Case& c : cases) {
    GuardedProxy proxy([&c](const std::string& request) {
      UpstreamReply reply = usual_answer(request, kWrong);
      reply.status = c.status;
      const bool sse = reply.content_type == "text/event-stream";
      reply.content_type = !c.type ? std::nullopt
                           : sse   ? c.type
                                   : std::optional<std::string>("Application/JSON; charset=utf-8");
      reply.content_encoding = c.coding;
      if (c.coding == "gzip" || c.coding == "deflate") reply.body = zlib_code(reply.body, c.coding);
      return reply;
    });
    for (bool stream : {true, false}) {
      const HttpResponse r = proxy.post(request(stream));
      const std::string what = std::to_string(c.status) + " " + c.type.value_or("(none)") + " " +
                               c.coding + (stream ? " streamed" : "");
      EXPECT_EQ(c.status, r.status) << what << r.error;
      EXPECT_FALSE(has(r.body, "30 days")) << what << "\n" << r.body;
      EXPECT_TRUE(has(r.body, R"("reason":"guard.contradicted")")) << what << "\n" << r.body;
      if (c.coding != "identity") {  // a decoded body goes without the coding's name
        EXPECT_TRUE(r.headers[boost::beast::http::field::content_encoding].empty()) << what;
      }
    }
  }
}

TEST(BypassTest, AnAnswerWhoseCodingIsCutShortIsTheUpstreamsFaultStreamedOrNot) {
  GuardedProxy proxy([](const std::string& request) {
    UpstreamReply reply = usual_answer(request, kWrong);
    reply.content_encoding = "gzip";
    const std::string coded = zlib_code(reply.body, "gzip");
    reply.body = coded.substr(0, coded.size() / 2);
    return reply;
  });
  for (bool stream : {true, false}) {
    const HttpResponse r = proxy.post(request(stream));
    EXPECT_FALSE(has(r.body, "30 days")) << r.body;
  }
  // The same error whatever the transport; the refusal that follows is not the first cause.
  const std::string series = R"(groundgate_errors_total{kind="upstream_bad_response"} 2)";
  const std::string metrics = metrics_with(proxy.fixture().admin_port(), series);
  EXPECT_TRUE(has(metrics, series)) << metrics;
  EXPECT_TRUE(has(metrics, R"(groundgate_errors_total{kind="filter"} 0)")) << metrics;
}

TEST(BypassTest, AnAnswerInACodingOrTypeItCannotReadIsUnverified) {
  for (const std::string& coding : {std::string("br"), std::string("gzip, br"), std::string()}) {
    GuardedProxy proxy([&coding](const std::string& request) {
      UpstreamReply reply = usual_answer(request, kWrong);
      if (coding.empty()) {
        reply.content_type = "text/plain";
      } else {
        reply.content_encoding = coding;  // the body is not even coded: no one can tell
      }
      return reply;
    });
    const std::string reason = coding.empty() ? "content_type" : "content_encoding";
    for (bool stream : {true, false}) {
      const HttpResponse closed = proxy.post(request(stream));
      EXPECT_EQ(502, closed.status) << reason;
      EXPECT_FALSE(has(closed.body, "30 days")) << closed.body;
      EXPECT_TRUE(has(closed.body, R"("code":"groundgate_unverified")")) << closed.body;
      EXPECT_TRUE(has(closed.body, "\"error\":\"" + reason + "\"")) << closed.body;
      EXPECT_EQ("unverified", std::string(closed.headers["x-groundgate-verdict"]));

      const HttpResponse open = proxy.post(request(stream), "/open");
      EXPECT_EQ(200, open.status);
      // As it came, said to be unverified.
      EXPECT_EQ(kWrong, stream ? sse_content(open.body) : chat_text(open.body)) << open.body;
      EXPECT_EQ("unverified", std::string(open.headers["x-groundgate-verdict"]));
      EXPECT_EQ("0", std::string(open.headers["x-groundgate-checked"]));
    }
  }
}

// Code fences are no hiding place: the block is a unit of its own, unverified without a
// checker for its language, and an unclosed fence makes the rest of the answer such a block.
TEST(BypassTest, CodeBlocksAreCountedAndUnverified) {
  for (const std::string answer :
       {"Here it is:\n```\nRefunds are accepted within 30 days of purchase.\n```\n",
        "Here it is:\n```text\nRefunds are accepted within 30 days of purchase."}) {
    GuardedProxy proxy(
        [answer](const std::string& request) { return usual_answer(request, answer); });
    const HttpResponse closed = proxy.post(request(true));
    ASSERT_EQ(200, closed.status) << closed.error;
    EXPECT_FALSE(has(closed.body, "30 days")) << closed.body;
    EXPECT_TRUE(has(closed.body, R"("error":"code_block")")) << closed.body;
    EXPECT_TRUE(has(closed.body, R"("finish_reason":"content_filter")")) << closed.body;
    EXPECT_TRUE(has(closed.body, R"("unchecked":1)")) << closed.body;

    const HttpResponse open = proxy.post(request(false), "/open");
    ASSERT_EQ(200, open.status) << open.error;
    EXPECT_TRUE(has(open.body, "30 days")) << open.body;
    EXPECT_TRUE(has(open.body, R"("label":"unverified","action":"annotate","error":"code_block")"))
        << open.body;
    EXPECT_EQ("unverified", std::string(open.headers["x-groundgate-verdict"]));
  }
}

// A path an upstream may take for the completion path is inspected (and routed) as one, and
// the upstream gets it normalised (RFC 3986 section 6.2.2).
TEST(BypassTest, EverySpellingOfTheCompletionPathIsInspected) {
  GuardedProxy proxy;
  const std::string host = "127.0.0.1";  // as the test client's Host header names it
  for (const std::string& path : std::vector<std::string>{
           "/v1/Chat/Completions", "/v1/chat/completions;x", "/v1/chat/./completions/",
           "/v1/chat/%63ompletions", "/v1/x/%2E%2E/chat/completions",
           "http://" + host + "/v1/chat/completions",
           "HTTP://" + host + "/v1/chat/x/../completions"}) {
    const HttpResponse r = http_request(proxy.fixture().port(), "POST", path, request(true));
    ASSERT_EQ(200, r.status) << path << r.error;
    EXPECT_FALSE(has(r.body, "30 days")) << path << "\n" << r.body;
    EXPECT_TRUE(has(r.body, R"("reason":"guard.contradicted")")) << path << "\n" << r.body;
  }
  const HttpResponse r =
      http_request(proxy.fixture().port(), "POST", "http://" + host + "/v1/x/../chat/%63ompletions",
                   request(true));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_EQ(0u, proxy.last_request().find("POST /v1/chat/completions HTTP/1.1\r\n"))
      << proxy.last_request();
}

// A target that cannot be put in one form every server reads alike is refused before any
// route is matched: an escaped space, NUL, "?", "/" or "%" left in the path, a backslash, an
// absolute form naming another host. Nothing reaches the upstream.
TEST(BypassTest, ATargetWithEscapedDelimitersOrAnotherHostIs400) {
  GuardedProxy proxy;
  for (const std::string path :
       {"/v1/chat/completions%20", "/v1/chat/completions%00", "/v1/chat/completions%3F",
        "/v1/chat%2Fcompletions", "/v1/chat/completions%252F", "/v1/chat%5Ccompletions",
        "/v1\\chat\\completions", "http://elsewhere/v1/chat/completions",
        "http://user@127.0.0.1/v1/chat/completions", "*"}) {
    const HttpResponse r = http_request(proxy.fixture().port(), "POST", path, request(true));
    EXPECT_EQ(400, r.status) << path << "\n" << r.body;
    EXPECT_TRUE(has(r.body, R"("code":"bad_request")")) << path << "\n" << r.body;
    EXPECT_FALSE(has(r.body, "30 days")) << path;
  }
  EXPECT_EQ(0, proxy.upstream_connections());
}

}  // namespace
}  // namespace groundgate::testing
