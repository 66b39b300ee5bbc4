// Cost per SSE event of the guarded streaming path without sockets: the load benchmark's
// guarded answer (bench/load/run_load.sh --guard: five sentences the request's context
// supports), serialised chunk by chunk as the mock upstream streams it (one token a chunk, a
// stamped fingerprint), fed event by event through SseTransform with the `guard` policy's chain
// (semantic_pieces, hold stream_first or sentence), as the relay does. One iteration is one
// request: chain made from the request body (context extraction, cached index), every event,
// the end of the stream. BM_DecodeChunk is the chunk decoder alone on one token's chunk.
//
// Repeatable instruction counts: bench/micro/callgrind_stream.sh BUILD_DIR [stream_first|sentence]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "config/config_loader.h"
#include "filters/registry/filter_chain_factory.h"
#include "proxy/mock/answer_tokens.h"
#include "proxy/mock/completion_writer.h"
#include "proxy/openai/chunk_decoder.h"
#include "proxy/openai/request_decoder.h"
#include "proxy/sse/sse_transform.h"

namespace {

namespace mock = groundgate::proxy::mock;
namespace openai = groundgate::proxy::openai;
namespace registry = groundgate::filters::registry;

constexpr std::string_view kFacts =
    "Acme Cloud was founded in 2011 in Oslo. Its chief executive is Maria Jensen. Refunds are "
    "issued within 14 days of a cancellation. The Pro plan costs $12 per month and includes 2 TB "
    "of storage. Support answers by email and chat on every day of the week.";

std::string request_body() {
  std::string body = R"({"model":"gg-guard","stream":true,"context":")";
  body += kFacts;
  body += R"(","messages":[{"role":"system","content":"Answer from the context only."},)"
          R"({"role":"user","content":"Summarise the retrieved passages in a few sentences."}]})";
  return body;
}

// The answer's SSE events as the mock writes them: role chunk, a chunk per token, the finish
// chunk, [DONE].
std::vector<std::string> answer_events() {
  const mock::ResponseIdentity identity{.id = "chatcmpl-EKs9rNbb2H6GxUVhr16SkwGb1aSHM",
                                        .created = 1795516037,
                                        .model = "gg-guard",
                                        .fingerprint = "",
                                        .stamp = true};
  const mock::CompletionWriter writer(identity);
  const mock::AnswerTokens tokens{std::string(kFacts)};
  std::vector<std::string> events;
  std::string event;
  writer.role_event(event, 0);
  events.push_back(event);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    event.clear();
    writer.content_event(event, 0, tokens.token(i));
    events.push_back(event);
  }
  event.clear();
  writer.finish_event(event, 0, "stop");
  events.push_back(event);
  event.clear();
  mock::CompletionWriter::done_event(event);
  events.push_back(event);
  return events;
}

std::shared_ptr<const registry::FilterChainFactory> factory_for(std::string_view hold) {
  std::string yaml = R"(upstreams:
  mock: {url: "http://127.0.0.1:9"}
policies:
  guard: {verifiers: [semantic_pieces], hold: )";
  yaml += hold;
  yaml += R"(}
routes:
  - {name: guard, match: {path_prefix: /v1}, upstream: mock, policy: guard}
)";
  auto loaded = groundgate::config::load_config_string(yaml, "stream_bench");
  if (!loaded.config) {
    std::fprintf(stderr, "stream_bench: the bench config does not load\n");
    std::exit(1);
  }
  return registry::FilterChainFactory::build(*loaded.config);
}

// One request's stream through the guard; returns the bytes the client would get.
[[gnu::noinline]] std::size_t stream_answer(const registry::FilterChainFactory& factory,
                                            const std::string& body,
                                            const std::vector<std::string>& events,
                                            std::string& out) {
  // The request decoded as the proxy decodes it, once, then read by the chain's filters.
  const openai::DecodedRequest request =
      openai::decode_request(body, openai::EndpointKind::kChatCompletions);
  const registry::StreamInfo info{.route = "guard", .policy = "guard", .request = request.view};
  groundgate::filters::stream::FilterChain chain = factory.create("guard", info);
  groundgate::proxy::sse::SseTransform transform(&chain, 1 << 20);
  std::size_t bytes = 0;
  for (const std::string& event : events) {
    out.clear();
    transform.feed(event, out);
    bytes += out.size();
  }
  out.clear();
  transform.finish(true, out);
  return bytes + out.size();
}

// The measured calls, apart from the warm-up ones (for callgrind's --toggle-collect).
[[gnu::noinline]] std::size_t measured_answer(const registry::FilterChainFactory& factory,
                                              const std::string& body,
                                              const std::vector<std::string>& events,
                                              std::string& out) {
  return stream_answer(factory, body, events, out);
}

void BM_GuardedStream(benchmark::State& state, std::string_view hold) {
  const auto factory = factory_for(hold);
  const std::string body = request_body();
  const std::vector<std::string> events = answer_events();
  std::string out;
  // Loads the lexicons and builds the context index once, as a running proxy has.
  for (int i = 0; i < 3; ++i)
    stream_answer(*factory, body, events, out);
  for (auto _ : state)
    benchmark::DoNotOptimize(measured_answer(*factory, body, events, out));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(events.size()));
  state.counters["events"] = static_cast<double>(events.size());
}
BENCHMARK_CAPTURE(BM_GuardedStream, stream_first, "stream_first");
BENCHMARK_CAPTURE(BM_GuardedStream, sentence, "sentence");

void BM_DecodeChunk(benchmark::State& state) {
  const std::vector<std::string> events = answer_events();
  const std::string& event = events[2];  // a content chunk: `data: {...}\n\n`
  const std::string_view json = std::string_view(event).substr(6, event.size() - 8);
  openai::ChunkDecoder decoder;
  openai::DecodedChunk chunk;
  for (auto _ : state)
    benchmark::DoNotOptimize(decoder.decode(json, chunk).ok);
}
BENCHMARK(BM_DecodeChunk);

}  // namespace
