// upstreams.<name>.pool: defaults, values and errors with their position.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config_loader.h"
#include "tests/config/config_test_util.h"

namespace groundgate::config {
namespace {

using ::testing::ElementsAre;
using testing::load;
using testing::messages;

TEST(UpstreamPoolConfig, DefaultsWhenLeftOut) {
  LoadResult r =
      load("upstreams:\n  up: {url: http://127.0.0.1:8081}\nroutes:\n  - upstream: up\n");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  const UpstreamPoolConfig& pool = r.config->upstreams.at(0).pool;
  EXPECT_EQ(1024u, pool.max_idle);
  EXPECT_EQ(Millis{4'000}, pool.idle_time);
}

TEST(UpstreamPoolConfig, ValuesAreRead) {
  LoadResult r = load(R"(
upstreams:
  up:
    url: http://127.0.0.1:8081
    pool: {max_idle: 64, idle_time: 1500ms}
  off:
    url: http://127.0.0.1:8082
    pool:
      max_idle: 0
routes:
  - upstream: up
)");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  EXPECT_EQ(64u, r.config->upstreams.at(0).pool.max_idle);
  EXPECT_EQ(Millis{1'500}, r.config->upstreams.at(0).pool.idle_time);
  EXPECT_EQ(0u, r.config->upstreams.at(1).pool.max_idle);
  EXPECT_EQ(Millis{4'000}, r.config->upstreams.at(1).pool.idle_time);
}

TEST(UpstreamPoolConfig, ErrorsPointAtTheValue) {
  LoadResult r = load(R"(
upstreams:
  a:
    url: http://127.0.0.1:8081
    pool:
      max_idle: -1
      idle_time: 0s
  b:
    url: http://127.0.0.1:8082
    pool: {max_idle: 1000000, idle_tme: 2s}
  c:
    url: http://127.0.0.1:8083
    pol: {}
    pool: 5
routes:
  - upstream: a
)");
  EXPECT_THAT(
      messages(r),
      ElementsAre(
          "test.yaml:5:17: upstreams.a.pool.max_idle: expected a whole number from 0 (no reuse) "
          "to 100000, got '-1'",
          "test.yaml:6:18: upstreams.a.pool.idle_time: must be longer than 0",
          "test.yaml:9:22: upstreams.b.pool.max_idle: expected a whole number from 0 (no reuse) "
          "to 100000, got '1000000'",
          "test.yaml:9:31: upstreams.b.pool: unknown key 'idle_tme'; did you mean 'idle_time'?",
          "test.yaml:12:5: upstreams.c: unknown key 'pol'; did you mean 'pool'?",
          "test.yaml:13:11: upstreams.c.pool: expected a mapping, got a scalar"));
}

}  // namespace
}  // namespace groundgate::config
