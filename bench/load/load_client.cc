// gg_load_client: N concurrent streamed chat completions (or Responses API calls) against one
// HTTP/1.1 target; measures, per SSE event, arrival time minus the mock upstream's send stamp
// ("gg-ts-<ns>": chat chunks carry it in system_fingerprint, Responses deltas in obfuscation).

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bench/load/latency_histogram.h"
#include "bench/load/load_options.h"
#include "bench/load/load_worker.h"

namespace {

namespace net = boost::asio;
using namespace groundgate::bench::load;
using Clock = std::chrono::steady_clock;

constexpr std::string_view kChatBody =
    R"({"model":"gg-bench","stream":true,"messages":[{"role":"system","content":"Answer from )"
    R"(the retrieved passages only."},{"role":"user","content":"Summarise the retrieved )"
    R"(passages in a few sentences."}]})";
constexpr std::string_view kResponsesBody =
    R"({"model":"gg-bench","stream":true,"instructions":"Answer from the retrieved passages )"
    R"(only.","input":"Summarise the retrieved passages in a few sentences."})";

std::string make_request(const LoadOptions& options, std::string_view body) {
  const std::string_view path =
      options.api == "responses" ? "/v1/responses" : "/v1/chat/completions";
  std::string request = "POST " + std::string(path) + " HTTP/1.1\r\nHost: " + options.host + ":" +
                        std::to_string(options.port) +
                        "\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\n"
                        "Content-Length: " +
                        std::to_string(body.size()) + "\r\n\r\n";
  request.append(body);
  return request;
}

std::chrono::nanoseconds seconds(double s) {
  return std::chrono::nanoseconds(static_cast<int64_t>(s * 1e9));
}

}  // namespace

int main(int argc, char** argv) {
  const LoadOptionsParse parsed = parse_load_options(argc, argv);
  if (!parsed.error.empty()) {
    std::fprintf(stderr, "gg_load_client: %s\n%s", parsed.error.c_str(), kLoadUsage);
    return 2;
  }
  const LoadOptions& options = parsed.options;

  net::ip::tcp::endpoint target;
  {
    net::io_context io;
    net::ip::tcp::resolver resolver(io);
    boost::system::error_code ec;
    auto results = resolver.resolve(options.host, std::to_string(options.port), ec);
    if (ec || results.empty()) {
      std::fprintf(stderr, "gg_load_client: cannot resolve %s: %s\n", options.host.c_str(),
                   ec.message().c_str());
      return 1;
    }
    target = results.begin()->endpoint();
  }

  std::string body(options.api == "responses" ? kResponsesBody : kChatBody);
  if (!options.body_file.empty()) {
    std::ifstream file(options.body_file, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    if (!file || text.str().empty()) {
      std::fprintf(stderr, "gg_load_client: cannot read %s\n", options.body_file.c_str());
      return 1;
    }
    body = text.str();
  }
  auto request = std::make_shared<const std::string>(make_request(options, body));
  const auto start = Clock::now() + std::chrono::milliseconds(50);
  const LoadWindow window{
      .start = start,
      .measure_from = start + seconds(options.ramp_s),
      .measure_until = start + seconds(options.ramp_s + options.duration_s),
      .ramp_step = seconds(options.ramp_s) / options.streams,
  };
  std::vector<std::unique_ptr<LoadWorker>> workers;
  for (unsigned t = 0; t < options.threads; ++t)
    workers.push_back(
        std::make_unique<LoadWorker>(target, request, window, t, options.threads, options.streams));
  std::vector<std::thread> threads;
  for (unsigned t = 1; t < options.threads; ++t)
    threads.emplace_back([&worker = *workers[t]] { worker.run(); });
  workers[0]->run();
  for (auto& thread : threads)
    thread.join();

  LatencyHistogram latency;
  LatencyHistogram annotation_latency;
  LoadCounters counters;
  std::string first_error;
  for (const auto& worker : workers) {
    latency.merge(worker->latency());
    annotation_latency.merge(worker->annotation_latency());
    counters.merge(worker->counters());
    if (first_error.empty()) first_error = worker->first_error();
  }
  for (char& c : first_error)
    if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20) c = ' ';

  const double us = 1e-3;
  std::printf(
      "{\"label\":\"%s\",\"streams\":%u,\"duration_s\":%.3f,\"events\":%llu,"
      "\"events_per_s\":%.1f,\"p50_us\":%.1f,\"p90_us\":%.1f,\"p99_us\":%.1f,\"max_us\":%.1f,"
      "\"mean_us\":%.1f,\"errors\":%llu,\"connect_errors\":%llu,\"write_errors\":%llu,"
      "\"read_errors\":%llu,\"status_errors\":%llu,\"protocol_errors\":%llu,\"unstamped\":%llu,"
      "\"done_events\":%llu,\"annotation_chunks\":%llu,\"annotation_p50_us\":%.1f,\"annotation_p99_"
      "us\":%.1f,"
      "\"responses\":%llu,\"open_at_end\":%llu,\"first_error\":\"%s\"}\n",
      options.label.c_str(), options.streams, options.duration_s,
      static_cast<unsigned long long>(counters.events),
      static_cast<double>(counters.events) / options.duration_s, latency.quantile(0.5) * us,
      latency.quantile(0.9) * us, latency.quantile(0.99) * us,
      static_cast<double>(latency.max()) * us, latency.mean() * us,
      static_cast<unsigned long long>(counters.errors()),
      static_cast<unsigned long long>(counters.connect_errors),
      static_cast<unsigned long long>(counters.write_errors),
      static_cast<unsigned long long>(counters.read_errors),
      static_cast<unsigned long long>(counters.status_errors),
      static_cast<unsigned long long>(counters.protocol_errors),
      static_cast<unsigned long long>(counters.unstamped),
      static_cast<unsigned long long>(counters.done_events),
      static_cast<unsigned long long>(counters.annotation_chunks),
      annotation_latency.quantile(0.5) * us, annotation_latency.quantile(0.99) * us,
      static_cast<unsigned long long>(counters.responses),
      static_cast<unsigned long long>(counters.open_at_end), first_error.c_str());
  return counters.events > 0 ? 0 : 1;
}
