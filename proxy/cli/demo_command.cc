#include <cstdio>
#include <memory>

#include "config/config_loader.h"
#include "proxy/cli/args.h"
#include "proxy/cli/commands.h"
#include "proxy/cli/demo_config.h"
#include "proxy/cli/proxy_runner.h"
#include "proxy/mock/mock_upstream.h"

namespace groundgate::proxy::cli {

namespace {

void print_try_it(const config::Config& config, uint16_t port, uint16_t admin_port) {
  std::string base = "http://" + config.listen.host + ":" + std::to_string(port);
  std::printf(R"(
groundgate demo: a mock OpenAI-compatible upstream and the proxy in one process.
Point any OpenAI client at %s/v1 (any API key). Try:

  # a streamed answer, passed through byte for byte
  curl -N %s/v1/chat/completions -H 'content-type: application/json' \
    -d '{"model":"gpt-4o-mini","stream":true,"messages":[{"role":"user","content":"Tell me about the project."}]}'

  # the built-in phrase redactor at work (policy "redact-demo" on this route)
  curl -N %s/v1/chat/completions -H 'content-type: application/json' \
    -d '{"model":"gpt-4o-mini","stream":true,"messages":[{"role":"user","content":"What is internal?"}]}'

  # not streamed
  curl %s/v1/chat/completions -H 'content-type: application/json' \
    -d '{"model":"gpt-4o-mini","messages":[{"role":"user","content":"What is internal?"}]}'

  # metrics and health
  curl http://%s:%u/metrics
  curl http://%s:%u/healthz

Ctrl-C to stop.
)",
              base.c_str(), base.c_str(), base.c_str(), base.c_str(),
              config.admin_listen.host.c_str(), admin_port, config.admin_listen.host.c_str(),
              admin_port);
  std::fflush(stdout);
}

}  // namespace

int demo_command(int argc, char** argv, int first) {
  auto loaded = config::load_config_string(kDemoConfigYaml, "built-in demo config");
  if (!loaded.config) {
    for (const auto& e : loaded.errors)
      std::fprintf(stderr, "%s\n", e.to_string().c_str());
    return 1;
  }
  auto config = loaded.config;
  const config::UpstreamConfig& upstream = config->upstreams.front();
  std::unique_ptr<mock::MockUpstream> mock_upstream;

  RunHooks hooks;
  hooks.started = [&](boost::asio::io_context& io, server::ProxyServer& server) -> std::string {
    mock::MockOptions options;
    options.host = upstream.host;
    options.port = upstream.port;
    options.tokens_per_second = 15;
    options.script_yaml = std::string(kDemoScriptYaml);
    auto created = mock::MockUpstream::create(io, options);
    if (!created.ok()) return "demo mock upstream: " + created.error;
    mock_upstream = std::move(created.upstream);
    mock_upstream->start();
    print_try_it(*config, server.port(), server.admin_port());
    return {};
  };
  hooks.stopping = [&] {
    if (mock_upstream) mock_upstream->stop();
  };
  hooks.stopped = [&] { mock_upstream.reset(); };
  return run_proxy(config, "", hooks);
}

}  // namespace groundgate::proxy::cli
