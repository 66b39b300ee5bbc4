// `groundgate serve` as a process, driven by signals as an operator (or Kubernetes) drives
// it: SIGHUP reloads the config file, SIGTERM drains streams in flight up to
// limits.drain_timeout and exits 0.
#include <signal.h>

#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <string>
#include <thread>

#include "tests/integration/support/http_client.h"
#include "tests/proxy/cli/child_process.h"

namespace groundgate::testing {
namespace {

using namespace std::chrono_literals;

const std::string kStreamedChat =
    R"({"model":"gpt-4o-mini","stream":true,"messages":[{"role":"user","content":"Hello"}]})";

bool wait_until_status(std::uint16_t port, const std::string& target, int status) {
  const auto deadline = std::chrono::steady_clock::now() + 15s;
  while (std::chrono::steady_clock::now() < deadline) {
    if (http_request(port, "GET", target).status == status) return true;
    std::this_thread::sleep_for(20ms);
  }
  return false;
}

class SignalsTest : public ::testing::Test {
 protected:
  // The mock upstream and the proxy as two processes; `limits` is the config's limits section.
  void start(double tokens_per_second, const std::string& limits = "") {
    mock_ = std::make_unique<ChildProcess>(std::vector<std::string>{
        "mock-upstream", "--listen", "127.0.0.1:" + std::to_string(mock_port_),
        "--tokens-per-second", std::to_string(tokens_per_second)});
    ASSERT_TRUE(wait_until_status(mock_port_, "/v1/models", 200)) << mock_->output();
    write_file(config_path_, config("all", limits));
    proxy_ = std::make_unique<ChildProcess>(std::vector<std::string>{"serve", "-c", config_path_});
    ASSERT_TRUE(wait_until_status(admin_port_, "/readyz", 200)) << proxy_->output();
  }

  std::string config(const std::string& route, const std::string& limits) const {
    std::string yaml =
        "listen: 127.0.0.1:" + std::to_string(port_) +
        "\nadmin_listen: 127.0.0.1:" + std::to_string(admin_port_) +
        "\nupstreams:\n  mock:\n    url: http://127.0.0.1:" + std::to_string(mock_port_) +
        "\nroutes:\n  - name: " + route + "\n    match: {path_prefix: /}\n    upstream: mock\n";
    if (!limits.empty()) yaml += "limits:\n" + limits;
    return yaml;
  }

  // A streamed answer read to its end on another thread.
  std::future<HttpResponse> stream_answer() {
    return std::async(std::launch::async, [port = port_] {
      return http_request(port, "POST", "/v1/chat/completions", kStreamedChat,
                          {{"Content-Type", "application/json"}});
    });
  }

  std::uint16_t mock_port_ = free_port();
  std::uint16_t port_ = free_port();
  std::uint16_t admin_port_ = free_port();
  std::string config_path_ = make_temp_dir() + "/groundgate.yaml";
  std::unique_ptr<ChildProcess> mock_;
  std::unique_ptr<ChildProcess> proxy_;
};

TEST_F(SignalsTest, SighupKeepsTheOldConfigOnErrorsAndAppliesAGoodOne) {
  ASSERT_NO_FATAL_FAILURE(start(1000));
  write_file(config_path_, "listen: 127.0.0.1:1\nroutes: []\n");
  proxy_->signal(SIGHUP);
  EXPECT_NE(std::string::npos,
            metrics_with(admin_port_, "groundgate_config_reloads_total{result=\"error\"} 1")
                .find("groundgate_config_reloads_total{result=\"error\"} 1"))
      << proxy_->output();
  EXPECT_EQ(200, http_request(port_, "GET", "/v1/models").status);

  write_file(config_path_, config("renamed", ""));
  proxy_->signal(SIGHUP);
  const std::string ok = "groundgate_config_reloads_total{result=\"ok\"} 1";
  EXPECT_NE(std::string::npos, metrics_with(admin_port_, ok).find(ok)) << proxy_->output();
  EXPECT_EQ(200, http_request(port_, "GET", "/v1/models").status);
  const std::string renamed = "route=\"renamed\"";
  EXPECT_NE(std::string::npos, metrics_with(admin_port_, renamed).find(renamed));
  EXPECT_FALSE(proxy_->wait_for_exit(0ms).has_value());
}

TEST_F(SignalsTest, SigtermLetsAStreamInFlightFinishThenExitsZero) {
  // About 55 tokens at 20 per second: the answer is still streaming when SIGTERM comes.
  ASSERT_NO_FATAL_FAILURE(start(20, "  drain_timeout: 20s\n"));
  auto answer = stream_answer();
  std::this_thread::sleep_for(500ms);
  proxy_->signal(SIGTERM);
  EXPECT_TRUE(wait_until_status(admin_port_, "/readyz", 503)) << "not draining";

  const HttpResponse response = answer.get();
  EXPECT_EQ(200, response.status) << response.error;
  const auto events = sse_data(response.body);
  ASSERT_FALSE(events.empty());
  EXPECT_EQ("[DONE]", events.back());
  EXPECT_EQ(std::optional<int>(0), proxy_->wait_for_exit(10s)) << proxy_->output();
}

TEST_F(SignalsTest, DrainDeadlineEndsStreamsThatTakeLongerAndStillExitsZero) {
  // About 55 tokens at 4 per second: far longer than the drain deadline.
  ASSERT_NO_FATAL_FAILURE(start(4, "  drain_timeout: 500ms\n"));
  auto answer = stream_answer();
  std::this_thread::sleep_for(500ms);
  const auto signalled = std::chrono::steady_clock::now();
  proxy_->signal(SIGTERM);
  EXPECT_EQ(std::optional<int>(0), proxy_->wait_for_exit(10s)) << proxy_->output();
  EXPECT_LT(std::chrono::steady_clock::now() - signalled, 5s);
  const HttpResponse response = answer.get();
  const auto events = sse_data(response.body);
  EXPECT_TRUE(events.empty() || events.back() != "[DONE]") << response.body;
}

}  // namespace
}  // namespace groundgate::testing
