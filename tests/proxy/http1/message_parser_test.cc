#include "proxy/http1/message_parser.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include "tests/proxy/http1/field_list.h"

namespace groundgate::proxy::http1 {
namespace {

namespace http = boost::beast::http;
using boost::beast::error_code;

using testing::list_of;

// Feeds `bytes` in pieces of `step`, as reads would bring them; the error of the first put
// that fails, or of the end of input.
template <typename Parser>
error_code feed(Parser& parser, std::string_view bytes, std::size_t step) {
  std::string pending;
  for (std::size_t at = 0; at < bytes.size() && !parser.is_done();) {
    const std::size_t n = std::min(step, bytes.size() - at);
    pending.append(bytes.substr(at, n));
    at += n;
    while (!pending.empty() && !parser.is_done()) {
      error_code ec;
      const std::size_t used = parser.put(boost::asio::buffer(pending), ec);
      pending.erase(0, used);
      if (ec == http::error::need_more) break;
      if (ec) return ec;
      if (used == 0) break;
    }
  }
  if (!parser.is_done()) {
    error_code ec;
    parser.put_eof(ec);
    return ec;
  }
  return {};
}

constexpr std::uint64_t kNoLimit = 1 << 20;

const std::string kChunkedRequest =
    "POST /v1/chat/completions?x=1 HTTP/1.1\r\n"
    "Host: proxy.local\r\n"
    "Authorization: Bearer sk-1\r\n"
    "X-Custom: a\r\n"
    "Transfer-Encoding: chunked\r\n"
    "x-custom: b\r\n"
    "\r\n"
    "5;ext=\"a b\"\r\nhello\r\n"
    "7\r\n, world\r\n"
    "0\r\nX-Trailer: yes\r\n\r\n";

TEST(MessageParser, ReadsARequestAsBeastsParserDoesAtEverySplit) {
  http::request_parser<http::string_body> beast;
  ASSERT_FALSE(feed(beast, kChunkedRequest, kChunkedRequest.size()));
  for (std::size_t step = 1; step <= kChunkedRequest.size(); ++step) {
    RequestParser parser;
    std::string body;
    parser.body_to_string(body, kNoLimit);
    ASSERT_FALSE(feed(parser, kChunkedRequest, step)) << step;
    EXPECT_EQ(parser.method(), http::verb::post);
    EXPECT_EQ(parser.method_string(), "POST");
    EXPECT_EQ(parser.target(), "/v1/chat/completions?x=1");
    EXPECT_EQ(parser.version(), 11u);
    EXPECT_TRUE(parser.chunked());
    EXPECT_TRUE(parser.keep_alive());
    EXPECT_EQ(body, beast.get().body()) << step;
    // Trailer fields join the header's, as in Beast.
    EXPECT_EQ(list_of(parser.fields()), list_of(beast.get().base())) << step;
  }
}

TEST(MessageParser, LooksFieldsUpByCodeOrByNameInAnyCase) {
  RequestParser parser;
  std::string body;
  parser.body_to_string(body, kNoLimit);
  ASSERT_FALSE(feed(parser, kChunkedRequest, kChunkedRequest.size()));
  const HeaderFields& fields = parser.fields();
  EXPECT_EQ(fields.size(), 6u);                                  // with the trailer's
  EXPECT_EQ(fields.at(3).name, http::field::transfer_encoding);  // in arrival order
  EXPECT_EQ(fields.at(4).value, "b");
  EXPECT_EQ(fields[http::field::authorization], "Bearer sk-1");
  EXPECT_EQ(fields[http::field::content_type], "");
  EXPECT_EQ(fields.find("x-CUSTOM"), std::optional<std::string_view>("a"));  // the first
  EXPECT_EQ(fields.find("X-Missing"), std::nullopt);
  EXPECT_EQ(fields.find("X-Custo"), std::nullopt);
  EXPECT_EQ(fields.count(http::field::host), 1u);
  EXPECT_EQ(fields.count(http::field::expect), 0u);
  EXPECT_EQ(fields.at(1).name, http::field::authorization);
  EXPECT_EQ(fields.at(2).name, http::field::unknown);
  EXPECT_EQ(fields.at(2).name_string, "X-Custom");
}

TEST(MessageParser, AMethodBeastHasNoVerbForKeepsItsName) {
  RequestParser parser;
  const std::string request = "FROB /things HTTP/1.0\r\nHost: x\r\n\r\n";
  ASSERT_FALSE(feed(parser, request, request.size()));
  EXPECT_EQ(parser.method(), http::verb::unknown);
  EXPECT_EQ(parser.method_string(), "FROB");
  EXPECT_EQ(parser.target(), "/things");
  EXPECT_EQ(parser.version(), 10u);
  EXPECT_FALSE(parser.keep_alive());
}

TEST(MessageParser, ABodyGoesIntoWindowsThatTheCallerEmpties) {
  std::string payload;
  for (int i = 0; payload.size() < 1000; ++i)
    payload += std::to_string(i) + ",";
  const std::string request =
      "PUT /f HTTP/1.1\r\nHost: x\r\nContent-Length: " + std::to_string(payload.size()) +
      "\r\n\r\n" + payload;
  RequestParser parser;
  std::size_t at = 0;
  error_code ec;
  at += parser.put(boost::asio::buffer(request), ec);  // the header alone
  ASSERT_FALSE(ec);
  ASSERT_TRUE(parser.is_header_done());
  std::string received;
  std::array<char, 64> window;
  while (!parser.is_done()) {
    parser.body_to_window(window.data(), window.size());
    ec = {};
    at += parser.put(boost::asio::buffer(request.data() + at, request.size() - at), ec);
    ASSERT_TRUE(!ec || ec == http::error::need_buffer) << ec.message();
    received.append(window.data(), window.size() - parser.window_left());
  }
  EXPECT_EQ(received, payload);
  EXPECT_EQ(at, request.size());
}

TEST(MessageParser, ABodyWithNowhereToGoIsAnError) {
  RequestParser parser;
  const std::string request = "POST /f HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc";
  EXPECT_EQ(feed(parser, request, request.size()), http::error::unexpected_body);
}

TEST(MessageParser, TheBodyLimitHoldsForChunkedBodies) {
  RequestParser parser;
  std::string body;
  parser.body_to_string(body, 8);
  EXPECT_EQ(feed(parser, kChunkedRequest, kChunkedRequest.size()), http::error::body_limit);
  EXPECT_LE(body.size(), 8u);
}

TEST(MessageParser, ADeclaredLengthOverTheSinksLimitIsRefusedBeforeAnyByteIsKept) {
  // The limit is known only once the header is read (the route's, the response's): Beast's
  // body_limit() would no longer check the Content-Length then.
  const std::string response = "HTTP/1.1 200 OK\r\nContent-Length: 1000000000000\r\n\r\n{";
  ResponseParser parser;
  parser.body_limit(boost::none);  // as the proxy reads a response header
  error_code ec;
  const std::size_t header = parser.put(boost::asio::buffer(response), ec);
  ASSERT_FALSE(ec);
  ASSERT_TRUE(parser.is_header_done());
  std::string body;
  parser.body_to_string(body, 1024);
  parser.put(boost::asio::buffer(response.data() + header, response.size() - header), ec);
  EXPECT_EQ(ec, http::error::body_limit);
  EXPECT_TRUE(body.empty());
  EXPECT_LT(body.capacity(), 1024u);
}

TEST(MessageParser, RefusesWhatBeastRefuses) {
  const std::vector<std::string> bad = {
      "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
      "GET / HTTP/1.1\r\nHost : x\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: x\r\nBad\x01Name: y\r\n\r\n",
      "GET / HTTP/9.9\r\nHost: x\r\n\r\n",
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
  };
  for (const std::string& request : bad) {
    RequestParser parser;
    std::string body;
    parser.body_to_string(body, kNoLimit);
    http::request_parser<http::string_body> beast;
    const error_code ours = feed(parser, request, request.size());
    const error_code theirs = feed(beast, request, request.size());
    EXPECT_TRUE(ours) << request;
    EXPECT_EQ(ours, theirs) << request;
  }
}

TEST(MessageParser, ReadsAResponseStatusLineAndItsKeepAlive) {
  const std::string response =
      "HTTP/1.1 201 Created Here\r\nContent-Type: text/event-stream\r\nConnection: close\r\n"
      "Content-Length: 2\r\n\r\nok";
  ResponseParser parser;
  std::string body;
  parser.body_to_string(body, kNoLimit);
  ASSERT_FALSE(feed(parser, response, 5));
  EXPECT_EQ(parser.status(), 201u);
  EXPECT_EQ(parser.reason(), "Created Here");
  EXPECT_EQ(parser.version(), 11u);
  EXPECT_FALSE(parser.keep_alive());
  EXPECT_EQ(parser.fields()[http::field::content_type], "text/event-stream");
  EXPECT_EQ(body, "ok");
}

// Reads a response whose body runs to the end of the stream, `read` bytes at a time, through
// windows of `window` bytes; the body, or the first error.
std::pair<std::string, error_code> read_to_eof_through_windows(std::string_view response,
                                                               std::uint64_t limit,
                                                               std::size_t read,
                                                               std::size_t window) {
  EXPECT_GT(read, 0u);
  EXPECT_GT(window, 0u);
  if (read == 0 || window == 0) return {};
  ResponseParser parser;
  parser.body_limit(limit);
  std::string body, pending;
  std::vector<char> space(window);
  std::size_t at = 0;
  bool more = true;  // the parser needs more than `pending`
  while (!parser.is_done()) {
    if (more) {
      if (at == response.size()) {
        error_code ec;
        parser.put_eof(ec);
        return {body, ec};
      }
      const std::size_t n = std::min(read, response.size() - at);
      pending.append(response.substr(at, n));
      at += n;
    }
    const bool windowed = parser.is_header_done();
    if (windowed) parser.body_to_window(space.data(), space.size());
    error_code ec;
    const std::size_t used = parser.put(boost::asio::buffer(pending), ec);
    pending.erase(0, used);
    if (windowed) body.append(space.data(), space.size() - parser.window_left());
    if (ec && ec != http::error::need_buffer && ec != http::error::need_more) return {body, ec};
    more = ec == http::error::need_more || pending.empty() || (used == 0 && !ec);
  }
  return {body, {}};
}

TEST(MessageParser, ABodyToTheEndOfTheStreamIsBoundedOnTheBytesItsWindowsTook) {
  const std::string payload(60, 'x');
  const std::string response = "HTTP/1.1 200 OK\r\n\r\n" + payload;
  // Windows smaller than a read: each byte is offered many times, and counted once.
  EXPECT_EQ(read_to_eof_through_windows(response, 64, 30, 1),
            std::make_pair(payload, error_code{}));
  EXPECT_EQ(read_to_eof_through_windows(response, 60, 7, 3), std::make_pair(payload, error_code{}));
  const auto over = read_to_eof_through_windows(response, 59, 30, 1);
  EXPECT_EQ(over.second, http::error::body_limit);
  EXPECT_EQ(over.first, payload.substr(0, 59));
}

TEST(MessageParser, AChunkedBodysFramingLinesAreBounded) {
  const std::string header = "POST /x HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";
  RequestParser parser;
  parser.header_limit(1024);
  error_code ec;
  EXPECT_EQ(header.size(), parser.put(boost::asio::buffer(header), ec));
  std::string body;
  parser.body_to_string(body, 1u << 20);
  using Overrun = RequestParser::Overrun;
  // A size line still growing: within its bound, then past it.
  const std::string line = "5;ext=" + std::string(RequestParser::kMaxChunkLineBytes - 6, 'x');
  EXPECT_EQ(Overrun::kNone, parser.framing_overrun(line));
  EXPECT_EQ(Overrun::kChunkLine, parser.framing_overrun(line + "x"));
  EXPECT_EQ(Overrun::kChunkLine, parser.framing_overrun("\r\n" + line + "x"));
  // The last chunk's trailers: the header's bound.
  const std::string trailers = "0\r\n" + std::string(1024, 't');
  EXPECT_EQ(Overrun::kNone, parser.framing_overrun(trailers));
  EXPECT_EQ(Overrun::kTrailers, parser.framing_overrun(trailers + "t"));
  // Before the header is read, the header limit is Beast's own.
  RequestParser fresh;
  EXPECT_EQ(Overrun::kNone, fresh.framing_overrun(std::string(10000, 'x')));
}

TEST(MessageParser, AResponseToHeadHasNoBodyWhateverItsLength) {
  const std::string response = "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n";
  ResponseParser parser;
  parser.skip(true);
  error_code ec;
  parser.put(boost::asio::buffer(response), ec);
  EXPECT_FALSE(ec);
  EXPECT_TRUE(parser.is_done());
}

}  // namespace
}  // namespace groundgate::proxy::http1
