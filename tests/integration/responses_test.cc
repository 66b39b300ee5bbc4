// The Responses API (POST …/responses) guarded on live traffic, through a real ProxyServer and
// the mock upstream: every action streamed and not, in both hold modes, the same verdicts as
// chat completions on the same route, function calls, unreadable requests, file search results,
// the access log and metrics; stored-response calls forwarded unchanged.
#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <future>
#include <sstream>
#include <string>
#include <vector>

#include "tests/integration/support/action_policies.h"
#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/proxy/openai/responses_view.h"

namespace groundgate::testing {
namespace {

using proxy::openai::test_responses::responses_view;
using proxy::openai::test_responses::ResponsesView;

const std::string kConfig = R"(
upstreams:
  up: {url: "http://127.0.0.1:${MOCK_PORT}"}
policies:
)" + std::string(kActionPolicies) +
                            R"(  closed:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}  # the actions on the engines' own labels
    hold: sentence
    on_error: closed
  threshold:
    verifiers: [semantic_pieces]
    scorer: {model: "off"}  # the actions on the engines' own labels
    hold: sentence
    answer: {max_share: 0.4, min_sentences: 2, action: block}
routes:
  - {name: annotate, match: {model: annotate}, upstream: up, policy: annotate}
  - {name: comment, match: {model: comment}, upstream: up, policy: comment}
  - {name: annotate-held, match: {model: annotate-held}, upstream: up, policy: annotate-held}
  - {name: block, match: {model: block}, upstream: up, policy: block}
  - {name: block-http, match: {model: block-http}, upstream: up, policy: block-http}
  - {name: rewrite, match: {model: rewrite}, upstream: up, policy: rewrite}
  - {name: closed, match: {model: closed}, upstream: up, policy: closed}
  - {name: threshold, match: {model: threshold}, upstream: up, policy: threshold}
  - {name: tools, match: {model: tools}, upstream: up, policy: tools}
  - {name: plain, match: {path_prefix: /}, upstream: up}
logging: {access_log_path: '${DIR}/access.log'}
)";

// One supported sentence, then one with a changed date (1994 for 1991).
const char* kScript = R"(
- match: "tickets"
  tool_call:
    name: book_concert
    arguments: '{"artist": "Allison Beth Goertz", "city": "Reykjavik"}'
- match: "search the files"
  file_search:
    - {filename: "goertz.md", text: "Allison Beth Goertz (born March 2, 1991) is an American musician."}
  answer: "Allie Goertz is an American musician. She was born on March 2, 1994."
- match: "Goertz"
  answer: "Allie Goertz is an American musician. She was born on March 2, 1994."
)";

constexpr const char* kAnswer =
    "Allie Goertz is an American musician. She was born on March 2, 1994.";
constexpr const char* kGood = "Allie Goertz is an American musician.";
constexpr const char* kCorrected =
    "Allie Goertz is an American musician. She was born on March 2, 1991.";
constexpr const char* kContext =
    "Allison Beth Goertz (born March 2, 1991) is an American musician. Goertz is known for her "
    "satirical songs.";

// A Responses API request: the context in `documents`, the question as `input`.
std::string responses_request(const std::string& model, bool stream, const std::string& extra = "",
                              const std::string& input = R"("Who is Allie Goertz?")") {
  return R"({"model":")" + model + "\"" + (stream ? R"(,"stream":true)" : "") + extra +
         R"(,"documents":[")" + kContext + R"("],"input":)" + input + "}";
}

// The same question through chat completions.
std::string chat_request(const std::string& model, bool stream) {
  return R"({"model":")" + model + "\"" + (stream ? R"(,"stream":true)" : "") +
         R"(,"documents":[")" + kContext +
         R"("],"messages":[{"role":"user","content":"Who is Allie Goertz?"}]})";
}

// The summary object among `annotations` (the last one whose type is summary).
std::string summary_of(const std::vector<std::string>& annotations) {
  for (auto it = annotations.rbegin(); it != annotations.rend(); ++it)
    if (has(*it, R"("type":"summary")")) return *it;
  return {};
}

void expect_consistent(const ResponsesView& view, const std::string& body) {
  EXPECT_TRUE(view.repeats_disagree.empty())
      << (view.repeats_disagree.empty() ? "" : view.repeats_disagree.front()) << "\n"
      << body;
  EXPECT_TRUE(view.sequence_consecutive()) << body;
  EXPECT_EQ(0, view.events_after_final) << body;
}

class ResponsesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fixture_.start_scripted_mock(kScript);
    fixture_.start_proxy(kConfig);
  }

  HttpResponse responses(const std::string& body) {
    return http_request(fixture_.port(), "POST", "/v1/responses", body);
  }
  HttpResponse chat(const std::string& body) {
    return http_request(fixture_.port(), "POST", "/v1/chat/completions", body);
  }
  // The access log once the proxy drained and the log holds a line for each of `exchanges`.
  std::string access_log(std::size_t exchanges) {
    std::string text;
    for (const std::string& line : fixture_.access_log_lines(exchanges))
      text += line + "\n";
    return text;
  }

  ProxyFixture fixture_;
};

TEST_F(ResponsesTest, AnnotateStreamFirstKeepsTheTextAndAddsVerdictsAndTheSummary) {
  const HttpResponse r = responses(responses_request("annotate", true));
  ASSERT_EQ(200, r.status) << r.error;
  const ResponsesView view = responses_view(r.body);
  expect_consistent(view, r.body);
  EXPECT_EQ(kAnswer, view.only_text());
  EXPECT_EQ("response.completed", view.final_type);
  ASSERT_EQ(1u, view.annotations.size()) << r.body;  // supported sentences pass without one
  EXPECT_TRUE(has(view.annotations[0], R"("label":"contradicted","action":"annotate")"));
  EXPECT_TRUE(has(view.annotations[0], R"("reason":"answer says March 2, 1994, evidence says)"))
      << view.annotations[0];
  EXPECT_EQ(1, view.annotation_events);  // after the delta that completed the sentence
  const std::string summary = summary_of(view.final_annotations);
  EXPECT_TRUE(has(summary, R"("verdict":"hallucinated")")) << r.body;
  EXPECT_TRUE(has(summary, R"("checked":2)")) << summary;
}

TEST_F(ResponsesTest, CommentAnnotationsLeaveTheEventsAlone) {
  const HttpResponse r = responses(responses_request("comment", true));
  ASSERT_EQ(200, r.status);
  EXPECT_TRUE(has(r.body, "\n: groundgate {\"type\":\"verdict\"")) << r.body;
  EXPECT_FALSE(has(r.body, "\"groundgate\"")) << r.body;
  EXPECT_EQ(kAnswer, responses_view(r.body).only_text());
}

TEST_F(ResponsesTest, AnnotateHeldAnnotatesEverySentenceOnItsDelta) {
  const HttpResponse r = responses(responses_request("annotate-held", true));
  const ResponsesView view = responses_view(r.body);
  expect_consistent(view, r.body);
  EXPECT_EQ(kAnswer, view.only_text());
  ASSERT_EQ(2u, view.annotations.size()) << r.body;
  EXPECT_TRUE(has(view.annotations[0], R"("label":"supported","action":"annotate")"));
  EXPECT_TRUE(has(view.annotations[1], R"("label":"contradicted","action":"annotate")"));
}

TEST_F(ResponsesTest, BlockEndsTheStreamAsContentFilteredWithoutAByteOfTheSentence) {
  const HttpResponse r = responses(responses_request("block", true));
  ASSERT_EQ(200, r.status) << r.error;
  EXPECT_FALSE(has(r.body, "1994")) << r.body;
  EXPECT_FALSE(has(r.body, "She was born")) << r.body;
  const ResponsesView view = responses_view(r.body);
  expect_consistent(view, r.body);
  EXPECT_EQ(kGood, view.only_text());
  EXPECT_EQ("response.incomplete", view.final_type);
  EXPECT_EQ("content_filter", view.incomplete_reason);
  const std::string summary = summary_of(view.final_annotations);
  EXPECT_TRUE(has(summary, R"("block":1)")) << summary;
  bool stopped = false;
  for (const std::string& a : view.final_annotations)
    stopped = stopped || has(a, R"({"type":"stopped","reason":"guard.contradicted"})");
  EXPECT_TRUE(stopped) << r.body;
}

TEST_F(ResponsesTest, RewriteCorrectsEveryEventThatRepeatsTheText) {
  const HttpResponse r = responses(responses_request("rewrite", true));
  const ResponsesView view = responses_view(r.body);
  expect_consistent(view, r.body);
  EXPECT_EQ(kCorrected, view.only_text());
  EXPECT_FALSE(has(r.body, "1994")) << r.body;
  EXPECT_EQ("response.completed", view.final_type);
}

TEST_F(ResponsesTest, ThresholdBlocksTheAnswer) {
  const HttpResponse r = responses(responses_request("threshold", true));
  const ResponsesView view = responses_view(r.body);
  expect_consistent(view, r.body);
  EXPECT_EQ(kGood, view.only_text());
  EXPECT_EQ("content_filter", view.incomplete_reason);
}

TEST_F(ResponsesTest, NonStreamedAnswersCarryTheFieldAndHeaders) {
  const HttpResponse annotated = responses(responses_request("annotate", false));
  ASSERT_EQ(200, annotated.status);
  EXPECT_EQ("hallucinated", std::string(annotated.headers["x-groundgate-verdict"]));
  EXPECT_EQ("2", std::string(annotated.headers["x-groundgate-checked"]));
  EXPECT_FALSE(std::string(annotated.headers["x-groundgate-added-ms"]).empty());
  EXPECT_TRUE(has(annotated.body, R"("text":"Allie Goertz is an American musician. She was )"
                                  R"(born on March 2, 1994.")"));
  EXPECT_TRUE(has(annotated.body, R"(,"groundgate":[{"type":"verdict")")) << annotated.body;

  const HttpResponse blocked = responses(responses_request("block", false));
  EXPECT_EQ(200, blocked.status);
  EXPECT_FALSE(has(blocked.body, "1994")) << blocked.body;
  EXPECT_TRUE(has(blocked.body, R"("status":"incomplete")")) << blocked.body;
  EXPECT_TRUE(has(blocked.body, R"("incomplete_details":{"reason":"content_filter"})"));
  EXPECT_TRUE(has(blocked.body, R"("text":"Allie Goertz is an American musician.")"))
      << blocked.body;

  const HttpResponse error = responses(responses_request("block-http", false));
  EXPECT_EQ(422, error.status);
  EXPECT_TRUE(has(error.body, R"("code":"groundgate_blocked")")) << error.body;
  EXPECT_TRUE(has(error.body, R"("label":"contradicted","action":"block")")) << error.body;
  EXPECT_TRUE(has(error.body, R"({"type":"stopped","reason":"guard.contradicted"})")) << error.body;
  EXPECT_FALSE(has(error.body, "1994")) << error.body;

  const HttpResponse rewritten = responses(responses_request("rewrite", false));
  EXPECT_TRUE(has(rewritten.body, std::string(R"("text":")") + kCorrected + "\""))
      << rewritten.body;
}

TEST_F(ResponsesTest, TheSamePolicyGivesTheSameVerdictsThroughChatAndResponses) {
  for (const std::string model : {"annotate", "annotate-held", "block", "rewrite"}) {
    for (const bool stream : {true, false}) {
      const HttpResponse via_chat = chat(chat_request(model, stream));
      const HttpResponse via_responses = responses(responses_request(model, stream));
      ASSERT_EQ(via_chat.status, via_responses.status) << model;
      const auto summary = [](const std::string& body) {
        // From `"type":"summary"` to the added time, which differs run to run.
        const std::size_t begin = body.find(R"({"type":"summary")");
        const std::size_t end = body.find(R"(,"added_ms")", begin);
        return begin == std::string::npos ? std::string() : body.substr(begin, end - begin);
      };
      EXPECT_FALSE(summary(via_chat.body).empty()) << via_chat.body;
      EXPECT_EQ(summary(via_chat.body), summary(via_responses.body)) << model << stream;
      if (!stream) {
        EXPECT_EQ(std::string(via_chat.headers["x-groundgate-verdict"]),
                  std::string(via_responses.headers["x-groundgate-verdict"]));
      }
    }
  }
}

TEST_F(ResponsesTest, AVerifiedFunctionCallWithAnInventedArgumentNeverReachesTheClient) {
  const std::string body = responses_request("tools", true, "", R"("Book tickets for Goertz")");
  const HttpResponse r = responses(body);
  ASSERT_EQ(200, r.status);
  EXPECT_FALSE(has(r.body, "Reykjavik")) << r.body;
  EXPECT_FALSE(has(r.body, R"("type":"function_call")")) << r.body;
  const ResponsesView view = responses_view(r.body);
  expect_consistent(view, r.body);
  EXPECT_EQ("content_filter", view.incomplete_reason);
  EXPECT_TRUE(has(r.body, R"({"type":"tool_call","choice":0,"call":0,"name":"book_concert")"))
      << r.body;
  const HttpResponse whole = responses(responses_request("tools", false, "", R"("Book tickets")"));
  EXPECT_FALSE(has(whole.body, "Reykjavik")) << whole.body;
  EXPECT_TRUE(has(whole.body, R"("incomplete_details":{"reason":"content_filter"})"));
}

TEST_F(ResponsesTest, RequestsThatCannotBeReadAreUnverifiedAndOnErrorDecides) {
  // A stored conversation with no context in this request, and an item of a type unknown here.
  for (const std::string& body :
       {std::string(R"({"model":"closed","stream":true,"previous_response_id":"resp_1",)"
                    R"("input":"Who is Allie Goertz?"})"),
        std::string(R"({"model":"closed","stream":true,"input":[{"type":"holo_call","x":1},)"
                    R"({"role":"user","content":"Who is Allie Goertz?"}]})")}) {
    const HttpResponse r = responses(body);
    ASSERT_EQ(200, r.status);
    const ResponsesView view = responses_view(r.body);
    expect_consistent(view, r.body);
    EXPECT_EQ("", view.only_text()) << r.body;
    EXPECT_EQ("content_filter", view.incomplete_reason);
    EXPECT_TRUE(has(summary_of(view.final_annotations), R"("verdict":"unverified")")) << r.body;
    EXPECT_TRUE(has(r.body, R"("error":"context_unreadable")")) << r.body;
  }
  const std::string log = access_log(2);
  EXPECT_TRUE(has(log, R"("guard.context_unreadable":"`previous_response_id` (earlier turns)"))
      << log;
  EXPECT_TRUE(has(log, R"("guard.context_unreadable":"an input item of type `holo_call`")"));
}

TEST_F(ResponsesTest, FileSearchResultsInTheResponseAreContextForTheAnswer) {
  // No documents in the request: the upstream's own search brings the context.
  const HttpResponse r =
      responses(R"({"model":"block","stream":true,"include":["file_search_call.results"],)"
                R"("input":"Please search the files: who is Allie Goertz?"})");
  const ResponsesView view = responses_view(r.body);
  expect_consistent(view, r.body);
  EXPECT_EQ(kGood, view.text.at({1, 0}));
  EXPECT_EQ("content_filter", view.incomplete_reason);
  EXPECT_EQ((std::vector<std::string>{"file_search_call", "message"}), view.final_items);
  EXPECT_FALSE(has(r.body, "1994")) << r.body;
}

TEST_F(ResponsesTest, TheAccessLogAndMetricsCountResponsesLikeChat) {
  ASSERT_EQ(200, responses(responses_request("block", true)).status);
  ASSERT_EQ(200, responses(responses_request("rewrite", false)).status);
  for (const char* series : {
           R"(groundgate_verdicts_total{route="block",label="contradicted"} 1)",
           R"(groundgate_filter_actions_total{route="block",filter="guard",action="block"} 1)",
           R"(groundgate_filter_actions_total{route="rewrite",filter="guard",action="rewrite"} 1)",
           R"(groundgate_hold_delay_seconds_count{route="block"} 1)",
       }) {
    const std::string metrics = metrics_with(fixture_.admin_port(), series);
    EXPECT_TRUE(has(metrics, series)) << series << "\n" << metrics;
  }
  const std::string log = access_log(2);
  EXPECT_TRUE(has(log, R"("route":"block")")) << log;
  EXPECT_TRUE(has(log, R"("path":"/v1/responses","status":200,"stream":true)")) << log;
  EXPECT_TRUE(has(log, R"("actions.block":"1")")) << log;
  EXPECT_TRUE(has(log, R"("guard.verdict":"hallucinated")")) << log;
}

TEST_F(ResponsesTest, ABlockIsTheSameErrorInTheLogAndMetricsWhateverTheTransport) {
  // Streamed (200, cut with content_filter), whole and cut (200), whole and replaced by the
  // policy's block_status error (422): each the filter's decision, through both APIs.
  std::size_t exchanges = 0;
  for (const std::string path : {"/v1/chat/completions", "/v1/responses"}) {
    const bool chat_api = path == "/v1/chat/completions";
    const auto body = [&](const std::string& model, bool stream) {
      return chat_api ? chat_request(model, stream) : responses_request(model, stream);
    };
    EXPECT_EQ(200, http_request(fixture_.port(), "POST", path, body("block", true)).status);
    EXPECT_EQ(200, http_request(fixture_.port(), "POST", path, body("block", false)).status);
    EXPECT_EQ(422, http_request(fixture_.port(), "POST", path, body("block-http", false)).status);
    exchanges += 3;
  }
  const std::string series =
      R"(groundgate_errors_total{kind="filter"} )" + std::to_string(exchanges);
  const std::string metrics = metrics_with(fixture_.admin_port(), series);
  EXPECT_TRUE(has(metrics, series)) << metrics;
  const std::vector<std::string> lines = fixture_.access_log_lines(exchanges);
  ASSERT_EQ(exchanges, lines.size());
  for (const std::string& line : lines)
    EXPECT_TRUE(has(line, R"("error":"filter")")) << line;
}

TEST_F(ResponsesTest, StoredResponseCallsAndBackgroundRequestsGoThroughUnchanged) {
  // Not guarded: the request that made the response was; reads of it are relayed as they are.
  const HttpResponse created = http_request(fixture_.port(), "POST", "/v1/responses",
                                            R"({"model":"plain","input":"Who is Allie Goertz?"})");
  ASSERT_EQ(200, created.status);
  const std::size_t at = created.body.find(R"("id":")") + 6;
  const std::string id = created.body.substr(at, created.body.find('"', at) - at);
  const HttpResponse fetched = http_request(fixture_.port(), "GET", "/v1/responses/" + id);
  EXPECT_EQ(200, fetched.status);
  EXPECT_EQ(created.body, fetched.body);
  EXPECT_TRUE(std::string(fetched.headers["x-groundgate-verdict"]).empty());
  const HttpResponse items =
      http_request(fixture_.port(), "GET", "/v1/responses/" + id + "/input_items");
  EXPECT_TRUE(has(items.body, R"("text":"Who is Allie Goertz?")")) << items.body;
  EXPECT_EQ(200, http_request(fixture_.port(), "DELETE", "/v1/responses/" + id).status);
  EXPECT_EQ(404, http_request(fixture_.port(), "GET", "/v1/responses/" + id).status);

  // In the background the answer comes later, by GET: the summary says it was not checked here.
  const HttpResponse queued = responses(responses_request("block", false, R"(,"background":true)"));
  EXPECT_EQ(200, queued.status);
  EXPECT_TRUE(has(queued.body, R"("status":"queued")")) << queued.body;
  EXPECT_EQ("unchecked", std::string(queued.headers["x-groundgate-verdict"]));
  EXPECT_TRUE(has(queued.body, R"("unchecked_reason":"background")")) << queued.body;
}

}  // namespace
}  // namespace groundgate::testing
