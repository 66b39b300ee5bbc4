// Request framing per RFC 9112 section 6 (issue 17): a request whose transfer coding is not a
// final chunked, or whose chunk sizes overflow, gets 400 and the connection closes, so that no
// byte of its body is ever taken for another request ("request smuggling").
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

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

// This process's peak resident memory (the proxy runs in it), in KiB.
long peak_rss_kib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  }
  return 0;
}

// Sends a chunked request whose first chunk-size line carries `extension_bytes` of extension
// (in pieces, so the test holds no copy), then reads the reply; the proxy must answer 400 and
// close long before the line ends.
std::string send_endless_extension(uint16_t port, const std::string& path,
                                   std::size_t extension_bytes) {
  namespace asio = boost::asio;
  asio::io_context io;
  asio::ip::tcp::socket socket(io);
  boost::system::error_code ec;
  socket.connect({asio::ip::make_address("127.0.0.1"), port}, ec);
  if (ec) return {};
  const timeval timeout{10, 0};
  ::setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  ::setsockopt(socket.native_handle(), SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  asio::write(socket,
              asio::buffer("POST " + path +
                           " HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;a="),
              ec);
  const std::string piece(64 * 1024, 'x');
  for (std::size_t sent = 0; sent < extension_bytes && !ec; sent += piece.size())
    asio::write(socket, asio::buffer(piece), ec);  // fails once the proxy has closed
  std::string received;
  char buffer[4096];
  boost::system::error_code read_ec;
  while (!read_ec) {
    const std::size_t n = socket.read_some(asio::buffer(buffer), read_ec);
    received.append(buffer, n);
  }
  return received;
}

// Every line of a request's framing is bounded, as its header is: a chunk-size line with
// extensions past 4 KiB is 400 and the connection closes, without the proxy buffering the line.
TEST_F(SmugglingTest, AnEndlessChunkExtensionIs400WithMemoryBounded) {
  for (const std::string path : {"/v1/files", "/v1/chat/completions"}) {
    const long before = peak_rss_kib();
    const std::string reply = send_endless_extension(fixture_.port(), path, 64u << 20);
    EXPECT_EQ("HTTP/1.1 400 Bad Request", status_line(reply)) << path << "\n" << reply;
    EXPECT_TRUE(has(reply, "Connection: close")) << reply;
    // 64 MiB offered; the proxy held at most a read's worth past the 4 KiB bound.
    EXPECT_LT(peak_rss_kib() - before, 16 * 1024) << path;
  }
  // An extension within the bound still goes.
  const std::string reply =
      raw_exchange(fixture_.port(),
                   "POST /v1/files HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                   "Connection: close\r\n\r\n5;a=" +
                       std::string(3000, 'x') + "\r\nhello\r\n0\r\n\r\n");
  EXPECT_EQ("HTTP/1.1 200 OK", status_line(reply)) << reply;
}

TEST_F(SmugglingTest, EndlessTrailersAre400) {
  std::string trailers;
  for (int i = 0; i < 4000; ++i)
    trailers += "x-t" + std::to_string(i) + ": " + std::string(40, 'v') + "\r\n";
  for (const std::string path : {"/v1/files", "/v1/chat/completions"}) {
    const std::string reply = raw_exchange(
        fixture_.port(), "POST " + path +
                             " HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                             "5\r\nhello\r\n0\r\n" +
                             trailers + "\r\n");
    EXPECT_EQ("HTTP/1.1 400 Bad Request", status_line(reply)) << path << "\n" << reply;
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
