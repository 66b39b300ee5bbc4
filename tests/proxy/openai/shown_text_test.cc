// What a client shows is what the filters saw, on every wire shape: text after a choice's or a
// part's end does not decode, nothing goes after the answer's end, refusals are answer text,
// reasoning is counted (or read), and a JSON body under an event-stream type is not relayed
// unread.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "proxy/openai/responses_stream_adapter.h"
#include "proxy/sse/sse_transform.h"
#include "tests/proxy/openai/responses_view.h"
#include "tests/proxy/openai/test_filters.h"

namespace groundgate::proxy::openai {
namespace {

using sse::AnnotationPlacement;
using sse::SseTransform;
using sse::SseTransformCounters;

using filters::stream::FilterChain;
using namespace test_filters;

constexpr std::size_t kMaxEvent = 64 << 10;

struct Outcome {
  std::string out;
  SseTransformCounters counters;
  bool stopped = false;
};

using ChainFactory = std::function<std::unique_ptr<FilterChain>()>;

// Runs `input` through a transform in one piece and at every split point; the outcomes must
// agree (the split must not matter), and the one-piece run is returned.
Outcome run(std::string_view input, const ChainFactory& factory, bool responses = false) {
  const auto once = [&](std::size_t cut) {
    std::unique_ptr<FilterChain> chain = factory();
    SseTransform transform(chain.get(), kMaxEvent, AnnotationPlacement::kInChunks,
                           responses ? std::make_unique<ResponsesStreamAdapter>()
                                     : make_stream_adapter(EndpointKind::kChatCompletions));
    Outcome result;
    (void)transform.feed(input.substr(0, cut), result.out);
    (void)transform.feed(input.substr(cut), result.out);
    transform.finish(true, result.out);
    result.counters = transform.counters();
    result.stopped = transform.stopped();
    return result;
  };
  const Outcome whole = once(input.size());
  for (std::size_t cut = 0; cut < input.size(); cut += 7) {
    const Outcome split = once(cut);
    EXPECT_EQ(whole.out, split.out) << "split at " << cut;
  }
  return whole;
}

ChainFactory verifier(bool closed) {
  return [closed] { return make_chain(std::make_unique<HoldingVerifier>(closed)); };
}

ChainFactory kinds(bool reads_reasoning, bool reads_refusals = true, bool closed = false) {
  return [=] {
    return make_chain(std::make_unique<TextKindsFilter>(reads_reasoning, reads_refusals, closed));
  };
}

bool has(const std::string& text, std::string_view needle) {
  return text.find(needle) != std::string::npos;
}

// A chat chunk with `choices` (JSON objects, comma-separated).
std::string chunk(std::string_view choices) {
  return R"(data: {"id":"c1","object":"chat.completion.chunk","choices":[)" + std::string(choices) +
         "]}\n\n";
}
std::string content(std::string_view text, int index = 0, std::string_view finish = "null") {
  return R"({"index":)" + std::to_string(index) + R"(,"delta":{"content":")" + std::string(text) +
         R"("},"finish_reason":)" + std::string(finish) + "}";
}
std::string finish(int index = 0, std::string_view reason = R"("stop")") {
  return R"({"index":)" + std::to_string(index) + R"(,"delta":{},"finish_reason":)" +
         std::string(reason) + "}";
}
constexpr std::string_view kDone = "data: [DONE]\n\n";

// --- chat completions -------------------------------------------------------------------

TEST(ShownText, ChatTextAfterAChoicesFinishReasonDoesNotDecode) {
  const std::vector<std::string> late = {
      chunk(content(" 30 days.")),                              // after stop
      chunk(R"({"index":0,"delta":{"refusal":" 30 days."}})"),  // a refusal after it
      chunk(R"({"index":0,"delta":{"reasoning_content":" 30 days."}})"),
      chunk(
          R"({"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"30 days"}}]}})"),
      chunk(finish() + "," + content(" 30 days.")),  // the same choice twice in one chunk
  };
  for (const std::string& after : late) {
    const std::string input =
        chunk(content("Refunds take 14 days.")) + chunk(finish()) + after + std::string(kDone);
    const Outcome closed = run(input, verifier(true));
    EXPECT_TRUE(closed.stopped) << after;
    EXPECT_FALSE(has(closed.out, "30 days")) << closed.out;
    EXPECT_TRUE(has(closed.out, R"({"unverified":"upstream_event_undecodable")")) << closed.out;
    // Open: it goes on, said to be unverified.
    const Outcome open = run(input, verifier(false));
    EXPECT_FALSE(open.stopped);
    EXPECT_TRUE(has(open.out, "30 days")) << open.out;
    EXPECT_TRUE(has(open.out, R"({"unverified":"upstream_event_undecodable")")) << open.out;
  }
}

TEST(ShownText, ChatChoicesEndApartAndNothingEmptyAfterAnEndCounts) {
  // n=2: choice 1 ends while choice 0 goes on; empty deltas and a repeated finish_reason of an
  // ended choice carry nothing a client shows.
  const std::string input = chunk(content("One.", 0) + "," + content("Two.", 1)) +
                            chunk(finish(1, R"("length")")) + chunk(content(" More.", 0)) +
                            chunk(finish(1) + R"(,{"index":1,"delta":{"role":"assistant"}})") +
                            chunk(R"({"index":1,"delta":{"content":""}})") + chunk(finish(0)) +
                            std::string(kDone);
  const Outcome result = run(input, verifier(true));
  EXPECT_FALSE(result.stopped) << result.out;
  EXPECT_EQ(0u, result.counters.parse_errors) << result.out;
  // And text for choice 1 after its end does not decode, with choice 0 still open.
  const std::string late = chunk(content("One.", 0) + "," + content("Two.", 1)) + chunk(finish(1)) +
                           chunk(content(" 30 days.", 1)) + chunk(finish(0)) + std::string(kDone);
  const Outcome stopped = run(late, verifier(true));
  EXPECT_TRUE(stopped.stopped);
  EXPECT_FALSE(has(stopped.out, "30 days")) << stopped.out;
}

TEST(ShownText, NothingGoesAfterTheAnswersEnd) {
  const std::string input = chunk(content("Fine.")) + chunk(finish()) + std::string(kDone) +
                            chunk(content(" 30 days.")) + std::string(kDone) + ": comment\n\n" +
                            std::string(kDone);
  for (const ChainFactory& factory : {verifier(false), kinds(false)}) {
    const Outcome result = run(input, factory);
    EXPECT_FALSE(has(result.out, "30 days")) << result.out;
    EXPECT_FALSE(has(result.out, "comment")) << result.out;
    EXPECT_TRUE(result.out.ends_with(kDone)) << result.out;
    EXPECT_EQ(result.out.find(kDone), result.out.size() - kDone.size()) << result.out;
    EXPECT_EQ(1u, result.counters.after_end);  // a repeated [DONE] is not counted
  }
  // A second [DONE] alone is dropped without a count.
  const Outcome twice =
      run(chunk(content("Fine.")) + std::string(kDone) + std::string(kDone), verifier(false));
  EXPECT_EQ(0u, twice.counters.after_end);
  EXPECT_EQ(twice.out.find(kDone), twice.out.size() - kDone.size()) << twice.out;
}

TEST(ShownText, ChatRefusalsAreTheChoicesText) {
  const std::string input = chunk(R"({"index":0,"delta":{"role":"assistant","refusal":""}})") +
                            chunk(R"({"index":0,"delta":{"refusal":"i cannot help."}})") +
                            chunk(finish()) + std::string(kDone);
  const Outcome result = run(input, kinds(false));
  EXPECT_TRUE(has(result.out, R"("refusal":"I CANNOT HELP.")")) << result.out;
  // Held, it is released into the refusal field it came in.
  const Outcome held = run(input, [] { return make_chain(std::make_unique<HoldFilter>()); });
  EXPECT_TRUE(has(held.out, R"("delta":{"refusal":"i cannot help."})")) << held.out;
  EXPECT_FALSE(has(held.out, R"("content":"i cannot)")) << held.out;
  // A whole message's refusal too.
  const Outcome both =
      run(chunk(R"({"index":0,"delta":{"content":"a.","refusal":"b."}})") + std::string(kDone),
          kinds(false));
  EXPECT_TRUE(has(both.out, R"("content":"A.")")) << both.out;
  EXPECT_TRUE(has(both.out, R"("refusal":"B.")")) << both.out;
}

TEST(ShownText, ARefusalTheFiltersCannotReadIsUnverified) {
  const std::string input =
      chunk(R"({"index":0,"delta":{"refusal":"no."}})") + chunk(finish()) + std::string(kDone);
  const Outcome closed = run(input, kinds(false, /*reads_refusals=*/false, /*closed=*/true));
  EXPECT_TRUE(closed.stopped);
  EXPECT_FALSE(has(closed.out, "no.")) << closed.out;
  EXPECT_TRUE(has(closed.out, R"({"unverified":"refusal"})")) << closed.out;
  const Outcome open = run(input, kinds(false, /*reads_refusals=*/false, /*closed=*/false));
  EXPECT_TRUE(has(open.out, R"("refusal":"no.")")) << open.out;  // as it came, not uppercased
  EXPECT_TRUE(has(open.out, R"({"unverified":"refusal"})")) << open.out;
}

TEST(ShownText, ChatReasoningIsCountedOrRead) {
  const std::string input =
      chunk(R"({"index":0,"delta":{"reasoning_content":"think."}})") +
      chunk(R"({"index":0,"delta":{"reasoning":"more.","reasoning_content":"more."}})") +
      chunk(content("answer.")) + chunk(finish()) + std::string(kDone);
  const Outcome unread = run(input, kinds(false));
  EXPECT_TRUE(has(unread.out, R"("reasoning_content":"think.")")) << unread.out;
  EXPECT_TRUE(has(unread.out, R"("content":"ANSWER.")")) << unread.out;
  EXPECT_TRUE(has(unread.out, R"({"type":"summary","reasoning_bytes":11,"read":false})"))
      << unread.out;
  const Outcome read = run(input, kinds(true));
  EXPECT_TRUE(has(read.out, R"("reasoning_content":"THINK.")")) << read.out;
  // Both names of one text: the repeat gives way when the text changes.
  EXPECT_TRUE(has(read.out, R"("reasoning":"MORE.","reasoning_content":null)")) << read.out;
  EXPECT_TRUE(has(read.out, R"({"type":"summary","reasoning_bytes":11,"read":true})")) << read.out;
  // Two reasoning texts that differ do not decode.
  const Outcome differ =
      run(chunk(R"({"index":0,"delta":{"reasoning":"a","reasoning_content":"b"}})") +
              std::string(kDone),
          verifier(true));
  EXPECT_TRUE(differ.stopped);
}

TEST(ShownText, ASpokenAnswerIsUnverified) {
  // Audio output: no filter hears it, and its transcript need not say what it says.
  const std::string input =
      chunk(R"({"index":0,"delta":{"audio":{"id":"a1","transcript":"30 days.","data":"AAAA"}}})") +
      chunk(finish()) + std::string(kDone);
  const Outcome closed = run(input, verifier(true));
  EXPECT_TRUE(closed.stopped);
  EXPECT_FALSE(has(closed.out, "30 days")) << closed.out;
  EXPECT_TRUE(has(closed.out, R"({"unverified":"audio_output")")) << closed.out;
  const Outcome open = run(input, verifier(false));
  EXPECT_TRUE(has(open.out, "30 days")) << open.out;
  EXPECT_TRUE(has(open.out, R"({"unverified":"audio_output")")) << open.out;
}

TEST(ShownText, AJsonBodyUnderAnEventStreamTypeIsNotRelayedUnread) {
  const std::string body =
      "\n {\"id\":\"c1\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":"
      "{\"role\":\"assistant\",\"content\":\"Refunds take 30 days.\"},\"finish_reason\":"
      "\"stop\"}]}";
  const Outcome closed = run(body, verifier(true));
  EXPECT_TRUE(closed.stopped);
  EXPECT_FALSE(has(closed.out, "30 days")) << closed.out;
  EXPECT_TRUE(has(closed.out, R"({"unverified":"content_type")")) << closed.out;
  const Outcome open = run(body, verifier(false));
  EXPECT_TRUE(has(open.out, body)) << open.out;
  EXPECT_TRUE(has(open.out, R"({"unverified":"content_type")")) << open.out;
}

// --- the Responses API --------------------------------------------------------------------

std::string event(std::string_view type, std::string_view members) {
  return "event: " + std::string(type) + "\ndata: {\"type\":\"" + std::string(type) + "\"," +
         std::string(members) + "}\n\n";
}
const std::string kCreated = event("response.created", R"("response":{"id":"r1","output":[]})");
std::string item_added(int output, std::string_view type, std::string_view id) {
  return event("response.output_item.added", R"("output_index":)" + std::to_string(output) +
                                                 R"(,"item":{"id":")" + std::string(id) +
                                                 R"(","type":")" + std::string(type) + R"("})");
}
std::string delta(std::string_view type, std::string_view id, int output, std::string_view text,
                  std::string_view index = "content_index") {
  return event(type, R"("item_id":")" + std::string(id) + R"(","output_index":)" +
                         std::to_string(output) + ",\"" + std::string(index) + R"(":0,"delta":")" +
                         std::string(text) + "\"");
}
std::string text_done(std::string_view id, int output, std::string_view text) {
  return event("response.output_text.done", R"("item_id":")" + std::string(id) +
                                                R"(","output_index":)" + std::to_string(output) +
                                                R"(,"content_index":0,"text":")" +
                                                std::string(text) + "\"");
}
std::string item_done(int output, std::string_view id, std::string_view text) {
  return event("response.output_item.done",
               R"("output_index":)" + std::to_string(output) + R"(,"item":{"id":")" +
                   std::string(id) +
                   R"(","type":"message","content":[{"type":"output_text","text":")" +
                   std::string(text) + R"("}]})");
}
const std::string kCompleted = event("response.completed", R"("response":{"id":"r1"})");

TEST(ShownText, ResponsesTextAfterItsPartsOrItemsEndDoesNotDecode) {
  const std::string answer = kCreated + item_added(0, "message", "m1") +
                             delta("response.output_text.delta", "m1", 0, "Fine.");
  const std::vector<std::string> late = {
      text_done("m1", 0, "Fine.") + delta("response.output_text.delta", "m1", 0, " 30 days."),
      event(
          "response.content_part.done",
          R"("item_id":"m1","output_index":0,"content_index":0,"part":{"type":"output_text","text":"Fine."})") +
          delta("response.output_text.delta", "m1", 0, " 30 days."),
      item_done(0, "m1", "Fine.") + delta("response.output_text.delta", "m1", 0, " 30 days."),
      // A new part of an item that ended.
      item_done(0, "m1", "Fine.") +
          event(
              "response.content_part.added",
              R"("item_id":"m1","output_index":0,"content_index":1,"part":{"type":"output_text","text":" 30 days."})"),
      item_done(0, "m1", "Fine.") +
          event("response.refusal.delta",
                R"("item_id":"m1","output_index":0,"content_index":1,"delta":" 30 days.")"),
  };
  for (const std::string& after : late) {
    const Outcome closed = run(answer + after + kCompleted, verifier(true), true);
    EXPECT_TRUE(closed.stopped) << after;
    EXPECT_FALSE(has(closed.out, "30 days")) << closed.out;
    EXPECT_TRUE(has(closed.out, R"({"unverified":"upstream_event_undecodable")")) << closed.out;
  }
}

TEST(ShownText, ResponsesCallArgumentsAfterTheCallsEndDoNotDecode) {
  const std::string input = kCreated + item_added(0, "function_call", "f1") +
                            event("response.function_call_arguments.done",
                                  R"("item_id":"f1","output_index":0,"arguments":"{}")") +
                            event("response.function_call_arguments.delta",
                                  R"("item_id":"f1","output_index":0,"delta":"{\"days\":30}")") +
                            kCompleted;
  const Outcome closed = run(input, verifier(true), true);
  EXPECT_TRUE(closed.stopped);
  EXPECT_FALSE(has(closed.out, "days")) << closed.out;
}

TEST(ShownText, NothingGoesAfterTheResponsesEnd) {
  const std::string input = kCreated + item_added(0, "message", "m1") +
                            delta("response.output_text.delta", "m1", 0, "Fine.") + kCompleted +
                            delta("response.output_text.delta", "m1", 0, " 30 days.") +
                            std::string(kDone) + kCompleted;
  const Outcome result = run(input, verifier(false), true);
  EXPECT_FALSE(has(result.out, "30 days")) << result.out;
  EXPECT_FALSE(has(result.out, "[DONE]")) << result.out;
  EXPECT_EQ(2u, result.counters.after_end);
  const test_responses::ResponsesView view = test_responses::responses_view(result.out);
  EXPECT_EQ("response.completed", view.types.back());
}

TEST(ShownText, ResponsesRefusalsAreAnswerText) {
  const std::string input =
      kCreated + item_added(0, "message", "m1") +
      event(
          "response.content_part.added",
          R"("item_id":"m1","output_index":0,"content_index":0,"part":{"type":"refusal","refusal":""})") +
      delta("response.refusal.delta", "m1", 0, "no.") +
      event("response.refusal.done",
            R"("item_id":"m1","output_index":0,"content_index":0,"refusal":"no.")") +
      event(
          "response.content_part.done",
          R"("item_id":"m1","output_index":0,"content_index":0,"part":{"type":"refusal","refusal":"no."})") +
      event(
          "response.output_item.done",
          R"("output_index":0,"item":{"id":"m1","type":"message","content":[{"type":"refusal","refusal":"no."}]})") +
      event(
          "response.completed",
          R"("response":{"id":"r1","output":[{"id":"m1","type":"message","content":[{"type":"refusal","refusal":"no."}]}]})");
  const Outcome result = run(input, kinds(false), true);
  EXPECT_FALSE(has(result.out, "no.")) << result.out;  // every place says what was sent
  EXPECT_TRUE(has(result.out, R"("delta":"NO.")")) << result.out;
  EXPECT_TRUE(has(result.out, R"("refusal":"NO.")")) << result.out;
  // Not read: unverified, and a closed filter stops it before its text goes.
  const Outcome closed = run(input, kinds(false, false, true), true);
  EXPECT_TRUE(closed.stopped);
  EXPECT_FALSE(has(closed.out, "no.")) << closed.out;
  EXPECT_TRUE(has(closed.out, R"("reason":"content_filter")")) << closed.out;
  // A part with both a text and a refusal does not decode.
  const Outcome both = run(
      kCreated + item_added(0, "message", "m1") +
          event(
              "response.content_part.added",
              R"("item_id":"m1","output_index":0,"content_index":0,"part":{"type":"refusal","refusal":"a","text":"b"})") +
          kCompleted,
      verifier(true), true);
  EXPECT_TRUE(both.stopped);
}

TEST(ShownText, ResponsesReasoningIsCountedOrRead) {
  const std::string input =
      kCreated + item_added(0, "reasoning", "rs1") +
      delta("response.reasoning_summary_text.delta", "rs1", 0, "think.", "summary_index") +
      event("response.reasoning_summary_text.done",
            R"("item_id":"rs1","output_index":0,"summary_index":0,"text":"think.")") +
      event(
          "response.output_item.done",
          R"("output_index":0,"item":{"id":"rs1","type":"reasoning","summary":[{"type":"summary_text","text":"think."}]})") +
      item_added(1, "message", "m1") + delta("response.output_text.delta", "m1", 1, "answer.") +
      kCompleted;
  const Outcome unread = run(input, kinds(false), true);
  EXPECT_TRUE(has(unread.out, R"("delta":"think.")")) << unread.out;
  EXPECT_TRUE(has(unread.out, R"("delta":"ANSWER.")")) << unread.out;
  EXPECT_TRUE(has(unread.out, R"("reasoning_bytes":6,"read":false)")) << unread.out;
  const Outcome read = run(input, kinds(true), true);
  EXPECT_FALSE(has(read.out, "think.")) << read.out;  // the done events say what was sent
  EXPECT_TRUE(has(read.out, R"("delta":"THINK.")")) << read.out;
  EXPECT_TRUE(has(read.out, R"("reasoning_bytes":6,"read":true)")) << read.out;
  // Text beyond the deltas in a repeat counts too.
  const Outcome surplus =
      run(kCreated + item_added(0, "reasoning", "rs1") +
              event("response.reasoning_summary_text.done",
                    R"("item_id":"rs1","output_index":0,"summary_index":0,"text":"unseen.")") +
              kCompleted,
          kinds(false), true);
  EXPECT_TRUE(has(surplus.out, R"("reasoning_bytes":7,"read":false)")) << surplus.out;
}

}  // namespace
}  // namespace groundgate::proxy::openai
