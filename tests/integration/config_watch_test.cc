// The config watch on a running proxy: a ConfigMap update (the kubelet's symlink swap) reloads
// as SIGHUP does, a broken version is rejected and the running config stays, and a TLS Secret
// update serves the new certificate to new connections.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/test_certs.h"
#include "tests/support/kubelet_volume.h"

namespace groundgate::testing {
namespace {

const char* kScript = R"(
- match: "internal"
  answer: "This is internal use only, and that is all for now."
)";

const std::string kRequest =
    R"({"model":"m","stream":true,"messages":[{"role":"user","content":"internal"}]})";

constexpr const char* kWatch = "reload: {watch: true, debounce: 50ms}\n";

std::string config(const std::string& policy, const std::string& extra = {},
                   const std::string& reload = kWatch) {
  return reload + R"(
upstreams:
  mock: {url: "http://127.0.0.1:${MOCK_PORT}"}
policies:
  redact:
    redact: {phrases: ["internal use only"], replacement: "[gone]"}
routes:
  - {name: r, match: {path_prefix: /v1}, upstream: mock)" +
         (policy.empty() ? std::string() : ", policy: " + policy) + R"(}
logging: {access_log: false}
)" + extra;
}

std::string read(const std::string& path) {
  std::ostringstream out;
  out << std::ifstream(path, std::ios::binary).rdbuf();
  return out.str();
}

class ConfigWatchTest : public ::testing::Test {
 protected:
  void SetUp() override { fixture_.start_scripted_mock(kScript); }
  // The config as the kubelet mounts a ConfigMap: ${DIR}/config.yaml -> ..data/config.yaml.
  void publish(const std::string& yaml) {
    config_volume_.publish({{"config.yaml", fixture_.substitute(yaml)}});
  }

  ProxyFixture fixture_;
  KubeletVolume config_volume_{fixture_.dir()};
};

// Waits for the reload counts (the watch reloads after its quiet period) and says whether
// they were reached.
bool reached(uint16_t admin_port, int ok, int error) {
  const std::string ok_line =
      "groundgate_config_reloads_total{result=\"ok\"} " + std::to_string(ok) + "\n";
  const std::string error_line =
      "groundgate_config_reloads_total{result=\"error\"} " + std::to_string(error) + "\n";
  for (int i = 0; i < 500; ++i) {
    const std::string metrics = http_request(admin_port, "GET", "/metrics").body;
    if (metrics.find(ok_line) != std::string::npos &&
        metrics.find(error_line) != std::string::npos) {
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

TEST_F(ConfigWatchTest, AConfigMapUpdateReloadsAndABrokenOneIsRejected) {
  publish(config(""));
  fixture_.start_proxy(config(""));
  auto before = http_request(fixture_.port(), "POST", "/v1/chat/completions", kRequest);
  EXPECT_EQ(before.body.find("[gone]"), std::string::npos);

  publish(config("redact"));
  ASSERT_TRUE(reached(fixture_.admin_port(), 1, 0));
  auto after = http_request(fixture_.port(), "POST", "/v1/chat/completions", kRequest);
  EXPECT_NE(after.body.find("[gone]"), std::string::npos) << after.body;

  publish("routes: [this is: not valid\n");
  ASSERT_TRUE(reached(fixture_.admin_port(), 1, 1));
  auto still = http_request(fixture_.port(), "POST", "/v1/chat/completions", kRequest);
  EXPECT_NE(still.body.find("[gone]"), std::string::npos) << "the running config stays";

  // Fixed again: the watch goes on after a rejected version.
  publish(config(""));
  ASSERT_TRUE(reached(fixture_.admin_port(), 2, 1));
  auto fixed = http_request(fixture_.port(), "POST", "/v1/chat/completions", kRequest);
  EXPECT_EQ(fixed.body.find("[gone]"), std::string::npos);
}

TEST_F(ConfigWatchTest, ATlsSecretUpdateServesTheNewCertificate) {
  std::filesystem::create_directories(fixture_.dir() + "/first");
  std::filesystem::create_directories(fixture_.dir() + "/second");
  const TestCerts first = make_test_certs(fixture_.dir() + "/first");
  ASSERT_EQ(first.error, "");
  const TestCerts second = make_test_certs(fixture_.dir() + "/second");
  ASSERT_EQ(second.error, "");
  KubeletVolume secret(fixture_.dir() + "/tls");
  secret.publish({{"tls.crt", read(first.cert_file)}, {"tls.key", read(first.key_file)}});
  const std::string yaml =
      config("", "tls: {cert_file: ${DIR}/tls/tls.crt, key_file: ${DIR}/tls/tls.key}\n");
  publish(yaml);
  fixture_.start_proxy(yaml);
  ASSERT_EQ(HttpClient(fixture_.port(), first.ca_file).request("GET", "/v1/models").status, 200);

  secret.publish({{"tls.crt", read(second.cert_file)}, {"tls.key", read(second.key_file)}});
  ASSERT_TRUE(reached(fixture_.admin_port(), 1, 0));
  EXPECT_EQ(HttpClient(fixture_.port(), second.ca_file).request("GET", "/v1/models").status, 200);
  EXPECT_EQ(HttpClient(fixture_.port(), first.ca_file).request("GET", "/v1/models").status, 0)
      << "the old certificate is no longer served";
}

TEST_F(ConfigWatchTest, WatchOffLeavesReloadToTheSignal) {
  const std::string off = config("", {}, "reload: {watch: false}\n");
  publish(off);
  fixture_.start_proxy(off);
  publish(config("redact"));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  auto same = http_request(fixture_.port(), "POST", "/v1/chat/completions", kRequest);
  EXPECT_EQ(same.body.find("[gone]"), std::string::npos) << "not reloaded on its own";
  fixture_.server().request_reload();
  ASSERT_TRUE(reached(fixture_.admin_port(), 1, 0));
}

}  // namespace
}  // namespace groundgate::testing
