// W3C traceparent: what is read, what is refused (then a new trace starts), what is written.
#include "proxy/tracing/trace_context.h"

#include <gtest/gtest.h>

namespace groundgate::proxy::tracing {
namespace {

// The specification's own example.
constexpr std::string_view kExample = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";

TEST(TraceParent, ReadsTheSpecificationsExample) {
  auto parent = parse_traceparent(kExample);
  ASSERT_TRUE(parent);
  EXPECT_EQ("0af7651916cd43dd8448eb211c80319c", to_hex(parent->trace_id));
  EXPECT_EQ("b7ad6b7169203331", to_hex(parent->parent_id));
  EXPECT_TRUE(parent->sampled());
  EXPECT_EQ(std::string(kExample), format_traceparent(parent->trace_id, parent->parent_id, true));
}

TEST(TraceParent, TheSampledFlagIsBitZero) {
  auto parent = parse_traceparent("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-02");
  ASSERT_TRUE(parent);
  EXPECT_FALSE(parent->sampled());
  EXPECT_EQ("00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00",
            format_traceparent(parent->trace_id, parent->parent_id, false));
}

TEST(TraceParent, ALaterVersionIsReadByItsFirstFields) {
  EXPECT_TRUE(parse_traceparent("01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"));
  EXPECT_TRUE(
      parse_traceparent("cc-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-what-comes"));
  EXPECT_FALSE(
      parse_traceparent("cc-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01what-comes"));
}

TEST(TraceParent, MalformedHeadersAreRefused) {
  for (std::string_view bad : {
           "", "00",
           "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01-",  // version 00 has 4 fields
           "ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",   // version ff is invalid
           "00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-01",   // uppercase
           "00-00000000000000000000000000000000-b7ad6b7169203331-01",   // zero trace id
           "00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01",   // zero parent id
           "00_0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",   // separator
           "00-0af7651916cd43dd8448eb211c80319-cb7ad6b7169203331-01",   // field lengths
           "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-0g",   // not hex
           " 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",  // leading blank
       }) {
    EXPECT_FALSE(parse_traceparent(bad)) << bad;
  }
}

}  // namespace
}  // namespace groundgate::proxy::tracing
