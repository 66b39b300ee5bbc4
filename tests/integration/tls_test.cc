// TLS on both sides, with certificates made at test time: a TLS-terminating groundgate (B) in
// front of the mock, and a groundgate (A) whose https upstream is B.
#include <gtest/gtest.h>

#include <filesystem>
#include <utility>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/test_certs.h"

namespace groundgate::testing {
namespace {

class TlsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    certs_ = make_test_certs(front_.dir());
    ASSERT_EQ(certs_.error, "");
    proxy::mock::MockOptions options;
    options.tokens_per_second = 0;
    front_.start_mock(options);
    front_.start_proxy(R"(
tls: {cert_file: ${DIR}/server.pem, key_file: ${DIR}/server-key.pem}
upstreams:
  mock: {url: "http://127.0.0.1:${MOCK_PORT}"}
routes:
  - {name: all, match: {path_prefix: /}, upstream: mock}
logging: {access_log: false}
)");
  }

  void start_outer(const std::string& tls_settings) {
    outer_.set_upstream_port(front_.port());
    outer_.start_proxy("upstreams:\n  tls-up:\n    url: https://localhost:${UPSTREAM_PORT}\n" +
                       tls_settings +
                       "routes:\n  - {name: all, match: {path_prefix: /}, upstream: tls-up}\n"
                       "logging: {access_log: false}\n");
  }

  ProxyFixture front_;
  ProxyFixture outer_;
  TestCerts certs_;
};

const std::string kStream =
    R"({"model":"m","stream":true,"messages":[{"role":"user","content":"hi"}]})";

TEST_F(TlsTest, DownstreamTlsServesVerifiedClients) {
  HttpClient client(front_.port(), certs_.ca_file);
  auto response = client.request("POST", "/v1/chat/completions", kStream);
  ASSERT_EQ(response.status, 200) << response.error;
  EXPECT_NE(response.body.find("[DONE]"), std::string::npos);
  auto second = client.request("GET", "/v1/models");  // keep-alive over TLS
  EXPECT_EQ(second.status, 200) << second.error;
}

TEST_F(TlsTest, AReloadServesRotatedCertificatesToNewConnections) {
  HttpClient before(front_.port(), certs_.ca_file);
  ASSERT_EQ(before.request("GET", "/v1/models").status, 200);
  // New files from another CA, at the paths the config names (as cert-manager rotates them).
  const std::string next_dir = front_.dir() + "/next";
  std::filesystem::create_directories(next_dir);
  const TestCerts next = make_test_certs(next_dir);
  ASSERT_EQ(next.error, "");
  for (const auto& [from, to] :
       {std::pair{next.cert_file, certs_.cert_file}, std::pair{next.key_file, certs_.key_file}}) {
    std::filesystem::copy_file(from, to, std::filesystem::copy_options::overwrite_existing);
  }
  ASSERT_EQ(front_.server().reload(), "");

  HttpClient rotated(front_.port(), next.ca_file);
  EXPECT_EQ(rotated.request("GET", "/v1/models").status, 200);
  HttpClient old_trust(front_.port(), certs_.ca_file);
  EXPECT_EQ(old_trust.request("GET", "/v1/models").status, 0) << "the old CA no longer verifies";
  // The connection made before the reload goes on with the certificate it was served.
  EXPECT_EQ(before.request("GET", "/v1/models").status, 200);

  // A key that does not match is rejected, and the running certificate stays.
  std::filesystem::copy_file(certs_.ca_file, certs_.cert_file,
                             std::filesystem::copy_options::overwrite_existing);
  EXPECT_NE(front_.server().reload(), "");
  HttpClient still(front_.port(), next.ca_file);
  EXPECT_EQ(still.request("GET", "/v1/models").status, 200);
}

TEST_F(TlsTest, HttpsUpstreamVerifiedAgainstCaFile) {
  start_outer("    tls: {ca_file: " + certs_.ca_file + "}\n");
  auto response = http_request(outer_.port(), "POST", "/v1/chat/completions", kStream);
  ASSERT_EQ(response.status, 200) << response.error << response.body;
  EXPECT_NE(response.body.find("[DONE]"), std::string::npos);
}

TEST_F(TlsTest, UntrustedUpstreamCertificateIs502) {
  start_outer("");  // system CA store: the test CA is not in it
  auto response = http_request(outer_.port(), "POST", "/v1/chat/completions", kStream);
  EXPECT_EQ(response.status, 502);
  EXPECT_NE(response.body.find("upstream_tls"), std::string::npos) << response.body;
}

TEST_F(TlsTest, InsecureSkipVerifyOnlyWhenSet) {
  start_outer("    tls: {insecure_skip_verify: true}\n");
  auto response = http_request(outer_.port(), "POST", "/v1/chat/completions", kStream);
  EXPECT_EQ(response.status, 200) << response.error;
}

}  // namespace
}  // namespace groundgate::testing
