#include "proxy/observability/verdict_store.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace groundgate::proxy::observability {
namespace {

using namespace std::chrono_literals;
using Clock = VerdictStore::Clock;

VerdictEntry entry(std::string id, std::string response_id, std::size_t json_bytes = 10) {
  return {std::move(id), std::move(response_id), std::string(json_bytes, 'x')};
}

TEST(VerdictStore, FindsAnAnswerByEitherId) {
  VerdictStore store;
  store.put({"gg-1", "chatcmpl-a", R"({"id":"gg-1"})"});
  EXPECT_EQ(R"({"id":"gg-1"})", store.find("gg-1").value_or(""));
  EXPECT_EQ(R"({"id":"gg-1"})", store.find("chatcmpl-a").value_or(""));
  EXPECT_FALSE(store.find("gg-2"));
  EXPECT_FALSE(store.find(""));
}

TEST(VerdictStore, TheLatestAnswerWithAnUpstreamIdWinsAndKeepsItAfterTheOlderGoes) {
  VerdictStore store({.keep = 1min, .max_bytes = 60});
  const Clock::time_point t0 = Clock::now();
  store.put({"gg-1", "same", "first"}, t0);
  store.put({"gg-2", "same", "second"}, t0 + 1s);
  EXPECT_EQ("second", store.find("same", t0 + 2s).value_or(""));
  EXPECT_EQ("first", store.find("gg-1", t0 + 2s).value_or(""));
  // gg-1 ages out; the upstream id still names gg-2.
  EXPECT_EQ("second", store.find("same", t0 + 1min + 500ms).value_or(""));
  EXPECT_FALSE(store.find("gg-1", t0 + 1min + 500ms));
}

TEST(VerdictStore, TheOldestGoFirstPastTheByteBound) {
  VerdictStore store({.keep = 1h, .max_bytes = 100});
  for (int i = 0; i < 10; ++i)
    store.put(entry("gg-" + std::to_string(i), "", 30));
  EXPECT_LE(store.bytes(), 100u);
  EXPECT_EQ(2u, store.size());  // 34-35 bytes each
  EXPECT_FALSE(store.find("gg-7"));
  EXPECT_TRUE(store.find("gg-8"));
  EXPECT_TRUE(store.find("gg-9"));
}

TEST(VerdictStore, AnEntryOverTheWholeBoundIsNotKeptAndDisplacesNothing) {
  VerdictStore store({.keep = 1h, .max_bytes = 100});
  store.put(entry("gg-small", ""));
  store.put(entry("gg-huge", "", 200));
  EXPECT_FALSE(store.find("gg-huge"));
  EXPECT_TRUE(store.find("gg-small"));
}

TEST(VerdictStore, NewLimitsApplyAndKeepZeroKeepsNothing) {
  VerdictStore store;
  store.put(entry("gg-1", ""));
  store.set_limits({.keep = 0ms, .max_bytes = 1000});
  store.put(entry("gg-2", ""));
  EXPECT_FALSE(store.find("gg-1"));
  EXPECT_FALSE(store.find("gg-2"));
  EXPECT_EQ(0u, store.size());
}

TEST(VerdictStore, IdsAreNewEachTime) {
  std::set<std::string> ids;
  for (int i = 0; i < 1000; ++i) {
    const std::string id = new_verdict_id();
    EXPECT_EQ(27u, id.size());
    EXPECT_TRUE(id.starts_with("gg-"));
    ids.insert(id);
  }
  EXPECT_EQ(1000u, ids.size());
}

}  // namespace
}  // namespace groundgate::proxy::observability
