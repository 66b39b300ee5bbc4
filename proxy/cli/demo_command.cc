#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

#include "config/config_loader.h"
#include "proxy/cli/args.h"
#include "proxy/cli/commands.h"
#include "proxy/cli/demo_config.h"
#include "proxy/cli/proxy_runner.h"
#include "proxy/mock/mock_upstream.h"

namespace groundgate::proxy::cli {

namespace {

// The demo's documents (see demo-mock-script.yaml for the answers that go with them).
constexpr std::string_view kDocuments =
    "Acme Cloud was founded in 2011 in Oslo. Its chief executive is Maria Jensen. Refunds are "
    "issued within 14 days of a cancellation. The Pro plan costs $12 per month and includes 2 TB "
    "of storage.";

// A curl command for a chat completion with the documents, shell-quoted with single quotes.
std::string guarded(std::string_view base, std::string_view model, std::string_view question,
                    bool stream) {
  std::string body = R"({"model":")" + std::string(model) + "\"";
  if (stream) body += R"(,"stream":true)";
  body += R"(,"documents":[")" + std::string(kDocuments) + R"("],"messages":[{"role":"user",)";
  body += R"("content":")" + std::string(question) + R"("}]})";
  return "curl -s" + std::string(stream ? "N" : "i") + " " + std::string(base) +
         "/v1/chat/completions -H 'content-type: application/json' -d '" + body + "'";
}

// The same through the Responses API (POST /v1/responses): the question as `input`.
std::string guarded_responses(std::string_view base, std::string_view model,
                              std::string_view question, bool stream) {
  std::string body = R"({"model":")" + std::string(model) + "\"";
  if (stream) body += R"(,"stream":true)";
  body += R"(,"documents":[")" + std::string(kDocuments) + R"("],"input":")";
  body += std::string(question) + R"("})";
  return "curl -s" + std::string(stream ? "N" : "i") + " " + std::string(base) +
         "/v1/responses -H 'content-type: application/json' -d '" + body + "'";
}

void print_try_it(const config::Config& config, uint16_t port, uint16_t admin_port) {
  const std::string base = "http://" + config.listen.host + ":" + std::to_string(port);
  const std::string admin = config.admin_listen.host + ":" + std::to_string(admin_port);
  std::printf(
      R"(
groundgate demo: a mock OpenAI-compatible upstream and the proxy in one process.
Point any OpenAI client at %s/v1 (any API key). The requests carry the documents (the
retrieved context); the mock's canned answers get a number, a date or a name wrong.

# annotate (stream_first): text at once, unchanged; a `groundgate` verdict follows each
# sentence in a chunk of its own, the summary before [DONE]. The refund period is changed
# (30 vs 14 days):
%s

# block (sentence hold): the sentence with the wrong founding year is never sent; the stream
# ends with finish_reason "content_filter" and the reason:
%s

# rewrite (sentence hold): the wrong number is corrected from the documents, the invented
# chief executive replaced by a notice:
%s
%s

# an unsupported claim, not streamed: headers x-groundgate-verdict / -checked / -added-ms,
# a `groundgate` field, the answer cut at the verified prefix:
%s

# The Responses API (POST /v1/responses), guarded the same way. annotate: verdicts in
# `groundgate.annotations` events, the summary in the final response's `groundgate` field:
%s

# block: the stream ends as OpenAI ends a filtered answer, response.incomplete with
# incomplete_details.reason "content_filter"; every event that repeats the text says only the
# verified prefix:
%s

# rewrite: the deltas, output_text.done, the item and the final response carry the correction:
%s

# not streamed: the same headers and `groundgate` field; a blocked answer is "incomplete":
%s

# the phrase redactor (the default route; a request may pick a policy with a header):
curl -sN %s/v1/chat/completions -H 'content-type: application/json' -H 'x-groundgate-policy: redact-demo' -d '{"model":"gpt-4o-mini","stream":true,"messages":[{"role":"user","content":"What is internal?"}]}'

# the verdicts of any answer above, for clients that drop the annotations: by the id in its
# x-groundgate-id header (curl -si shows it) or the answer's own id (chatcmpl-..., resp_...):
curl http://%s/verdicts/ID

# metrics (verdicts, actions, verification time, hold delay) and health:
curl http://%s/metrics
curl http://%s/healthz

Ctrl-C to stop.
)",
      base.c_str(), guarded(base, "guard-annotate", "What is the refund policy?", true).c_str(),
      guarded(base, "guard-block", "When was Acme founded?", true).c_str(),
      guarded(base, "guard-rewrite", "What is the refund policy?", true).c_str(),
      guarded(base, "guard-rewrite", "Who is the chief executive?", true).c_str(),
      guarded(base, "guard-block", "What does the plan include?", false).c_str(),
      guarded_responses(base, "guard-annotate", "What is the refund policy?", true).c_str(),
      guarded_responses(base, "guard-block", "When was Acme founded?", true).c_str(),
      guarded_responses(base, "guard-rewrite", "What is the refund policy?", true).c_str(),
      guarded_responses(base, "guard-block", "What does the plan include?", false).c_str(),
      base.c_str(), admin.c_str(), admin.c_str(), admin.c_str());
  std::fflush(stdout);
}

constexpr std::string_view kUsage =
    "usage: groundgate demo\n"
    "  the mock upstream (127.0.0.1:8081) and the proxy (127.0.0.1:8080, admin 127.0.0.1:9901)\n"
    "  in one process with the built-in config (config/examples/demo.yaml): annotate, block\n"
    "  and rewrite on canned RAG answers; prints the curl commands to try. Ctrl-C stops.\n";

}  // namespace

std::string_view demo_usage() {
  return kUsage;
}

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
