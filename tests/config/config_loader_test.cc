#include "config/config_loader.h"

#include <gtest/gtest.h>

#include "tests/config/config_test_util.h"

namespace groundgate::config {
namespace {

using testing::load;
using testing::messages;
using testing::TempDir;

constexpr std::string_view kAllKeys = R"(
listen: "[::1]:0"
admin_listen: 127.0.0.1:9902
tls:
  cert_file: certs/server.crt
  key_file: certs/server.key
upstreams:
  openai:
    url: https://api.openai.com/v1/
    connect_timeout: 250ms
    header_timeout: 30s
    idle_timeout: 2m
    total_timeout: 1h
    tls:
      ca_file: ca.pem
      insecure_skip_verify: false
      server_name: api.example.com
  local:
    url: http://127.0.0.1:8000
    connect_timeout: 1500
routes:
  - name: chat
    match:
      path_prefix: /v1/chat
      methods: [POST, PUT]
      headers:
        X-Tenant: acme
        x-debug:
      model: gpt-4*
    upstream: openai
    policy: strict
    allow_policy_header: true
  - upstream: local
policies:
  strict:
    redact:
      phrases: ["internal use only", secret]
      replacement: "***"
      case_insensitive: false
  empty:
  also-empty: {}
limits:
  max_request_body: 16MiB
  max_response_body: 64MB
  max_header_bytes: 32KiB
  max_sse_event: 2097152
  max_connections: 500
  client_header_timeout: 10s
  client_idle_timeout: 1m
  client_body_timeout: 20s
  drain_timeout: 0
  filter_workers: 3
  filter_jobs: 16
logging:
  level: debug
  access_log: false
  access_log_path: /var/log/gg.log
  log_content: true
)";

TEST(LoadConfig, EveryKeyFromAFileWithPathsRelativeToIt) {
  TempDir dir;
  std::filesystem::create_directories(dir.path() + "/certs");
  dir.write("certs/server.crt", "cert");
  dir.write("certs/server.key", "key");
  dir.write("ca.pem", "ca");
  const std::string file = dir.write("gg.yaml", kAllKeys.substr(1));

  LoadResult r = load_config_file(file);
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  EXPECT_TRUE(r.errors.empty());
  const Config& c = *r.config;
  EXPECT_EQ(file, c.source);
  EXPECT_EQ("::1", c.listen.host);
  EXPECT_EQ(0, c.listen.port);
  EXPECT_EQ("127.0.0.1", c.admin_listen.host);
  EXPECT_EQ(9902, c.admin_listen.port);
  ASSERT_TRUE(c.tls);
  EXPECT_EQ(dir.path() + "/certs/server.crt", c.tls->cert_file);
  EXPECT_EQ(dir.path() + "/certs/server.key", c.tls->key_file);

  ASSERT_EQ(2u, c.upstreams.size());
  const UpstreamConfig* openai = c.find_upstream("openai");
  ASSERT_NE(nullptr, openai);
  EXPECT_EQ("https://api.openai.com/v1/", openai->url);
  EXPECT_TRUE(openai->https);
  EXPECT_EQ("api.openai.com", openai->host);
  EXPECT_EQ(443, openai->port);
  EXPECT_EQ("/v1", openai->base_path);
  EXPECT_EQ(Millis{250}, openai->connect_timeout);
  EXPECT_EQ(Millis{30'000}, openai->header_timeout);
  EXPECT_EQ(Millis{120'000}, openai->idle_timeout);
  EXPECT_EQ(Millis{3'600'000}, openai->total_timeout);
  EXPECT_EQ(dir.path() + "/ca.pem", openai->tls.ca_file);
  EXPECT_FALSE(openai->tls.insecure_skip_verify);
  EXPECT_EQ("api.example.com", openai->tls.server_name);
  const UpstreamConfig* local = c.find_upstream("local");
  ASSERT_NE(nullptr, local);
  EXPECT_FALSE(local->https);
  EXPECT_EQ(8000, local->port);
  EXPECT_EQ(Millis{1'500}, local->connect_timeout);
  EXPECT_EQ(Millis{120'000}, local->header_timeout);  // default kept
  EXPECT_EQ(nullptr, c.find_upstream("nope"));

  ASSERT_EQ(2u, c.routes.size());
  const RouteConfig& chat = c.routes[0];
  EXPECT_EQ("chat", chat.name);
  EXPECT_EQ("/v1/chat", chat.match.path_prefix);
  EXPECT_EQ((std::vector<std::string>{"POST", "PUT"}), chat.match.methods);
  ASSERT_EQ(2u, chat.match.headers.size());
  EXPECT_EQ("x-tenant", chat.match.headers[0].name);  // stored lowercase
  EXPECT_EQ("acme", chat.match.headers[0].value);
  EXPECT_EQ("x-debug", chat.match.headers[1].name);
  EXPECT_EQ("", chat.match.headers[1].value);  // presence only
  EXPECT_EQ("gpt-4*", chat.match.model);
  EXPECT_EQ("openai", chat.upstream);
  EXPECT_EQ("strict", chat.policy);
  EXPECT_TRUE(chat.allow_policy_header);
  const RouteConfig& fallback = c.routes[1];
  EXPECT_EQ("route-1", fallback.name);
  EXPECT_EQ("/", fallback.match.path_prefix);
  EXPECT_TRUE(fallback.match.methods.empty());
  EXPECT_EQ("", fallback.policy);
  EXPECT_FALSE(fallback.allow_policy_header);

  ASSERT_EQ(3u, c.policies.size());
  const PolicyConfig* strict = c.find_policy("strict");
  ASSERT_NE(nullptr, strict);
  ASSERT_TRUE(strict->redact);
  EXPECT_EQ((std::vector<std::string>{"internal use only", "secret"}), strict->redact->phrases);
  EXPECT_EQ("***", strict->redact->replacement);
  EXPECT_FALSE(strict->redact->case_insensitive);
  ASSERT_NE(nullptr, c.find_policy("empty"));
  EXPECT_FALSE(c.find_policy("empty")->redact);
  EXPECT_NE(nullptr, c.find_policy("also-empty"));

  EXPECT_EQ(16u << 20, c.limits.max_request_body);
  EXPECT_EQ(64'000'000u, c.limits.max_response_body);
  EXPECT_EQ(32u << 10, c.limits.max_header_bytes);
  EXPECT_EQ(2u << 20, c.limits.max_sse_event);
  EXPECT_EQ(500u, c.limits.max_connections);
  EXPECT_EQ(Millis{10'000}, c.limits.client_header_timeout);
  EXPECT_EQ(Millis{60'000}, c.limits.client_idle_timeout);
  EXPECT_EQ(Millis{20'000}, c.limits.client_body_timeout);
  EXPECT_EQ(Millis{0}, c.limits.drain_timeout);
  EXPECT_EQ(3u, c.limits.filter_workers);
  EXPECT_EQ(16u, c.limits.filter_jobs);

  EXPECT_EQ("debug", c.logging.level);
  EXPECT_FALSE(c.logging.access_log);
  EXPECT_EQ("/var/log/gg.log", c.logging.access_log_path);
  EXPECT_TRUE(c.logging.log_content);
}

TEST(LoadConfig, MinimalConfigGetsDefaults) {
  LoadResult r = load(R"(
upstreams:
  up:
    url: http://127.0.0.1:8081
routes:
  - upstream: up
)");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  const Config& c = *r.config;
  EXPECT_EQ("test.yaml", c.source);
  EXPECT_EQ("127.0.0.1", c.listen.host);
  EXPECT_EQ(8080, c.listen.port);
  EXPECT_EQ(9901, c.admin_listen.port);
  EXPECT_FALSE(c.tls);
  EXPECT_EQ("route-0", c.routes[0].name);
  EXPECT_TRUE(c.policies.empty());
  EXPECT_EQ(Limits{}.max_request_body, c.limits.max_request_body);
  EXPECT_EQ("info", c.logging.level);
  EXPECT_TRUE(c.logging.access_log);
}

TEST(LoadConfig, UnreadableFileIsAPositionlessError) {
  LoadResult r = load_config_file("/nonexistent/gg.yaml");
  EXPECT_FALSE(r.config);
  ASSERT_EQ(1u, r.errors.size());
  EXPECT_EQ(0, r.errors[0].line);
  EXPECT_EQ("/nonexistent/gg.yaml: cannot open: No such file or directory",
            r.errors[0].to_string());

  TempDir dir;
  r = load_config_file(dir.path());
  ASSERT_EQ(1u, r.errors.size());
  EXPECT_NE(std::string::npos, r.errors[0].message.find("is a directory"));
}

TEST(LoadConfig, FileErrorsNameTheFile) {
  TempDir dir;
  const std::string file = dir.write("bad.yaml", "upstreams: {}\nroutes: []\nlisten: nope\n");
  LoadResult r = load_config_file(file);
  EXPECT_FALSE(r.config);
  ASSERT_FALSE(r.errors.empty());
  for (const ConfigError& e : r.errors)
    EXPECT_EQ(file, e.file);
  EXPECT_EQ(file +
                ":3:9: listen: invalid endpoint 'nope': missing port (write host:port, e.g. "
                "127.0.0.1:8080)",
            r.errors.back().to_string());
}

TEST(LoadConfig, TooLargeInputIsRefused) {
  const std::string big(kMaxConfigBytes + 1, '#');
  LoadResult r = load_config_string(big, "big.yaml");
  EXPECT_FALSE(r.config);
  ASSERT_EQ(1u, r.errors.size());
  EXPECT_NE(std::string::npos, r.errors[0].message.find("larger than"));

  TempDir dir;
  r = load_config_file(dir.write("big.yaml", big));
  ASSERT_EQ(1u, r.errors.size());
  EXPECT_NE(std::string::npos, r.errors[0].message.find("larger than"));
}

}  // namespace
}  // namespace groundgate::config
