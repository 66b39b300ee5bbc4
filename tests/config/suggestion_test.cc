#include "config/suggestion.h"

#include <array>
#include <string_view>

#include <gtest/gtest.h>

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 4> kKeys{"upstream", "upstreams", "policy", "listen"};

TEST(ClosestMatch, FindsTyposOnly) {
  EXPECT_EQ("upstream", closest_match("upstrem", kKeys));
  EXPECT_EQ("listen", closest_match("lisen", kKeys));
  EXPECT_EQ("policy", closest_match("Policy", kKeys));
  EXPECT_EQ("upstreams", closest_match("upstreamss", kKeys));
  EXPECT_EQ("", closest_match("foo", kKeys));
  EXPECT_EQ("upstream", closest_match("upst", kKeys));  // a prefix of a key
  EXPECT_EQ("", closest_match("up", kKeys));            // too short to be a useful prefix
  EXPECT_EQ("", closest_match("", kKeys));
  EXPECT_EQ("", closest_match("xy", std::array<std::string_view, 1>{"ab"}));
}

}  // namespace
}  // namespace groundgate::config
