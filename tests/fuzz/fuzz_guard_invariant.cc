// The guard's one rule (issue 17) over arbitrary bytes: on a policy with `on_error: closed`, no
// text reaches the client that the guard did not let through. A random request body (which may
// not parse) gives the guard its context; random upstream bytes, split at random points, go
// through the streaming transform (SSE) or the whole-response transform (JSON), of chat
// completions or of the Responses API. A witness filter after the guard records every byte the
// guard released, per choice; what the most lenient OpenAI client reads from the output (bad
// UTF-8 and lone surrogates taken) must be a prefix of that: chat, per choice index; the
// Responses API, every text a client reads (a part's deltas, each event or object that repeats
// a part's text), of some choice's. Refusals are answer text (read with the choice's content,
// in order); with verify_reasoning (half the runs) so is the reasoning, a text of its own.
// Nothing reaches the client after the answer's end ([DONE], the final Responses event).
// Nothing may be forced past the guard (held over the bound, left at the end, flushed).

#include <fuzzer/FuzzedDataProvider.h>
#include <simdjson.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "config/config.h"
#include "filters/actions/guard_config.h"
#include "filters/actions/guard_filter.h"
#include "filters/stream/filter_chain.h"
#include "filters/text/utf8.h"
#include "proxy/openai/json_transform.h"
#include "proxy/openai/request_decoder.h"
#include "proxy/openai/responses_json_transform.h"
#include "proxy/openai/stream_adapter.h"
#include "proxy/sse/sse_parser.h"
#include "proxy/sse/sse_transform.h"

namespace {

using namespace groundgate;
using filters::stream::FilterChain;
using filters::stream::StreamFilter;

// Releases everything at once and keeps a copy: what the guard let through, per choice.
class Witness : public StreamFilter {
 public:
  explicit Witness(std::map<std::int64_t, std::string>& seen) : seen_(seen) {}
  void on_text(const filters::stream::TextEvent& event,
               filters::stream::ChoiceOutput& out) override {
    seen_[event.choice].append(event.pending);
    out.release(event.pending.size());
  }

 private:
  std::map<std::int64_t, std::string>& seen_;
};

std::shared_ptr<const filters::actions::GuardConfig> closed_guard(bool reasoning) {
  const auto make = [](bool verify_reasoning) {
    config::PolicyConfig policy;
    policy.verify_reasoning = verify_reasoning;
    policy.name = "fuzz";
    policy.verifiers = {"semantic_pieces"};
    policy.hold = config::HoldMode::kSentence;
    policy.on_error = config::OnError::kClosed;
    policy.actions.unsupported = config::ActionConfig{config::ActionKind::kBlock};
    policy.actions.contradicted = config::ActionConfig{config::ActionKind::kBlock};
    policy.verify_budget_us = 0;
    return filters::actions::compile_guard(policy, nullptr);
  };
  static const std::shared_ptr<const filters::actions::GuardConfig> plain = make(false);
  static const std::shared_ptr<const filters::actions::GuardConfig> with_reasoning = make(true);
  return reasoning ? with_reasoning : plain;
}

// Reasoning text of chat choice i is the chain's choice kMaxChoices + i.
constexpr std::int64_t kReasoningChoices = filters::stream::kMaxChoices;

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The \uXXXX escape at `at` (which holds a backslash), or -1.
int escaped_unit(std::string_view json, std::size_t at) {
  if (at + 6 > json.size() || json[at + 1] != 'u') return -1;
  int unit = 0;
  for (std::size_t i = at + 2; i < at + 6; ++i) {
    const int digit = hex_digit(json[i]);
    if (digit < 0) return -1;
    unit = unit * 16 + digit;
  }
  return unit;
}

// An event as the most lenient common client reads it: bytes that are not UTF-8 decoded as
// U+FFFD (as a browser's TextDecoder does) and lone surrogate escapes taken (as JSON.parse
// takes them; written here as U+FFFD so that a strict parser reads the rest).
std::string as_a_browser_reads(std::string_view data) {
  const std::string text = filters::text::repair_utf8(data);
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\' || i + 1 >= text.size()) {
      out += text[i];
      continue;
    }
    const int unit = escaped_unit(text, i);
    if (unit < 0xD800 || unit > 0xDFFF) {  // not a surrogate: the escape as it is
      out.append(text, i, 2);
      ++i;
      continue;
    }
    const int next = unit < 0xDC00 ? escaped_unit(text, i + 6) : -1;
    if (next >= 0xDC00 && next <= 0xDFFF) {  // a pair
      out.append(text, i, 12);
      i += 11;
      continue;
    }
    out += "\\ufffd";
    i += 5;
  }
  return out;
}

// The text of each choice as a client reads it: message.content, delta.content or text, then
// the refusal, by index; with `reasoning`, the reasoning too (under kReasoningChoices + index).
// An object that does not parse gives the client no text.
void client_text(simdjson::dom::parser& parser, std::string_view json, bool reasoning,
                 std::map<std::int64_t, std::string>& text) {
  simdjson::dom::element root;
  if (parser.parse(json.data(), json.size()).get(root) != simdjson::SUCCESS) return;
  simdjson::dom::array choices;
  if (root["choices"].get(choices) != simdjson::SUCCESS) return;
  std::int64_t position = 0;
  for (simdjson::dom::element choice : choices) {
    std::int64_t index = position++;
    (void)choice["index"].get(index);
    std::string_view content;
    for (const char* path :
         {"/delta/content", "/message/content", "/text", "/delta/refusal", "/message/refusal"}) {
      if (choice.at_pointer(path).get(content) == simdjson::SUCCESS) text[index].append(content);
    }
    if (!reasoning) continue;
    // One of the two names (they say the same when both are given).
    for (const char* path : {"/delta/reasoning_content", "/message/reasoning_content",
                             "/delta/reasoning", "/message/reasoning"}) {
      if (choice.at_pointer(path).get(content) == simdjson::SUCCESS) {
        text[kReasoningChoices + index].append(content);
        break;
      }
    }
  }
}

bool is_prefix(const std::map<std::int64_t, std::string>& client,
               const std::map<std::int64_t, std::string>& released) {
  for (const auto& [choice, text] : client) {
    if (text.empty()) continue;
    const auto it = released.find(choice);
    if (it == released.end() || !it->second.starts_with(text)) return false;
  }
  return true;
}

// What a Responses API client reads as answer text from one event (or a whole response): a
// text delta joins its part's text in `parts`, keyed by its item (output_index, or item_id
// without one) and content_index; each text an event or the response repeats is one of
// `repeats`.
struct ResponsesText {
  std::map<std::pair<std::string, std::int64_t>, std::string> parts;
  std::vector<std::string> repeats;
};

// The text a client shows of a part: an output_text's text, a refusal's refusal, with
// `reasoning` a summary or reasoning text's text.
bool part_text(simdjson::dom::element part, bool reasoning, std::string_view& text) {
  std::string_view type;
  if (part["type"].get(type) != simdjson::SUCCESS) return false;
  if (type == "output_text" ||
      (reasoning && (type == "summary_text" || type == "reasoning_text"))) {
    return part["text"].get(text) == simdjson::SUCCESS;
  }
  return type == "refusal" && part["refusal"].get(text) == simdjson::SUCCESS;
}

void item_texts(simdjson::dom::element item, bool reasoning, std::vector<std::string>& repeats) {
  std::string_view type;
  if (item["type"].get(type) != simdjson::SUCCESS) return;
  if (type != "message" && !(reasoning && type == "reasoning")) return;
  for (const char* list : {"content", "summary"}) {
    simdjson::dom::array parts;
    if (item[list].get(parts) != simdjson::SUCCESS) continue;
    for (simdjson::dom::element part : parts) {
      std::string_view text;
      if (part_text(part, reasoning, text)) repeats.emplace_back(text);
    }
  }
}

void response_texts(simdjson::dom::element response, bool reasoning,
                    std::vector<std::string>& repeats) {
  simdjson::dom::array output;
  if (response["output"].get(output) != simdjson::SUCCESS) return;
  for (simdjson::dom::element item : output)
    item_texts(item, reasoning, repeats);
}

bool is_final(std::string_view type) {
  return type == "response.completed" || type == "response.incomplete" || type == "response.failed";
}

void client_responses_text(simdjson::dom::parser& parser, std::string_view json, bool event,
                           bool reasoning, ResponsesText& text) {
  simdjson::dom::element root;
  if (parser.parse(json.data(), json.size()).get(root) != simdjson::SUCCESS) return;
  if (!event) return response_texts(root, reasoning, text.repeats);
  std::string_view type;
  if (root["type"].get(type) != simdjson::SUCCESS) return;
  std::string_view value;
  simdjson::dom::element inner;
  const bool summary = type == "response.reasoning_summary_text.delta";
  const bool delta = type == "response.output_text.delta" || type == "response.refusal.delta" ||
                     (reasoning && (summary || type == "response.reasoning_text.delta"));
  if (delta && root["delta"].get(value) == simdjson::SUCCESS) {
    std::int64_t output = -1;
    std::int64_t content = 0;
    std::string_view id;
    (void)root[summary ? "summary_index" : "content_index"].get(content);
    (void)root["item_id"].get(id);
    const std::string item = root["output_index"].get(output) == simdjson::SUCCESS && output >= 0
                                 ? std::to_string(output)
                                 : "id:" + std::string(id);
    // Each kind of delta is a text of its own for a client (its own field of the part).
    text.parts[{item + "/" + std::string(type), std::max<std::int64_t>(content, 0)}].append(value);
  } else if (type == "response.output_text.done" ||
             (reasoning && (type == "response.reasoning_summary_text.done" ||
                            type == "response.reasoning_text.done"))) {
    if (root["text"].get(value) == simdjson::SUCCESS) text.repeats.emplace_back(value);
  } else if (type == "response.refusal.done") {
    if (root["refusal"].get(value) == simdjson::SUCCESS) text.repeats.emplace_back(value);
  } else if (type == "response.content_part.added" || type == "response.content_part.done" ||
             type == "response.reasoning_summary_part.added" ||
             type == "response.reasoning_summary_part.done") {
    if (root["part"].get(inner) == simdjson::SUCCESS && part_text(inner, reasoning, value)) {
      text.repeats.emplace_back(value);
    }
  } else if (type == "response.output_item.added" || type == "response.output_item.done") {
    if (root["item"].get(inner) == simdjson::SUCCESS) item_texts(inner, reasoning, text.repeats);
  } else if (type == "response.created" || type == "response.in_progress" ||
             type == "response.queued" || is_final(type)) {
    // Every response object: a client's snapshot may start from the first.
    if (root["response"].get(inner) == simdjson::SUCCESS) {
      response_texts(inner, reasoning, text.repeats);
    }
  }
}

// Whether an event's JSON is the Responses API's final event.
bool is_final_event(simdjson::dom::parser& parser, std::string_view json) {
  simdjson::dom::element root;
  std::string_view type;
  return parser.parse(json.data(), json.size()).get(root) == simdjson::SUCCESS &&
         root["type"].get(type) == simdjson::SUCCESS && is_final(type);
}

// Each text a client reads is a prefix of some choice's released text.
bool each_is_a_prefix(const ResponsesText& client,
                      const std::map<std::int64_t, std::string>& released) {
  const auto released_prefix = [&](const std::string& text) {
    if (text.empty()) return true;
    for (const auto& [choice, all] : released)
      if (all.starts_with(text)) return true;
    return false;
  };
  for (const auto& [part, text] : client.parts)
    if (!released_prefix(text)) return false;
  for (const std::string& text : client.repeats)
    if (!released_prefix(text)) return false;
  return true;
}

void check_sse(FilterChain& chain, FuzzedDataProvider& data, std::string_view upstream,
               bool responses, bool reasoning,
               const std::map<std::int64_t, std::string>& released) {
  proxy::sse::SseTransform transform(
      &chain, 1u << 20, proxy::sse::AnnotationPlacement::kInChunks,
      proxy::openai::make_stream_adapter(responses
                                             ? proxy::openai::EndpointKind::kResponses
                                             : proxy::openai::EndpointKind::kChatCompletions));
  std::string out;
  for (std::size_t at = 0; at < upstream.size() && !transform.stopped();) {
    const std::size_t n = data.ConsumeIntegralInRange<std::size_t>(1, 64);
    (void)transform.take(upstream.substr(at, n), out);
    transform.check(out);
    at += n;
  }
  transform.finish(data.ConsumeBool(), out);

  proxy::sse::SseParser parser(1u << 22);
  std::vector<proxy::sse::SseEvent> events;
  (void)parser.feed(out, events);
  parser.finish(events);
  simdjson::dom::parser json;
  std::map<std::int64_t, std::string> client;
  ResponsesText responses_client;
  bool ended = false;
  for (const auto& event : events) {
    if (!event.has_data) continue;
    if (ended) __builtin_trap();  // something after the answer's end
    if (event.is_done()) {
      ended = true;
      continue;
    }
    const std::string read = as_a_browser_reads(event.data);
    if (responses) {
      client_responses_text(json, read, true, reasoning, responses_client);
      ended = is_final_event(json, read);
    } else {
      client_text(json, read, reasoning, client);
    }
  }
  // Text the guard never let through.
  if (!is_prefix(client, released) || !each_is_a_prefix(responses_client, released)) {
    __builtin_trap();
  }
}

void check_json(FilterChain& chain, std::string_view upstream, bool responses, bool reasoning,
                const std::map<std::int64_t, std::string>& released) {
  const proxy::openai::JsonTransformResult result =
      responses ? proxy::openai::transform_responses_json(upstream, &chain)
                : proxy::openai::transform_completion_json(upstream, &chain);
  if (result.refused) {
    if (!result.body.empty()) __builtin_trap();  // a refused answer has no body to send
    return;
  }
  simdjson::dom::parser json;
  std::map<std::int64_t, std::string> client;
  ResponsesText responses_client;
  if (responses) {
    client_responses_text(json, as_a_browser_reads(result.body), false, reasoning,
                          responses_client);
  } else {
    client_text(json, as_a_browser_reads(result.body), reasoning, client);
  }
  if (!is_prefix(client, released) || !each_is_a_prefix(responses_client, released)) {
    __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  FuzzedDataProvider data(bytes, size);
  const bool streamed = data.ConsumeBool();
  const std::string request = data.ConsumeRandomLengthString(2048);
  const std::string upstream = data.ConsumeRandomLengthString(8192);
  const bool responses = data.ConsumeBool();
  const bool reasoning = data.ConsumeBool();

  std::map<std::int64_t, std::string> released;
  std::vector<std::unique_ptr<StreamFilter>> filters;
  filters.push_back(std::make_unique<filters::actions::GuardFilter>(
      closed_guard(reasoning), proxy::openai::decode_request(request).view));
  filters.push_back(std::make_unique<Witness>(released));
  FilterChain chain(std::move(filters));

  if (streamed) {
    check_sse(chain, data, upstream, responses, reasoning, released);
  } else {
    check_json(chain, upstream, responses, reasoning, released);
  }
  const filters::stream::ChainCounters& forced = chain.counters();
  if (forced.forced_releases + forced.end_leftover_releases + forced.flushed_releases != 0) {
    __builtin_trap();  // text went past the guard unchecked
  }
  chain.report();
  return 0;
}
