#pragma once
// A model the commands ask (sqlcheck's check 5, eval's judge): the mock upstream with a script
// (proxy/mock/mock_script.h), on a thread of its own for as long as the object lives.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <thread>

#include <boost/asio/io_context.hpp>

#include "proxy/mock/mock_upstream.h"

namespace groundgate::testing {

class ScriptedModel {
 public:
  explicit ScriptedModel(const std::string& script) {
    proxy::mock::MockOptions options;
    options.tokens_per_second = 0;
    options.script_yaml = script;
    proxy::mock::MockCreate created = proxy::mock::MockUpstream::create(io_, options);
    EXPECT_TRUE(created.ok()) << created.error;
    mock_ = std::move(created.upstream);
    mock_->start();
    thread_ = std::thread([this] { io_.run(); });
  }
  ScriptedModel(const ScriptedModel&) = delete;
  ScriptedModel& operator=(const ScriptedModel&) = delete;
  ~ScriptedModel() {
    mock_->stop();
    io_.stop();
    thread_.join();
    mock_.reset();
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(mock_->port()); }

 private:
  boost::asio::io_context io_;
  std::unique_ptr<proxy::mock::MockUpstream> mock_;
  std::thread thread_;
};

}  // namespace groundgate::testing
