#include "config/value_parsers.h"

#include <gtest/gtest.h>

namespace groundgate::config {
namespace {

TEST(ParseDuration, UnitsAndPlainMilliseconds) {
  EXPECT_EQ(Millis{250}, parse_duration("250ms").value);
  EXPECT_EQ(Millis{5'000}, parse_duration("5s").value);
  EXPECT_EQ(Millis{120'000}, parse_duration("2m").value);
  EXPECT_EQ(Millis{3'600'000}, parse_duration("1h").value);
  EXPECT_EQ(Millis{1'500}, parse_duration("1500").value);
  EXPECT_EQ(Millis{0}, parse_duration("0").value);
  EXPECT_EQ(Millis{5'000}, parse_duration(" 5 s ").value);
}

TEST(ParseDuration, RejectsBadTextWithAHint) {
  for (const char* bad : {"", "s", "5x", "-5s", "1.5s", "5sec", "5S", "1h30m", "abc"}) {
    auto r = parse_duration(bad);
    EXPECT_FALSE(r) << bad;
    EXPECT_NE(std::string::npos, r.error.find("250ms, 5s, 2m, 1h")) << r.error;
  }
  EXPECT_NE(std::string::npos, parse_duration("5x").error.find("unit 'x'"));
}

TEST(ParseDuration, CapsAt30DaysWithoutOverflow) {
  EXPECT_EQ(Millis{720LL * 3'600'000}, parse_duration("720h").value);
  EXPECT_FALSE(parse_duration("721h"));
  EXPECT_NE(std::string::npos, parse_duration("721h").error.find("too long"));
  EXPECT_FALSE(parse_duration("99999999999999999999999999h"));
  EXPECT_FALSE(parse_duration("99999999999999999999999999"));
}

TEST(ParseSize, BinaryDecimalAndBytes) {
  EXPECT_EQ(512u, parse_size("512").value);
  EXPECT_EQ(512u, parse_size("512B").value);
  EXPECT_EQ(64u * 1024, parse_size("64KiB").value);
  EXPECT_EQ(8u << 20, parse_size("8MiB").value);
  EXPECT_EQ(1u << 30, parse_size("1GiB").value);
  EXPECT_EQ(8'000'000u, parse_size("8MB").value);
  EXPECT_EQ(64'000u, parse_size("64kB").value);
  EXPECT_EQ(8u << 20, parse_size("8mi").value);
  EXPECT_EQ(2'000'000'000u, parse_size("2G").value);
  EXPECT_EQ(std::uint64_t{1} << 40, parse_size("1TiB").value);
}

TEST(ParseSize, RejectsBadTextAndOverflow) {
  for (const char* bad : {"", "MiB", "8XiB", "-1", "1.5MiB", "8 MiB extra", "0x10"}) {
    EXPECT_FALSE(parse_size(bad)) << bad;
  }
  EXPECT_NE(std::string::npos, parse_size("8XiB").error.find("unit 'XiB'"));
  EXPECT_FALSE(parse_size("2TiB"));
  EXPECT_NE(std::string::npos, parse_size("2TiB").error.find("too large"));
  EXPECT_FALSE(parse_size("184467440737095516160000"));
}

TEST(ParseEndpoint, HostPortV6AndPortZero) {
  auto e = parse_endpoint("127.0.0.1:8080");
  ASSERT_TRUE(e);
  EXPECT_EQ("127.0.0.1", e.value->host);
  EXPECT_EQ(8080, e.value->port);
  e = parse_endpoint("[::1]:9901");
  ASSERT_TRUE(e);
  EXPECT_EQ("::1", e.value->host);
  EXPECT_EQ(9901, e.value->port);
  e = parse_endpoint("localhost:0");
  ASSERT_TRUE(e);
  EXPECT_EQ(0, e.value->port);
  EXPECT_TRUE(parse_endpoint("0.0.0.0:65535"));
  EXPECT_TRUE(parse_endpoint("[::]:80"));
}

TEST(ParseEndpoint, RejectsWithSpecificReasons) {
  EXPECT_NE(std::string::npos, parse_endpoint("127.0.0.1").error.find("missing port"));
  EXPECT_NE(std::string::npos, parse_endpoint("::1:8080").error.find("needs brackets"));
  EXPECT_NE(std::string::npos, parse_endpoint(":8080").error.find("missing host"));
  EXPECT_NE(std::string::npos, parse_endpoint("host:65536").error.find("invalid port"));
  EXPECT_NE(std::string::npos, parse_endpoint("host:80x").error.find("invalid port"));
  EXPECT_NE(std::string::npos, parse_endpoint("host:").error.find("invalid port"));
  EXPECT_NE(std::string::npos, parse_endpoint("[::1:80").error.find("missing ']'"));
  EXPECT_NE(std::string::npos, parse_endpoint("[zz]:80").error.find("invalid IPv6"));
  EXPECT_NE(std::string::npos, parse_endpoint("[::1]80").error.find("after ']'"));
  EXPECT_NE(std::string::npos, parse_endpoint("ho st:80").error.find("invalid host"));
}

TEST(ParseUpstreamUrl, SchemesDefaultPortsAndBasePath) {
  auto u = parse_upstream_url("https://api.openai.com");
  ASSERT_TRUE(u);
  EXPECT_TRUE(u.value->https);
  EXPECT_EQ("api.openai.com", u.value->host);
  EXPECT_EQ(443, u.value->port);
  EXPECT_EQ("", u.value->base_path);

  u = parse_upstream_url("http://127.0.0.1:8000/v1/");
  ASSERT_TRUE(u);
  EXPECT_FALSE(u.value->https);
  EXPECT_EQ(8000, u.value->port);
  EXPECT_EQ("/v1", u.value->base_path);

  u = parse_upstream_url("HTTP://[::1]/openai/deployments");
  ASSERT_TRUE(u);
  EXPECT_EQ("::1", u.value->host);
  EXPECT_EQ(80, u.value->port);
  EXPECT_EQ("/openai/deployments", u.value->base_path);

  u = parse_upstream_url("https://example.com/");
  ASSERT_TRUE(u);
  EXPECT_EQ("", u.value->base_path);
}

TEST(ParseUpstreamUrl, RejectsWhatWeCannotForwardTo) {
  auto reason = [](const char* url) { return parse_upstream_url(url).error; };
  EXPECT_NE(std::string::npos, reason("ftp://host").find("unsupported scheme 'ftp'"));
  EXPECT_NE(std::string::npos, reason("ws://host").find("unsupported scheme"));
  EXPECT_NE(std::string::npos, reason("api.openai.com").find("missing scheme"));
  EXPECT_NE(std::string::npos, reason("https://user:pw@host").find("user info"));
  EXPECT_NE(std::string::npos, reason("https://host/v1#frag").find("fragments"));
  EXPECT_NE(std::string::npos, reason("https://host/v1?x=1").find("query"));
  EXPECT_NE(std::string::npos, reason("https://").find("missing host"));
  EXPECT_NE(std::string::npos, reason("https:///v1").find("missing host"));
  EXPECT_NE(std::string::npos, reason("http://host:0").find("port 0"));
  EXPECT_NE(std::string::npos, reason("http://host:99999").find("invalid port"));
  EXPECT_NE(std::string::npos, reason("http://ho st").find("whitespace"));
  EXPECT_NE(std::string::npos, reason("http://::1:80").find("brackets"));
}

}  // namespace
}  // namespace groundgate::config
