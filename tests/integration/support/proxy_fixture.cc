#include "tests/integration/support/proxy_fixture.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <regex>

#include <gtest/gtest.h>

#include <boost/asio/post.hpp>

#include "config/config_loader.h"

namespace groundgate::testing {

namespace {

void replace_all(std::string& s, const std::string& from, const std::string& to) {
  for (auto pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size())) {
    s.replace(pos, from.size(), to);
  }
}

}  // namespace

ProxyFixture::ProxyFixture() {
  char pattern[] = "/tmp/groundgate-test-XXXXXX";
  dir_ = ::mkdtemp(pattern);
  work_ =
      std::make_unique<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>>(
          io_.get_executor());
  for (int i = 0; i < 2; ++i)
    threads_.emplace_back([this] { io_.run(); });
}

ProxyFixture::~ProxyFixture() {
  // Listeners close on an I/O thread while it runs; objects go only after the threads stop.
  if (server_) run_on_io([this] { server_->stop(); });
  if (mock_) mock_->stop();
  if (judge_) judge_->stop();
  work_.reset();
  io_.stop();
  for (auto& t : threads_)
    t.join();
  server_.reset();
  mock_.reset();
  judge_.reset();
  std::error_code ec;
  std::filesystem::remove_all(dir_, ec);
}

void ProxyFixture::run_on_io(std::function<void()> f) {
  std::promise<void> done;
  boost::asio::post(io_, [&] {
    f();
    done.set_value();
  });
  done.get_future().wait();
}

bool ProxyFixture::drain(std::chrono::milliseconds timeout) {
  // Shared: a drain that outlives the wait still has its promise to set.
  auto drained = std::make_shared<std::promise<void>>();
  std::future<void> done = drained->get_future();
  run_on_io([this, drained] { server_->drain([drained] { drained->set_value(); }); });
  return done.wait_for(timeout) == std::future_status::ready;
}

std::vector<std::string> ProxyFixture::access_log_lines(std::size_t expected,
                                                        std::chrono::milliseconds timeout) {
  EXPECT_TRUE(drain(timeout));
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::vector<std::string> lines;
  while (true) {
    lines.clear();
    std::ifstream log(dir_ + "/access.log");
    for (std::string line; std::getline(log, line);) {
      if (!line.empty()) lines.push_back(line);
    }
    if (lines.size() >= expected || std::chrono::steady_clock::now() > deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_GE(lines.size(), expected) << "access log lines after " << timeout.count() << " ms";
  return lines;
}

uint16_t ProxyFixture::start_scripted_mock(const std::string& script, double tokens_per_second) {
  std::ofstream(dir_ + "/script.yaml") << script;
  proxy::mock::MockOptions options;
  options.tokens_per_second = tokens_per_second;
  options.script_file = dir_ + "/script.yaml";
  options.keep_requests = true;
  return start_mock(options);
}

uint16_t ProxyFixture::start_judge_mock(const std::string& script) {
  proxy::mock::MockOptions options;
  options.host = "127.0.0.1";
  options.port = 0;
  options.tokens_per_second = 0;
  options.script_yaml = script;
  options.keep_requests = true;
  auto created = proxy::mock::MockUpstream::create(io_, options);
  EXPECT_TRUE(created.ok()) << created.error;
  judge_ = std::move(created.upstream);
  judge_->start();
  judge_port_ = judge_->port();
  return judge_port_;
}

std::vector<proxy::mock::RecordedRequest> ProxyFixture::judge_requests() const {
  return judge_ ? judge_->requests() : std::vector<proxy::mock::RecordedRequest>{};
}

std::vector<proxy::mock::RecordedRequest> ProxyFixture::mock_requests() const {
  return mock_ ? mock_->requests() : std::vector<proxy::mock::RecordedRequest>{};
}

uint16_t ProxyFixture::start_mock(proxy::mock::MockOptions options) {
  options.host = "127.0.0.1";
  options.port = 0;
  auto created = proxy::mock::MockUpstream::create(io_, options);
  EXPECT_TRUE(created.ok()) << created.error;
  mock_ = std::move(created.upstream);
  mock_->start();
  mock_port_ = mock_->port();
  if (upstream_port_ == 0) upstream_port_ = mock_port_;
  return mock_port_;
}

std::string ProxyFixture::substitute(const std::string& yaml) const {
  std::string text = yaml;
  replace_all(text, "${MOCK_PORT}", std::to_string(mock_port_));
  replace_all(text, "${JUDGE_PORT}", std::to_string(judge_port_));
  replace_all(text, "${UPSTREAM_PORT}", std::to_string(upstream_port_));
  replace_all(text, "${DIR}", dir_);
  // Tests reload explicitly unless they test the watch: a rewritten file must not also reload
  // on its own at a moment the test does not choose.
  const bool watch_set = text.find("reload:") != std::string::npos;
  return "listen: 127.0.0.1:0\nadmin_listen: 127.0.0.1:0\n" +
         std::string(watch_set ? "" : "reload: {watch: false}\n") + text;
}

void ProxyFixture::rewrite_config(const std::string& yaml) {
  std::ofstream(dir_ + "/config.yaml") << substitute(yaml);
}

void ProxyFixture::start_proxy(const std::string& yaml) {
  rewrite_config(yaml);
  auto loaded = config::load_config_file(dir_ + "/config.yaml");
  for (const auto& e : loaded.errors)
    ADD_FAILURE() << e.to_string();
  ASSERT_TRUE(loaded.config);
  auto runtime = proxy::server::build_runtime_config(loaded.config);
  ASSERT_TRUE(runtime.runtime) << runtime.error;
  server_ =
      std::make_unique<proxy::server::ProxyServer>(io_, runtime.runtime, dir_ + "/config.yaml");
  std::string error;
  run_on_io([&] { error = server_->start(); });
  ASSERT_EQ(error, "");
}

}  // namespace groundgate::testing
