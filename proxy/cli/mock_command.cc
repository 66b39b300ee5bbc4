#include <charconv>
#include <csignal>
#include <cstdio>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>

#include "proxy/cli/args.h"
#include "proxy/cli/commands.h"
#include "proxy/mock/mock_upstream.h"

namespace groundgate::proxy::cli {
namespace asio = boost::asio;

namespace {

// "HOST:PORT" or "[v6]:PORT" → options.host/port. False when malformed.
bool parse_listen(std::string_view text, mock::MockOptions& options) {
  auto colon = text.rfind(':');
  if (colon == std::string_view::npos) return false;
  std::string_view host = text.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  std::string_view port = text.substr(colon + 1);
  unsigned value = 0;
  auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
  if (ec != std::errc() || end != port.data() + port.size() || value > 65535 || host.empty()) {
    return false;
  }
  options.host = std::string(host);
  options.port = static_cast<uint16_t>(value);
  return true;
}

constexpr std::string_view kUsage =
    "usage: groundgate mock-upstream --listen HOST:PORT [--script FILE] [--tokens-per-second N]\n"
    "         [--stamp] [--record FILE]\n"
    "  an OpenAI-compatible mock endpoint: chat completions, legacy completions and the\n"
    "  Responses API, streamed or whole, with scripted answers\n"
    "  --script: canned answers, YAML: [{match: TEXT, answer: TEXT}]; the first entry whose\n"
    "    match occurs in the last user message answers (also system: TEXT, temperature: N,\n"
    "    match: [A, B] in that order, turns: [..] for successive requests: a scripted judge)\n"
    "  --record: append every completion request to FILE, one JSON line {path, body} each\n"
    "  --stamp: each event carries the time it was made (the load benchmark reads it)\n";

}  // namespace

std::string_view mock_upstream_usage() {
  return kUsage;
}

int mock_upstream_command(int argc, char** argv, int first) {
  Args args(argc, argv, first, {"stamp"});
  mock::MockOptions options;
  auto listen = args.value("listen");
  if (!args.error().empty() || !listen || !parse_listen(*listen, options)) {
    std::fputs(kUsage.data(), stderr);
    return 2;
  }
  if (auto script = args.value("script")) options.script_file = *script;
  if (auto record = args.value("record")) options.record_file = *record;
  if (auto rate = args.value("tokens-per-second")) {
    char* end = nullptr;
    options.tokens_per_second = std::strtod(rate->c_str(), &end);
    if (end == rate->c_str() || *end != '\0') {
      std::fprintf(stderr, "groundgate mock-upstream: --tokens-per-second wants a number\n");
      return 2;
    }
  }
  options.stamp = args.flag("stamp");

  asio::io_context io;
  auto created = mock::MockUpstream::create(io, options);
  if (!created.ok()) {
    std::fprintf(stderr, "groundgate mock-upstream: %s\n", created.error.c_str());
    return 1;
  }
  created.upstream->start();
  std::printf("mock upstream listening on %s:%u\n", options.host.c_str(),
              static_cast<unsigned>(created.upstream->port()));
  std::fflush(stdout);

  asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](const boost::system::error_code&, int) {
    created.upstream->stop();
    io.stop();
  });
  unsigned threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> workers;
  for (unsigned i = 1; i < threads; ++i)
    workers.emplace_back([&io] { io.run(); });
  io.run();
  for (auto& t : workers)
    t.join();
  return 0;
}

}  // namespace groundgate::proxy::cli
