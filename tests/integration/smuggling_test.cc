// Request framing per RFC 9112 section 6 (issue 17): a request whose transfer coding is not a
// final chunked, or whose chunk sizes overflow, gets 400 and the connection closes, so that no
// byte of its body is ever taken for another request ("request smuggling").
#include <gtest/gtest.h>

#include <string>

#include "tests/integration/support/http_client.h"
#include "tests/integration/support/proxy_fixture.h"
#include "tests/integration/support/raw_upstream.h"

namespace groundgate::testing {
namespace {

const char* kConfig = R"(
upstreams:
  up: {url: "http://127.0.0.1:${UPSTREAM_PORT}"}
routes:
  - {name: all, match: {path_prefix: /}, upstream: up}
logging: {access_log: false}
)";

class SmugglingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    fixture_.set_upstream_port(upstream_.port());
    fixture_.start_proxy(kConfig);
  }

  RawUpstream upstream_{[](auto& socket, const std::string&) {
    RawUpstream::send(socket,
                      "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok");
  }};
  ProxyFixture fixture_;
};

std::string status_line(const std::string& reply) {
  return reply.substr(0, reply.find("\r\n"));
}

TEST_F(SmugglingTest, ATransferCodingThatIsNotAFinalChunkedIs400AndCloses) {
  for (const std::string coding :
       {"identity", "gzip", "chunked, identity", "chunked, chunked", "Chunked, GZIP"}) {
    for (const std::string path : {"/v1/files", "/v1/chat/completions"}) {
      // The body, taken for the next request, would ask for /smuggled.
      const std::string reply = raw_exchange(
          fixture_.port(), "POST " + path + " HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: " + coding +
                               "\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n");
      EXPECT_EQ("HTTP/1.1 400 Bad Request", status_line(reply)) << coding << " " << path;
      EXPECT_NE(std::string::npos, reply.find("Connection: close")) << reply;
      EXPECT_EQ(std::string::npos, reply.find("\r\n\r\nok")) << reply;  // one response only
    }
  }
  EXPECT_EQ(0, upstream_.connections());  // neither request reached the upstream
}

TEST_F(SmugglingTest, AnotherCodingBeforeAFinalChunkedIsNotImplemented) {
  const std::string reply =
      raw_exchange(fixture_.port(),
                   "POST /v1/files HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
                   "5\r\nhello\r\n0\r\n\r\n");
  EXPECT_EQ("HTTP/1.1 501 Not Implemented", status_line(reply));
  EXPECT_EQ(0, upstream_.connections());
}

TEST_F(SmugglingTest, AnHttp10RequestWithATransferCodingIs400) {
  const std::string reply =
      raw_exchange(fixture_.port(),
                   "POST /v1/files HTTP/1.0\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                   "5\r\nhello\r\n0\r\n\r\n");
  EXPECT_EQ("HTTP/1.1 400 Bad Request", status_line(reply));
}

TEST_F(SmugglingTest, ContentLengthWithTransferEncodingIs400) {
  const std::string reply = raw_exchange(
      fixture_.port(),
      "POST /v1/files HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n"
      "\r\n5\r\nhello\r\n0\r\n\r\n");
  EXPECT_EQ("HTTP/1.1 400 Bad Request", status_line(reply));
  EXPECT_EQ(0, upstream_.connections());
}

TEST_F(SmugglingTest, AChunkSizeThatOverflowsIs400) {
  for (const std::string path : {"/v1/files", "/v1/chat/completions"}) {
    const std::string reply = raw_exchange(
        fixture_.port(), "POST " + path +
                             " HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                             "10000000000000001\r\nhello\r\n0\r\n\r\n");
    EXPECT_EQ("HTTP/1.1 400 Bad Request", status_line(reply)) << path << "\n" << reply;
    EXPECT_NE(std::string::npos, reply.find("Connection: close")) << reply;
  }
}

TEST_F(SmugglingTest, AChunkedRequestStillGoesThrough) {
  const std::string reply =
      raw_exchange(fixture_.port(),
                   "POST /v1/files HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                   "Connection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n");
  EXPECT_EQ("HTTP/1.1 200 OK", status_line(reply));
  EXPECT_NE(std::string::npos, upstream_.last_request().find("hello"));
}

}  // namespace
}  // namespace groundgate::testing
