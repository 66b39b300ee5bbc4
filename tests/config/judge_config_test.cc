// A policy's `judge:` section: the method, the judge's own endpoint and credentials, the bounds,
// and the checks that refuse settings that could not work (or would leak the app's key).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>

#include "config/config_loader.h"
#include "config/judge_section.h"
#include "tests/config/config_test_util.h"

namespace groundgate::config {
namespace {

using ::testing::ElementsAre;
using testing::errors_after;
using testing::load_after;
using testing::messages;

constexpr std::string_view kBase =
    "upstreams:\n"
    "  up: {url: 'http://127.0.0.1:8081'}\n"
    "  judges: {url: 'http://127.0.0.1:8000'}\n"
    "routes:\n"
    "  - {upstream: up, policy: g}\n"
    "policies:\n";

LoadResult load_policy(std::string_view snippet) {
  return load_after(kBase, snippet);
}

std::vector<std::string> errors_of(std::string_view snippet) {
  return errors_after(kBase, snippet);
}

const JudgeConfig& judge_of(const LoadResult& r) {
  return *r.config->find_policy("g")->judge;
}

class JudgeConfigTest : public ::testing::Test {
 protected:
  void SetUp() override { ::setenv("GG_TEST_JUDGE_KEY", "sk-judge", 1); }
  void TearDown() override { ::unsetenv("GG_TEST_JUDGE_KEY"); }
};

TEST_F(JudgeConfigTest, DefaultsAreTodaysJudgeOnTheRoutesUpstream) {
  LoadResult r = load_policy("  g: {verifiers: [semantic_pieces], judge: {model: m}}\n");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  const JudgeConfig& j = judge_of(r);
  EXPECT_EQ(JudgeMethod::kLabel, j.method);
  EXPECT_EQ("", j.upstream);
  EXPECT_EQ("", j.path);
  EXPECT_EQ(JudgeAuth::kForward, j.auth);
  EXPECT_FALSE(j.mitigate);
  EXPECT_EQ(16u, j.max_calls_per_answer);
  EXPECT_EQ(64u, j.max_in_flight);
  EXPECT_EQ(4u << 20, j.cache_bytes);
  EXPECT_EQ(5u, j.breaker.failures);
  EXPECT_EQ(Millis(30'000), j.breaker.open_for);
}

TEST_F(JudgeConfigTest, EveryKey) {
  LoadResult r = load_policy(R"(  g:
    verifiers: [semantic_pieces, triplets]
    hold: sentence
    actions: {contradicted: rewrite}
    judge:
      model: minicheck
      method: debate
      upstream: judges
      path: /v1/chat/completions
      api_key_env: GG_TEST_JUDGE_KEY
      max_sentences: 3
      max_calls_per_answer: 24
      max_in_flight: 8
      timeout: 2s
      cache_bytes: 0
      breaker: {failures: 2, open_for: 5s}
)");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  const JudgeConfig& j = judge_of(r);
  EXPECT_EQ(JudgeMethod::kDebate, j.method);
  EXPECT_EQ("judges", j.upstream);
  EXPECT_EQ("/v1/chat/completions", j.path);
  EXPECT_EQ(JudgeAuth::kApiKey, j.auth);
  EXPECT_EQ("GG_TEST_JUDGE_KEY", j.api_key_env);
  EXPECT_EQ("sk-judge", j.api_key);
  EXPECT_FALSE(j.mitigate);
  EXPECT_EQ(3u, j.max_sentences);
  EXPECT_EQ(24u, j.max_calls_per_answer);
  EXPECT_EQ(8u, j.max_in_flight);
  EXPECT_EQ(Millis(2000), j.timeout);
  EXPECT_EQ(0u, j.cache_bytes);
  EXPECT_EQ(2u, j.breaker.failures);
  EXPECT_EQ(Millis(5000), j.breaker.open_for);
  EXPECT_EQ(7u, judge_calls_per_sentence(j));  // the debate's most
  r = load_policy("  g: {verifiers: [semantic_pieces], judge: {model: m, cache_bytes: 8MiB}}\n");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  EXPECT_EQ(8u << 20, judge_of(r).cache_bytes);
}

TEST_F(JudgeConfigTest, AJudgeOnItsOwnUpstreamNeverGetsTheAppsCredentials) {
  EXPECT_THAT(
      errors_of(
          "  g:\n    verifiers: [semantic_pieces]\n    judge: {model: m, upstream: judges}\n"),
      ElementsAre("test.yaml:9:23: policies.g.judge: a judge on an upstream of its own needs "
                  "api_key_env (or auth: none for a model server without keys)"));
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces]\n"
                        "    judge: {model: m, upstream: judges, auth: forward}\n"),
              ElementsAre("test.yaml:9:47: policies.g.judge.auth: forward sends the app's "
                          "credentials to the judge's upstream; only the route's own upstream "
                          "may get them (use api_key_env)"));
  LoadResult r = load_policy(
      "  g:\n    verifiers: [semantic_pieces]\n    judge: {model: m, upstream: judges, auth: "
      "none}\n");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  EXPECT_EQ(JudgeAuth::kNone, judge_of(r).auth);
}

TEST_F(JudgeConfigTest, TheKeyMustBeInTheEnvironment) {
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces]\n"
                        "    judge: {model: m, api_key_env: GG_TEST_NO_SUCH_VARIABLE}\n"),
              ElementsAre("test.yaml:9:36: policies.g.judge.api_key_env: the environment "
                          "variable 'GG_TEST_NO_SUCH_VARIABLE' is not set"));
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces]\n"
                        "    judge: {model: m, api_key_env: GG_TEST_JUDGE_KEY, auth: none}\n"),
              ElementsAre("test.yaml:9:23: policies.g.judge.api_key_env: api_key_env is the "
                          "judge's auth: leave out auth with it"));
}

TEST_F(JudgeConfigTest, UnknownUpstreamsMethodsAndPaths) {
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces]\n"
                        "    judge: {model: m, upstream: nope, auth: none}\n"),
              ElementsAre("test.yaml: policies.g.judge.upstream: unknown upstream 'nope'"));
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces]\n"
                        "    judge: {model: m, method: debat}\n"),
              ElementsAre(::testing::HasSubstr("did you mean 'debate'?")));
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces]\n"
                        "    judge: {model: m, path: v1/chat}\n"),
              ElementsAre(::testing::HasSubstr("an absolute path without query")));
}

TEST_F(JudgeConfigTest, BoundsThatCouldJudgeNothingAreRefused) {
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces]\n"
                        "    judge: {model: m, method: debate, max_calls_per_answer: 4}\n"),
              ElementsAre("test.yaml:9:61: policies.g.judge.max_calls_per_answer: one sentence "
                          "can take 7 calls with this method: a lower bound would judge none"));
  EXPECT_THAT(
      errors_of("  g:\n    verifiers: [semantic_pieces]\n"
                "    judge: {model: m, max_in_flight: 0}\n"),
      ElementsAre(::testing::HasSubstr("max_in_flight: expected a whole number from 1 to 4096")));
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces]\n"
                        "    judge: {model: m, breaker: {failures: 3, open_for: 2h}}\n"),
              ElementsAre(::testing::HasSubstr("open_for: at most 1h")));
}

TEST_F(JudgeConfigTest, MethodsNeedWhatTheyRead) {
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces]\n"
                        "    judge: {model: m, method: triplets}\n"),
              ElementsAre("test.yaml:9:12: policies.g.judge.method: triplets judges the triplets "
                          "the triplets engine extracts: add triplets to verifiers"));
  // The mitigator rewrites what an action rewrites, in the held text.
  LoadResult r = load_policy(
      "  g:\n    verifiers: [semantic_pieces]\n    hold: sentence\n"
      "    actions: {contradicted: rewrite}\n    judge: {model: m, rewrite: mitigate}\n");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  EXPECT_TRUE(judge_of(r).mitigate);
  EXPECT_EQ(2u, judge_calls_per_sentence(judge_of(r)));  // the verdict and the rewrite
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces]\n    hold: sentence\n"
                        "    actions: {contradicted: annotate}\n"
                        "    judge: {model: m, rewrite: mitigate}\n"),
              ElementsAre(::testing::HasSubstr(
                  "rewrite: mitigate rewrites the sentences an action rewrites")));
}

}  // namespace
}  // namespace groundgate::config
