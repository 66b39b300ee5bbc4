#pragma once
// What the judge's tests on live traffic share (judge_test, judge_bounds_test): a context and
// an answer whose first sentence it supports and whose second it contradicts, the chat request
// that carries them, and the proxy between a scripted app model (the mock upstream) and a
// scripted judge model (the judge mock).

#include <gtest/gtest.h>

#include <string>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"

namespace groundgate::testing {

inline constexpr const char* kJudgedContext =
    "Allison Beth Goertz (born March 2, 1991) is an American musician. Goertz is known for her "
    "satirical songs based on pop culture topics. Her album Cool Parent was released in 2015. "
    "She has never won a Grammy.";
inline constexpr const char* kJudgedAnswer =
    "Her album Cool Parent was released in 2015. Goertz won a Grammy in 2019.";

// A chat request for `model` with `context` in the `context` extension field.
inline std::string judged_chat_request(const std::string& model, bool stream,
                                       const std::string& context = kJudgedContext) {
  return R"({"model":")" + model + "\"" + (stream ? R"(,"stream":true)" : "") + R"(,"context":")" +
         context + R"(","messages":[{"role":"user","content":"Who is Allie Goertz?"}]})";
}

class JudgedProxyTest : public ::testing::Test {
 protected:
  // The app's model answers by `app_script`, the judge's by `judge_script`; the proxy runs
  // `config`.
  void start(const std::string& app_script, const std::string& judge_script,
             const std::string& config) {
    fixture_.start_scripted_mock(app_script);
    fixture_.start_judge_mock(judge_script);
    fixture_.start_proxy(config);
  }
  HttpResponse post(const std::string& path, const std::string& body) {
    return http_request(fixture_.port(), "POST", path, body, {{"Authorization", "Bearer sk-test"}});
  }
  // judged_chat_request(model, stream, context) on chat completions.
  HttpResponse chat(const std::string& model, bool stream,
                    const std::string& context = kJudgedContext) {
    return post("/v1/chat/completions", judged_chat_request(model, stream, context));
  }
  // The metrics count `n` judge answers on `route` not taken for `reason`.
  void expect_rejections_counted(const std::string& route, const std::string& reason, int n) {
    const std::string series = "groundgate_judge_rejected_total{route=\"" + route + "\",reason=\"" +
                               reason + "\"} " + std::to_string(n);
    EXPECT_TRUE(has(metrics_with(fixture_.admin_port(), series), series));
  }
  ProxyFixture fixture_;
};

}  // namespace groundgate::testing
