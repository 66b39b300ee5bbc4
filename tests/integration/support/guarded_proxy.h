#pragma once
// The proxy in front of a misbehaving upstream (raw sockets) on a guarded route, for the tests
// of what the guard cannot read or what a client shows: the documents say "14 days", the
// upstream answers "30 days" in whatever broken way a test makes it. Routes by path prefix
// (the body may be unreadable, so nothing in it can choose the route): `/open…` has
// on_error: open, everything else on_error: closed; both block contradicted sentences in
// sentence hold, on the engines' own labels (`/reasoning…` checks reasoning too,
// `/no-refusals…` takes refusals for unverified).

#include <gtest/gtest.h>

#include <string>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/misbehaving_upstream.h"
#include "tests/integration/support/proxy_fixture.h"

namespace groundgate::testing {

inline const char* kGuardedConfig = R"(
upstreams:
  up: {url: "http://127.0.0.1:${UPSTREAM_PORT}"}
policies:
  closed:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}  # the actions on the engines' own labels
    hold: sentence
    actions: {contradicted: block}
    on_error: closed
  open:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}  # the actions on the engines' own labels
    hold: sentence
    actions: {contradicted: block}
    on_error: open
  reasoning:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}
    hold: sentence
    actions: {contradicted: block}
    on_error: closed
    verify_reasoning: true
  no_refusals:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}
    hold: sentence
    actions: {contradicted: block}
    on_error: closed
    verify_refusals: false
routes:
  - {name: open, match: {path_prefix: /open}, upstream: up, policy: open}
  - {name: reasoning, match: {path_prefix: /reasoning}, upstream: up, policy: reasoning}
  - {name: no_refusals, match: {path_prefix: /no-refusals}, upstream: up, policy: no_refusals}
  - {name: closed, match: {path_prefix: /}, upstream: up, policy: closed}
logging: {access_log: false}
)";

inline constexpr const char* kWrong = "Refunds are accepted within 30 days of purchase.";

// A chat request whose documents say 14 days; `extra` goes in as members of the body.
inline std::string request(bool stream, const std::string& extra = "") {
  return std::string(R"({"model":"m",)") + (stream ? R"("stream":true,)" : "") + extra +
         R"("documents":["Refunds are accepted within 14 days of purchase."],)"
         R"("messages":[{"role":"user","content":"How long do refunds take?"}]})";
}

// The message text of a chat.completion body (the tests' texts need no escaping).
inline std::string chat_text(const std::string& body) {
  const std::string key = R"("content":")";
  const std::size_t at = body.find(key);
  if (at == std::string::npos) return {};
  return body.substr(at + key.size(), body.find('"', at + key.size()) - at - key.size());
}

// The proxy with the config above in front of a misbehaving upstream.
class GuardedProxy {
 public:
  explicit GuardedProxy(MisbehavingUpstream::Reply reply) : upstream_(std::move(reply)) {
    fixture_.set_upstream_port(upstream_.port());
    fixture_.start_proxy(kGuardedConfig);
  }
  // The usual answer, the wrong one.
  GuardedProxy()
      : GuardedProxy([](const std::string& request) { return usual_answer(request, kWrong); }) {}

  // A chat request to the closed route, or to another under `route`.
  HttpResponse post(const std::string& body, const std::string& route = "") {
    return http_request(fixture_.port(), "POST", route + "/v1/chat/completions", body);
  }
  ProxyFixture& fixture() { return fixture_; }
  std::string last_request() const { return upstream_.last_request(); }
  int upstream_connections() const { return upstream_.connections(); }

 private:
  MisbehavingUpstream upstream_;
  ProxyFixture fixture_;
};

// What the client gets on the closed route: not the wrong sentence; a streamed answer ends with
// the content_filter chunk, unverified, then [DONE].
inline void expect_blocked_stream(const HttpResponse& r, const std::string& error) {
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_FALSE(has(r.body, "30 days")) << r.body;
  EXPECT_EQ("", sse_content(r.body));
  EXPECT_TRUE(has(r.body, R"("finish_reason":"content_filter")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("label":"unverified","action":"block")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("error":")" + error + "\"")) << r.body;
  EXPECT_TRUE(has(r.body, R"("type":"stopped","reason":"guard.unverified")")) << r.body;
  EXPECT_TRUE(has(r.body, R"("verdict":"unverified")")) << r.body;
  ASSERT_FALSE(sse_data(r.body).empty());
  EXPECT_EQ("[DONE]", sse_data(r.body).back());
}

}  // namespace groundgate::testing
