// The stream transform over Responses API event streams (tests/data/responses_streams), at
// every split point of the upstream's bytes.
#include <gtest/gtest.h>

#include <algorithm>

#include "proxy/openai/responses_stream_adapter.h"
#include "proxy/sse/sse_transform.h"
#include "tests/proxy/openai/responses_view.h"
#include "tests/proxy/openai/test_filters.h"
#include "tests/proxy/sse/recorded_streams.h"
#include "tests/proxy/sse/transform_runs.h"

namespace groundgate::proxy::openai {
namespace {

using sse::AnnotationPlacement;
using sse::SseTransform;
using sse::SseTransformCounters;

using filters::stream::FilterChain;
using filters::stream::ToolCallInterest;
using namespace test_filters;
using namespace sse::test_streams;
using test_responses::responses_view;
using test_responses::ResponsesView;

constexpr std::size_t kMaxEvent = 64 << 10;

std::string fixture(const std::string& name) {
  return read_stream(GG_RESPONSES_STREAMS_DIR, name);
}

std::vector<std::string> fixture_names() {
  return stream_names(GG_RESPONSES_STREAMS_DIR);
}

// The answers' texts in the fixtures.
constexpr std::string_view kEiffel =
    "The Eiffel Tower was completed in 1889. It is 330 metres "
    "tall \xF0\x9F\x97\xBC.";

Outcome run(std::string_view input, const ChainFactory& factory, std::vector<std::size_t> cuts = {},
            bool complete = true, AnnotationPlacement placement = AnnotationPlacement::kInChunks) {
  auto chain = factory ? factory() : nullptr;
  SseTransform transform(chain.get(), kMaxEvent, placement,
                         std::make_unique<ResponsesStreamAdapter>());
  Outcome result = feed_in_pieces(transform, input, std::move(cuts), complete);
  for (const Status& status : result.statuses)
    EXPECT_TRUE(status.ok);
  return result;
}

template <typename Filter, typename... Args>
ChainFactory chain_of(Args... args) {
  return [=] { return make_chain(std::make_unique<Filter>(args...)); };
}

// Every event the client gets is valid, repeats agree with the deltas, numbers increase.
void expect_consistent(const ResponsesView& view, const std::string& what) {
  EXPECT_TRUE(view.repeats_disagree.empty())
      << what << ": " << (view.repeats_disagree.empty() ? "" : view.repeats_disagree.front());
  EXPECT_TRUE(view.sequence_consecutive()) << what;
  EXPECT_EQ(0, view.events_after_final) << what;
}

TEST(ResponsesTransformTest, FiltersThatChangeNothingAreByteIdenticalAtEverySplit) {
  for (const auto& name : fixture_names()) {
    const std::string input = fixture(name);
    for (const ChainFactory& factory : {ChainFactory{}, chain_of<StreamFilter>()}) {
      for (std::size_t cut = 0; cut <= input.size(); ++cut) {
        const Outcome result = run(input, factory, {cut});
        ASSERT_EQ(input, result.out) << name << " cut " << cut;
        EXPECT_EQ(0u, result.counters.chunks_rewritten);
        EXPECT_EQ(0u, result.counters.parse_errors);
      }
    }
  }
}

TEST(ResponsesTransformTest, ARewriteReachesEveryEventThatRepeatsTheTextAtEverySplit) {
  for (const auto& name : fixture_names()) {
    const std::string input = fixture(name);
    const ResponsesView original = responses_view(input);
    const Outcome whole = run(input, chain_of<UppercaseFilter>());
    const ResponsesView view = responses_view(whole.out);
    expect_consistent(view, name);
    ASSERT_EQ(original.text.size(), view.text.size()) << name;
    for (const auto& [part, text] : original.text)
      EXPECT_EQ(upper(text), view.text.at(part)) << name;
    EXPECT_EQ("response.completed", view.final_type) << name;
    EXPECT_EQ(original.types, view.types) << name;  // no event made, none lost
    EXPECT_EQ(original.sequence, view.sequence) << name;
    for (std::size_t cut = 0; cut <= input.size(); ++cut)
      ASSERT_EQ(whole.out, run(input, chain_of<UppercaseFilter>(), {cut}).out) << name << cut;
  }
}

TEST(ResponsesTransformTest, HeldTextGoesOutBeforeThePartEndsAndLaterEventsAreRenumbered) {
  for (const auto& name : fixture_names()) {
    const std::string input = fixture(name);
    const ResponsesView original = responses_view(input);
    const Outcome result = run(input, chain_of<HoldFilter>());
    const ResponsesView view = responses_view(result.out);
    expect_consistent(view, name);
    EXPECT_EQ(original.text, view.text) << name;
    EXPECT_EQ(original.text.size(), result.counters.chunks_synthesised) << name;
    // One made delta per part, right before its output_text.done.
    for (std::size_t i = 0; i < view.types.size(); ++i) {
      if (view.types[i] != "response.output_text.done") continue;
      EXPECT_EQ("response.output_text.delta", view.types[i - 1]) << name;
    }
    EXPECT_EQ(original.sequence.size() + original.text.size(), view.sequence.size()) << name;
    EXPECT_EQ(0, view.sequence.front());
    for (std::size_t cut = 0; cut <= input.size(); cut += 3)
      ASSERT_EQ(result.out, run(input, chain_of<HoldFilter>(), {cut}).out) << name << cut;
  }
}

TEST(ResponsesTransformTest, AStopClosesThePartAndItemWithTheVerifiedPrefixAtEverySplit) {
  for (const std::string name : {"text.sse", "text_unnamed_crlf.sse"}) {
    const std::string input = fixture(name);
    for (std::size_t cut = 0; cut <= input.size(); ++cut) {
      const Outcome result = run(input, chain_of<StopFilter>(std::string("Tower")), {cut});
      ASSERT_TRUE(result.stopped);
      ASSERT_EQ(std::string::npos, result.out.find("Tower")) << name << " cut " << cut;
      const ResponsesView view = responses_view(result.out);
      expect_consistent(view, name);
      EXPECT_EQ("The Eiffel", view.only_text());
      EXPECT_EQ("response.incomplete", view.final_type);
      EXPECT_EQ("incomplete", view.final_status);
      EXPECT_EQ("content_filter", view.incomplete_reason);
      EXPECT_EQ(std::vector<std::string>{"message"}, view.final_items);
      const std::vector<std::string> tail(view.types.end() - 4, view.types.end());
      EXPECT_EQ((std::vector<std::string>{"response.output_text.done", "response.content_part.done",
                                          "response.output_item.done", "response.incomplete"}),
                tail);
      ASSERT_EQ(1u, view.final_annotations.size());
      EXPECT_EQ(R"({"type":"stopped","reason":"test.stop"})", view.final_annotations[0]);
      // Made events are named like the upstream's.
      EXPECT_EQ(name == "text.sse" ? 0 : static_cast<int>(view.types.size()), view.unnamed_made);
    }
  }
}

TEST(ResponsesTransformTest, TextReleasedBeforeAStopGoesOut) {
  const Outcome result =
      run(fixture("text.sse"), chain_of<ReleaseThenStopFilter>(std::string("1889")));
  const ResponsesView view = responses_view(result.out);
  expect_consistent(view, "text.sse");
  EXPECT_EQ("The Eiffel Tower was completed in ", view.only_text());
  EXPECT_EQ("content_filter", view.incomplete_reason);
}

TEST(ResponsesTransformTest, AStopAfterAReasoningItemKeepsItInTheFinalResponse) {
  const Outcome result = run(fixture("reasoning.sse"), chain_of<StopFilter>(std::string("14")));
  const ResponsesView view = responses_view(result.out);
  expect_consistent(view, "reasoning.sse");
  EXPECT_EQ("Refunds are issued within", view.text.at({1, 0}));
  EXPECT_EQ((std::vector<std::string>{"reasoning", "message"}), view.final_items);
}

TEST(ResponsesTransformTest, TheSummaryGoesInTheFinalResponseObject) {
  for (const auto& name : fixture_names()) {
    const Outcome result = run(fixture(name), chain_of<SummaryFilter>());
    const ResponsesView view = responses_view(result.out);
    expect_consistent(view, name);
    EXPECT_EQ(std::vector<std::string>{R"({"type":"summary"})"}, view.final_annotations) << name;
    EXPECT_TRUE(view.annotations.empty()) << name;
    EXPECT_EQ(0, view.annotation_events) << name;
  }
}

TEST(ResponsesTransformTest, VerdictsRideOnTheDeltaThatReleasesTheirText) {
  const Outcome result = run(fixture("text.sse"), chain_of<AnnotateFilter>());
  const ResponsesView view = responses_view(result.out);
  expect_consistent(view, "text.sse");
  EXPECT_EQ(kEiffel, view.only_text());
  EXPECT_EQ(15u, view.annotations.size());  // one per delta
  EXPECT_EQ(R"({"choice":0,"offset":0})", view.annotations.front());
  EXPECT_NE(std::string::npos, result.out.find(R"("delta":" Eiffel","logprobs":[],)"
                                               R"("obfuscation":"Xq3","groundgate":[)"));
}

TwoSteps run_two_steps(std::string_view input, FilterChain* chain, std::size_t cut) {
  SseTransform transform(chain, kMaxEvent, AnnotationPlacement::kInChunks,
                         std::make_unique<ResponsesStreamAdapter>());
  return take_and_check_in_two(transform, input, cut);
}

TEST(ResponsesTransformTest, AChainThatOnlyReportsSendsDeltasFirstAndRepeatsAfterTheCheck) {
  for (const auto& name : fixture_names()) {
    const std::string input = fixture(name);
    const ResponsesView plain = responses_view(input);
    for (std::size_t cut = 0; cut <= input.size(); cut += 5) {
      auto chain = make_chain(std::make_unique<OnlyReports<AnnotateFilter>>(),
                              std::make_unique<OnlyReports<SummaryFilter>>());
      const TwoSteps result = run_two_steps(input, chain.get(), cut);
      const ResponsesView sent = responses_view(result.sent_first);
      for (const std::string& type : sent.types) {
        EXPECT_TRUE(!type.ends_with(".done") && type != "response.completed") << name << type;
      }
      const ResponsesView view = responses_view(result.out);
      expect_consistent(view, name);
      EXPECT_EQ(plain.text, view.text) << name;
      EXPECT_EQ(plain.sequence, view.sequence) << name;  // our events carry no number
      EXPECT_EQ(std::vector<std::string>{R"({"type":"summary"})"}, view.final_annotations);
      // One verdict per delta, on the delta (when it waited) or in an event of its own.
      std::size_t deltas = 0;
      for (const std::string& type : plain.types)
        deltas += type == "response.output_text.delta" ? 1 : 0;
      EXPECT_EQ(deltas, view.annotations.size()) << name << " cut " << cut;
    }
  }
}

TEST(ResponsesTransformTest, CommentPlacementKeepsTheUpstreamEventsByteForByte) {
  const std::string input = fixture("text.sse");
  auto factory = [] {
    return make_chain(std::make_unique<AnnotateFilter>(), std::make_unique<SummaryFilter>());
  };
  const Outcome result = run(input, factory, {}, true, AnnotationPlacement::kCommentLines);
  std::string without;
  std::size_t at = 0;
  while (at < result.out.size()) {
    const std::size_t end = result.out.find("\n\n", at);
    const std::size_t stop = end == std::string::npos ? result.out.size() : end + 2;
    if (!result.out.substr(at).starts_with(": groundgate ")) {
      without += result.out.substr(at, stop - at);
    }
    at = stop;
  }
  EXPECT_EQ(input, without);
  const std::size_t summary = result.out.find(": groundgate {\"type\":\"summary\"}");
  ASSERT_NE(std::string::npos, summary);
  EXPECT_EQ(result.out.find("event: response.completed"), result.out.find("event:", summary));
}

TEST(ResponsesTransformTest, AHeldFunctionCallWaitsForItsVerdictAtEverySplit) {
  const std::string input = fixture("function_call.sse");
  const std::size_t decided = input.find("event: response.function_call_arguments.done");
  const std::size_t decided_end = input.find("\n\n", decided) + 2;
  for (std::size_t cut = 0; cut <= input.size(); ++cut) {
    auto chain = make_chain(std::make_unique<ToolCallFilter>(ToolCallInterest::kHold));
    SseTransform transform(chain.get(), kMaxEvent, AnnotationPlacement::kInChunks,
                           std::make_unique<ResponsesStreamAdapter>());
    std::string out;
    ASSERT_TRUE(transform.feed(input.substr(0, cut), out).ok);
    if (cut < decided_end) {
      ASSERT_EQ(std::string::npos, out.find("get_weather", out.find("output_item.added")))
          << "cut " << cut;
    }
    ASSERT_TRUE(transform.feed(input.substr(cut), out).ok);
    transform.finish(true, out);
    const ResponsesView view = responses_view(out);
    expect_consistent(view, "function_call.sse");
    ASSERT_EQ(1u, view.annotations.size()) << "cut " << cut;
    EXPECT_EQ(
        R"({"choice":0,"call":0,"name":"get_weather","arguments":"{\"location\":\"Paris\",\"unit\":\"c\"}"})",
        view.annotations[0]);
    EXPECT_EQ("response.completed", view.final_type);
  }
}

TEST(ResponsesTransformTest, ABlockedFunctionCallNeverReachesTheClient) {
  const std::string input = fixture("function_call.sse");
  for (std::size_t cut = 0; cut <= input.size(); cut += 7) {
    const Outcome result =
        run(input, chain_of<ToolCallFilter>(ToolCallInterest::kHold, std::string("get_weather")),
            {cut});
    EXPECT_TRUE(result.stopped);
    // The request's tools are in response.created; the call itself never goes out.
    EXPECT_EQ(std::string::npos, result.out.find("Paris")) << result.out;
    EXPECT_EQ(std::string::npos, result.out.find(R"("type":"function_call")")) << result.out;
    const ResponsesView view = responses_view(result.out);
    for (const std::string& type : view.types)
      EXPECT_EQ(std::string::npos, type.find("function_call")) << type;
    expect_consistent(view, "function_call.sse");
    EXPECT_EQ("content_filter", view.incomplete_reason);
    EXPECT_TRUE(view.final_items.empty());
  }
}

// Records what context it was given before each text it saw.
class ContextRecorder : public StreamFilter {
 public:
  void on_context(const std::vector<filters::stream::RetrievedPassage>& passages) override {
    for (const auto& passage : passages)
      context_ += passage.title + ": " + passage.text + "|";
  }
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    if (event.offset == 0 && !event.pending.empty()) out.annotate(json_string(context_));
    out.release(event.pending.size());
  }

 private:
  std::string context_;
};

TEST(ResponsesTransformTest, FileSearchResultsAreContextForTheTextAfterThem) {
  const Outcome result = run(fixture("file_search.sse"), chain_of<ContextRecorder>());
  const ResponsesView view = responses_view(result.out);
  expect_consistent(view, "file_search.sse");
  ASSERT_EQ(1u, view.annotations.size());
  EXPECT_EQ(R"("refund-policy.md: Acme Cloud issues refunds within 14 days of a cancellation.|")",
            view.annotations[0]);
}

TEST(ResponsesTransformTest, ARepeatThatBringsUncheckedTextIsCheckedFirst) {
  // The upstream's output_text.done says more than its deltas did: the extra text is checked,
  // and every repeat carries what the client was sent.
  std::string input = fixture("text.sse");
  const std::string done_text = R"("text":")" + std::string(kEiffel) + "\"";
  const std::size_t at = input.find(done_text);
  ASSERT_NE(std::string::npos, at);
  input.insert(at + done_text.size() - 1, " Secret.");
  const Outcome result = run(input, chain_of<StopFilter>(std::string("Secret")));
  EXPECT_EQ(std::string::npos, result.out.find("Secret"));
  const ResponsesView view = responses_view(result.out);
  expect_consistent(view, "text.sse");
  EXPECT_EQ("content_filter", view.incomplete_reason);

  const Outcome passed = run(input, chain_of<UppercaseFilter>());
  const ResponsesView passed_view = responses_view(passed.out);
  expect_consistent(passed_view, "text.sse");
  EXPECT_EQ(std::string::npos, passed.out.find("Secret"));
}

TEST(ResponsesTransformTest, ABrokenStreamEndsWithAnErrorEventInTheSeries) {
  const std::string input = fixture("text.sse");
  const std::size_t cut = input.find(" Tower") + 10;
  const Outcome result =
      run(std::string_view(input).substr(0, cut), chain_of<HoldFilter>(), {}, false);
  const ResponsesView view = responses_view(result.out);
  EXPECT_EQ(std::vector<std::string>{"upstream_disconnected"}, view.error_codes);
  EXPECT_EQ("The Eiffel", view.only_text());
  EXPECT_TRUE(view.sequence_consecutive());
  EXPECT_EQ("error", view.types.back());
  EXPECT_TRUE(result.out.ends_with("\n\n"));
  EXPECT_NE(std::string::npos, result.out.find("event: error\ndata: {\"type\":\"error\","));
}

TEST(ResponsesTransformTest, TextOnlyTheFinalResponseCarriesIsChecked) {
  // A server that sends no deltas, only the final response.
  const std::string input =
      "event: response.completed\n"
      R"(data: {"type":"response.completed","sequence_number":0,"response":{"id":"resp_1",)"
      R"("object":"response","status":"completed","output":[{"id":"msg_1","type":"message",)"
      R"("status":"completed","role":"assistant","content":[{"type":"output_text",)"
      R"("annotations":[],"text":"It is safe. Really."}]}]}})"
      "\n\n";
  const Outcome result = run(input, chain_of<UppercaseFilter>());
  EXPECT_NE(std::string::npos, result.out.find(R"("text":"IT IS SAFE. REALLY.")")) << result.out;
  const Outcome stopped = run(input, chain_of<StopFilter>(std::string("Really")));
  EXPECT_EQ(std::string::npos, stopped.out.find("Really")) << stopped.out;
  EXPECT_EQ("content_filter", responses_view(stopped.out).incomplete_reason);
}

TEST(ResponsesTransformTest, EventsAfterTheEndAreCheckedToo) {
  // Found by fuzz_responses_transform: a second final response went on unchecked.
  const std::string input = fixture("text.sse");
  const std::string final_event = input.substr(input.rfind("event: response.completed"));
  const Outcome result = run(input + final_event, chain_of<UppercaseFilter>());
  EXPECT_EQ(std::string::npos, result.out.find("Eiffel")) << result.out;
}

TEST(ResponsesTransformTest, ATextGivenTwiceInOneObjectIsRefused) {
  // Clients keep the last of two equal keys, other readers the first: neither may go unchecked.
  const std::string input =
      "event: response.output_text.delta\n"
      R"(data: {"type":"response.output_text.delta","sequence_number":0,"item_id":"m",)"
      R"("output_index":0,"content_index":0,"delta":"secret","delta":"fine"})"
      "\n\n";
  EXPECT_EQ(1u, run(input, chain_of<UppercaseFilter>()).counters.parse_errors);
}

TEST(ResponsesTransformTest, AnEventReadersCouldTakeDifferentlyIsRefused) {
  // What a client shows must be what the filters read: an event readers could take two ways
  // does not decode (on_error decides).
  const struct {
    const char* why;
    std::string data;
  } cases[] = {
      // A member read twice: readers keep the first or the last. An event type, an index or
      // an item's type decides whose text a delta is, or whether it is answer text at all.
      {"event type twice",
       R"({"type":"response.output_text.delta","type":"response.in_progress","sequence_number":0,)"
       R"("item_id":"m","output_index":0,"content_index":0,"delta":"secret"})"},
      {"output index twice",
       R"({"type":"response.output_text.delta","sequence_number":0,"item_id":"m",)"
       R"("output_index":0,"output_index":1,"content_index":0,"delta":"secret"})"},
      {"item type twice",
       R"({"type":"response.output_item.done","sequence_number":0,"output_index":0,)"
       R"("item":{"type":"message","type":"reasoning","id":"m","content":[]}})"},
      // Addressed by item id alone: a client could follow its text to another part than the
      // proxy's own events, which give the index.
      {"no output index",
       R"({"type":"response.output_text.delta","sequence_number":0,"item_id":"m",)"
       R"("content_index":0,"delta":"Refunds"})"},
      // Not JSON where no decoder looks: a client's parser rejects it whole (and may skip it).
      {"not JSON in an unread member",
       R"({"type":"response.output_text.delta","sequence_number":0,"item_id":"m",)"
       R"("output_index":0,"content_index":0,"delta":"Refunds","unknown":0dx})"},
  };
  for (const auto& c : cases) {
    const std::string input = "data: " + c.data + "\n\n";
    EXPECT_EQ(1u, run(input, chain_of<UppercaseFilter>()).counters.parse_errors) << c.why;
  }
}

TEST(ResponsesTransformTest, AnEventWhoseIndexAndItemIdNameTwoItemsIsRefused) {
  // Clients follow the output index or the item id: text sent to one item by one and to
  // another by the other would be checked apart and could be shown joined.
  const std::string input =
      "event: response.output_item.added\n"
      R"(data: {"type":"response.output_item.added","sequence_number":0,"output_index":0,)"
      R"("item":{"id":"m","type":"message","role":"assistant","content":[]}})"
      "\n\n"
      "event: response.output_text.delta\n"
      R"(data: {"type":"response.output_text.delta","sequence_number":1,"item_id":"m",)"
      R"("output_index":1,"content_index":0,"delta":"Refunds"})"
      "\n\n";
  EXPECT_EQ(1u, run(input, chain_of<UppercaseFilter>()).counters.parse_errors);
}

TEST(ResponsesTransformTest, AnItemEventWithoutItsOutputIndexIsRefused) {
  // Found by fuzz_responses_transform: items without an index or an id could not be told apart
  // (each look-up added one), and a message's parts were read for an item that had moved.
  std::string input;
  for (int i = 0; i < 4; ++i) {
    input +=
        "event: response.output_item.done\n"
        R"(data: {"type":"response.output_item.done","sequence_number":0,"item":{"type":"message",)"
        R"("content":[{"type":"output_text","text":"The tower is 330 metres tall."}]}})"
        "\n\n";
  }
  EXPECT_EQ(4u, run(input, chain_of<UppercaseFilter>()).counters.parse_errors);
}

TEST(ResponsesTransformTest, LogProbabilitiesOfChangedTextAreEmptied) {
  const std::string logprobs = R"("logprobs":[{"token":"It is","logprob":-0.1,"top_logprobs":[]}])";
  const std::string input =
      "event: response.output_text.delta\n"
      R"(data: {"type":"response.output_text.delta","sequence_number":0,"item_id":"m",)"
      R"("output_index":0,"content_index":0,"delta":"It is.",)" +
      logprobs +
      "}\n\n"
      "event: response.output_text.done\n"
      R"(data: {"type":"response.output_text.done","sequence_number":1,"item_id":"m",)"
      R"("output_index":0,"content_index":0,"text":"It is.",)" +
      logprobs +
      "}\n\n"
      "event: response.completed\n"
      R"(data: {"type":"response.completed","sequence_number":2,"response":{"id":"r",)"
      R"("status":"completed","output":[{"id":"m","type":"message","status":"completed",)"
      R"("role":"assistant","content":[{"type":"output_text","annotations":[],)" +
      logprobs + R"(,"text":"It is."}]}]}})" + "\n\n";
  EXPECT_EQ(input, run(input, chain_of<StreamFilter>()).out);
  const Outcome result = run(input, chain_of<UppercaseFilter>());
  EXPECT_EQ(std::string::npos, result.out.find(R"("token":)")) << result.out;
  EXPECT_EQ(3u, result.counters.chunks_rewritten);
}

TEST(ResponsesTransformTest, UndecodableEventsAreCounted) {
  const std::string input = "event: response.output_text.delta\ndata: {\"type\":\n\n";
  const Outcome result = run(input, chain_of<UppercaseFilter>());
  EXPECT_EQ(1u, result.counters.parse_errors);
}

// A text delta of part (output_index, 0) with sequence number `number`.
std::string delta_event(int number, int output_index, std::string_view delta) {
  return "event: response.output_text.delta\n"
         R"(data: {"type":"response.output_text.delta","sequence_number":)" +
         std::to_string(number) + R"(,"item_id":"m)" + std::to_string(output_index) +
         R"(","output_index":)" + std::to_string(output_index) + R"(,"content_index":0,"delta":")" +
         std::string(delta) + "\"}\n\n";
}

// Events a verifier cannot read: bytes that are not UTF-8 or a lone surrogate in a delta, a
// delta that is not a string.
std::vector<std::string> unreadable_events() {
  return {delta_event(1, 0, "bad \xC3\x28 bytes"), delta_event(1, 0, "cut \\ud83d"),
          "event: response.output_text.delta\n"
          R"(data: {"type":"response.output_text.delta","sequence_number":1,"item_id":"m0",)"
          R"("output_index":0,"content_index":0,"delta":["30 days"]})"
          "\n\n"};
}

constexpr std::string_view kCompleted =
    "event: response.completed\n"
    R"(data: {"type":"response.completed","sequence_number":2,"response":{"id":"r",)"
    R"("status":"completed","output":[]}})"
    "\n\n";

TEST(ResponsesTransformTest, AnUnreadableEventStopsAClosedVerifierBeforeAnyOfItsBytesGoOut) {
  for (const std::string& bad : unreadable_events()) {
    const Outcome result = run(delta_event(0, 0, "Held text") + bad + std::string(kCompleted),
                               chain_of<HoldingVerifier>(/*closed=*/true));
    EXPECT_TRUE(result.stopped) << bad;
    EXPECT_EQ(std::string::npos, result.out.find("30 days")) << result.out;
    EXPECT_EQ(std::string::npos, result.out.find("\xC3\x28")) << result.out;
    EXPECT_EQ(std::string::npos, result.out.find("ud83d")) << result.out;
    EXPECT_EQ(std::string::npos, result.out.find("Held text")) << result.out;  // never checked
    const ResponsesView view = responses_view(result.out);
    EXPECT_EQ("response.incomplete", view.final_type) << result.out;
    EXPECT_EQ("content_filter", view.incomplete_reason) << result.out;
    EXPECT_NE(std::string::npos,
              result.out.find(R"({"type":"stopped","reason":"test.unverified"})"))
        << result.out;
    EXPECT_TRUE(view.repeats_disagree.empty()) << result.out;
  }
}

TEST(ResponsesTransformTest, AnUnreadableEventGoesOnUnderOpenAfterTheHeldTextAnnotated) {
  for (const std::string& bad : unreadable_events()) {
    const Outcome result = run(delta_event(0, 0, "Held text") + bad + std::string(kCompleted),
                               chain_of<HoldingVerifier>(/*closed=*/false));
    EXPECT_FALSE(result.stopped) << bad;
    // The held text first (unverified), then the event as it came, then what was said of it.
    const std::size_t held = result.out.find("Held text");
    const std::size_t raw = result.out.find(bad);
    const std::size_t note =
        result.out.find(R"({"unverified":"upstream_event_undecodable","choice":-1})");
    const std::size_t end = result.out.find("event: response.completed");
    ASSERT_NE(std::string::npos, held) << result.out;
    ASSERT_NE(std::string::npos, raw) << result.out;
    ASSERT_NE(std::string::npos, note) << result.out;
    EXPECT_LT(held, raw);
    EXPECT_LT(raw, note);
    EXPECT_LT(note, end);
    // The flushed text of the part was said to be unverified too.
    EXPECT_NE(std::string::npos, result.out.find(R"(,"choice":0})")) << result.out;
  }
}

TEST(ResponsesTransformTest, PartsPastTheChoiceBoundAreUnverified) {
  // Every output_text part is a choice; the chain follows kMaxChoices of them.
  std::string input;
  for (int i = 0; i <= filters::stream::kMaxChoices; ++i)
    input += delta_event(i, i, "x");
  const Outcome closed = run(input, chain_of<HoldingVerifier>(/*closed=*/true));
  EXPECT_TRUE(closed.stopped);
  EXPECT_NE(std::string::npos, closed.out.find(R"({"type":"stopped","reason":"test.unverified"})"))
      << closed.out;
  EXPECT_EQ(1u, closed.counters.parse_errors);
  const Outcome open = run(input, chain_of<HoldingVerifier>(/*closed=*/false));
  EXPECT_FALSE(open.stopped);
  EXPECT_NE(std::string::npos, open.out.find(R"({"unverified":"upstream_event_undecodable")"));
}

TEST(ResponsesTransformTest, TextInTheFirstResponseObjectIsChecked) {
  // Found by fuzz_guard_invariant: a client's snapshot may start from response.created (the
  // official SDK's stream helper does), so text in its output is a repeat like any other.
  const std::string input =
      "event: response.created\n"
      R"(data: {"type":"response.created","sequence_number":0,"response":{"id":"r",)"
      R"("status":"in_progress","output":[{"id":"m","type":"message","role":"assistant",)"
      R"("content":[{"type":"output_text","annotations":[],"text":"secret"}]}]}})"
      "\n\n" +
      delta_event(1, 0, " more") + std::string(kCompleted);
  const Outcome result = run(input, chain_of<UppercaseFilter>());
  EXPECT_EQ(std::string::npos, result.out.find("secret")) << result.out;
  EXPECT_NE(std::string::npos, result.out.find("SECRET")) << result.out;
}

}  // namespace
}  // namespace groundgate::proxy::openai
