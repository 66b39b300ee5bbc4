// The operator-facing sections: reload (the config watch), tracing (the OTLP collector and
// sampling) and language_data (where WordNet and link-grammar are, checked at load).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>

#include "config/config_loader.h"
#include "tests/config/config_test_util.h"

namespace groundgate::config {
namespace {

using ::testing::HasSubstr;
using testing::load;
using testing::messages;

constexpr std::string_view kBase = R"(
upstreams: {llm: {url: "http://127.0.0.1:8000"}}
routes: [{match: {path_prefix: /v1}, upstream: llm}]
)";

LoadResult with(const std::string& extra) {
  return load(std::string(kBase) + extra);
}

std::string all(const LoadResult& r) {
  return ::testing::PrintToString(messages(r));
}

TEST(ReloadSection, WatchesByDefaultAndReadsItsKeys) {
  LoadResult defaults = with("");
  ASSERT_TRUE(defaults.config);
  EXPECT_TRUE(defaults.config->reload.watch);
  EXPECT_EQ(Millis{500}, defaults.config->reload.debounce);
  LoadResult set = with("reload: {watch: false, debounce: 2s}\n");
  ASSERT_TRUE(set.config) << all(set);
  EXPECT_FALSE(set.config->reload.watch);
  EXPECT_EQ(Millis{2000}, set.config->reload.debounce);
  LoadResult bad = with("reload: {watch: sometimes, every: 1s}\n");
  EXPECT_FALSE(bad.config);
  EXPECT_THAT(all(bad), HasSubstr("unknown key 'every'"));
  EXPECT_THAT(all(bad), HasSubstr("reload.watch"));
}

TEST(TracingSection, OffUnlessConfigured) {
  LoadResult r = with("");
  ASSERT_TRUE(r.config);
  EXPECT_FALSE(r.config->tracing);
}

TEST(TracingSection, ReadsTheCollectorAndTheBounds) {
  LoadResult r = with(R"(
tracing:
  endpoint: https://collector.example:4318/otlp/v1/traces
  sample_ratio: 0.25
  parent_based: false
  service_name: gateway-eu
  headers: {x-api-key: secret}
  timeout: 3s
  queue_spans: 1000
  batch_spans: 100
  flush_interval: 500ms
  tls: {server_name: collector.internal}
)");
  ASSERT_TRUE(r.config) << all(r);
  const TracingConfig& t = *r.config->tracing;
  EXPECT_TRUE(t.collector.https);
  EXPECT_EQ("collector.example", t.collector.host);
  EXPECT_EQ(4318, t.collector.port);
  EXPECT_EQ("/otlp/v1/traces", t.collector.base_path);
  EXPECT_EQ("collector.internal", t.collector.tls.server_name);
  EXPECT_EQ(0.25, t.sample_ratio);
  EXPECT_FALSE(t.parent_based);
  EXPECT_EQ("gateway-eu", t.service_name);
  ASSERT_EQ(1u, t.headers.size());
  EXPECT_EQ("x-api-key", t.headers[0].first);
  EXPECT_EQ(Millis{3000}, t.collector.connect_timeout);
  EXPECT_EQ(Millis{3000}, t.collector.header_timeout);
  EXPECT_EQ(1000u, t.queue_spans);
  EXPECT_EQ(100u, t.batch_spans);
  EXPECT_EQ(Millis{500}, t.flush_interval);
}

TEST(TracingSection, AnEndpointWithoutAPathGetsTheTracesPath) {
  LoadResult r = with("tracing: {endpoint: \"http://otel-collector:4318\"}\n");
  ASSERT_TRUE(r.config) << all(r);
  EXPECT_EQ("/v1/traces", r.config->tracing->collector.base_path);
  EXPECT_EQ(1.0, r.config->tracing->sample_ratio);
  EXPECT_TRUE(r.config->tracing->parent_based);
}

TEST(TracingSection, BadValuesAreLocatedErrors) {
  for (const char* bad : {
           "tracing: {sample_ratio: 0.5}\n",                          // no endpoint
           "tracing: {endpoint: \"grpc://x:4317\"}\n",                // OTLP/HTTP only
           "tracing: {endpoint: \"http://x\", sample_ratio: 1.5}\n",  // not a share
           "tracing: {endpoint: \"http://x\", batch_spans: 10, queue_spans: 5}\n",
           "tracing: {endpoint: \"http://x\", headers: {\"a b\": c}}\n",  // header name
           "tracing: {endpoint: \"http://x\", tls: {server_name: y}}\n",  // tls needs https
           "tracing: {endpoint: \"http://x\", exporter: zipkin}\n",       // unknown key
       }) {
    LoadResult r = with(bad);
    EXPECT_FALSE(r.config) << bad;
    EXPECT_THAT(all(r), HasSubstr("tracing")) << bad;
  }
}

TEST(LanguageData, DebianLocationsByDefault) {
  LoadResult r = with("");
  ASSERT_TRUE(r.config);
  EXPECT_EQ("/usr/share/wordnet", r.config->language_data.wordnet);
  EXPECT_EQ("/usr/share/link-grammar", r.config->language_data.link_grammar);
}

TEST(LanguageData, AMissingDirectoryIsAnErrorOnlyWhenAPolicyNeedsIt) {
  const std::string elsewhere =
      "language_data: {wordnet: /nonexistent/wn, link_grammar: /nonexistent/lg}\n";
  EXPECT_TRUE(with(elsewhere).config) << "no policy verifies: nothing is loaded";
  LoadResult pieces = with(elsewhere + "policies: {g: {verifiers: [semantic_pieces]}}\n");
  EXPECT_FALSE(pieces.config);
  EXPECT_THAT(all(pieces), HasSubstr("language_data.wordnet: WordNet not found"));
  EXPECT_THAT(all(pieces), HasSubstr("wordnet-base"));
  EXPECT_THAT(all(pieces), ::testing::Not(HasSubstr("link-grammar"))) << "triplets do not run";
  LoadResult triplets = with(elsewhere + "policies: {g: {verifiers: [triplets]}}\n");
  EXPECT_THAT(all(triplets), HasSubstr("language_data.link_grammar"));
  EXPECT_THAT(all(triplets), HasSubstr("link-grammar-dictionaries-en"));
}

TEST(LanguageData, ADefaultThatIsMissingNamesThePolicyAndThePackage) {
  // The default location cannot be made missing here; a relative path from the config's
  // directory shows the message a user without the package sees.
  testing::TempDir dir;
  const std::string path = dir.path() + "/c.yaml";
  std::ofstream(path) << kBase << "language_data: {wordnet: wordnet}\n"
                      << "policies: {guard: {verifiers: [semantic_pieces]}}\n";
  LoadResult r = load_config_file(path);
  ASSERT_FALSE(r.config);
  EXPECT_THAT(all(r), HasSubstr("'" + dir.path() + "/wordnet/data.noun' does not exist"));
  EXPECT_THAT(all(r), HasSubstr("policy 'guard' needs it"));
}

TEST(VerdictsSection, KeepsTenMinutesBoundedByDefaultAndReadsItsKeys) {
  LoadResult defaults = with("");
  ASSERT_TRUE(defaults.config);
  EXPECT_EQ(Millis{600'000}, defaults.config->verdicts.keep);
  EXPECT_EQ(16u << 20, defaults.config->verdicts.max_bytes);
  EXPECT_FALSE(defaults.config->verdict_webhook);
  LoadResult set = with("verdicts: {keep: 0s, max_bytes: 1MiB}\n");
  ASSERT_TRUE(set.config) << all(set);
  EXPECT_EQ(Millis{0}, set.config->verdicts.keep);
  EXPECT_EQ(1u << 20, set.config->verdicts.max_bytes);
  EXPECT_THAT(all(with("verdicts: {keep: forever}\n")), HasSubstr("verdicts.keep"));
}

TEST(VerdictWebhookSection, ReadsTheReceiverAndWhatToPost) {
  LoadResult r = with(R"(
verdict_webhook:
  url: https://alerts.example/hooks/gg
  on: [hallucinated, unverified, blocked]
  headers: {authorization: "Bearer k"}
  timeout: 2s
  queue: 10
  attempts: 5
  retry_after: 250ms
)");
  ASSERT_TRUE(r.config) << all(r);
  const VerdictWebhookConfig& w = *r.config->verdict_webhook;
  EXPECT_EQ("alerts.example", w.receiver.host);
  EXPECT_EQ(443, w.receiver.port);
  EXPECT_TRUE(w.receiver.https);
  EXPECT_EQ("/hooks/gg", w.receiver.base_path);
  EXPECT_EQ((std::vector<std::string>{"hallucinated", "unverified", "blocked"}), w.on);
  EXPECT_EQ("authorization", w.headers.at(0).first);
  EXPECT_EQ(Millis{2000}, w.receiver.connect_timeout);
  EXPECT_EQ(10u, w.queue);
  EXPECT_EQ(5u, w.attempts);
  EXPECT_EQ(Millis{250}, w.retry_after);
  LoadResult defaults = with("verdict_webhook: {url: \"http://127.0.0.1:9000\"}\n");
  ASSERT_TRUE(defaults.config) << all(defaults);
  EXPECT_EQ((std::vector<std::string>{"hallucinated", "blocked"}),
            defaults.config->verdict_webhook->on);
  EXPECT_EQ("/", defaults.config->verdict_webhook->receiver.base_path);
}

TEST(VerdictWebhookSection, RefusesWhatItCannotPost) {
  EXPECT_THAT(all(with("verdict_webhook: {on: [hallucinated]}\n")), HasSubstr("url"));
  EXPECT_THAT(all(with("verdict_webhook: {url: \"ftp://x\"}\n")), HasSubstr("verdict_webhook.url"));
  EXPECT_THAT(all(with("verdict_webhook: {url: \"http://x\", on: [wrong]}\n")),
              HasSubstr("'wrong' is none of"));
  EXPECT_THAT(all(with("verdict_webhook: {url: \"http://x\", attempts: 0}\n")),
              HasSubstr("attempts: expected a whole number from 1 to 10"));
}

}  // namespace
}  // namespace groundgate::config
