#include "proxy/server/header_writer.h"

#include <gtest/gtest.h>

#include <string>

#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/serializer.hpp>

namespace groundgate::proxy::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;

// What Beast's serializer writes for the message's header.
template <bool isRequest>
std::string beast_header(http::message<isRequest, http::empty_body>& message) {
  http::serializer<isRequest, http::empty_body> serializer{message};
  serializer.split(true);
  std::string out;
  beast::error_code ec;
  while (!serializer.is_header_done() && !ec) {
    serializer.next(ec, [&](beast::error_code&, const auto& buffers) {
      out += beast::buffers_to_string(buffers);
      serializer.consume(beast::buffer_bytes(buffers));
    });
  }
  EXPECT_FALSE(ec) << ec.message();
  return out;
}

// The header written with header_writer.h from the message's parts.
std::string ours(const http::request<http::empty_body>& message) {
  std::string out = "kept:";  // appends, never replaces
  append_request_line(message.method_string(), message.target(), message.version(), out);
  for (const auto& field : message)
    append_field(field.name_string(), field.value(), out);
  end_header(out);
  EXPECT_TRUE(out.starts_with("kept:"));
  return out.substr(5);
}

std::string ours(const http::response<http::empty_body>& message) {
  std::string out;
  append_status_line(message.version(), message.result_int(), message.reason(), out);
  for (const auto& field : message)
    append_field(field.name_string(), field.value(), out);
  end_header(out);
  return out;
}

TEST(HeaderWriter, RequestIsWhatBeastWrites) {
  http::request<http::empty_body> request{http::verb::post, "/v1/chat/completions?x=1", 11};
  request.set(http::field::host, "api.example.com");
  request.set(http::field::content_type, "application/json");
  request.set("X-Custom-Header", "a value, with: colons");
  request.insert("X-Custom-Header", "second");
  request.set(http::field::authorization, "Bearer sk-test");
  request.content_length(1234);
  EXPECT_EQ(ours(request), beast_header(request));
  EXPECT_TRUE(ours(request).starts_with("POST /v1/chat/completions?x=1 HTTP/1.1\r\nHost: "));
  EXPECT_TRUE(ours(request).ends_with("Content-Length: 1234\r\n\r\n"));
}

TEST(HeaderWriter, RequestWithUnknownMethodOldVersionAndNoFields) {
  http::request<http::empty_body> request;
  request.method_string("PURGE");
  request.target("/");
  request.version(10);
  EXPECT_EQ(ours(request), "PURGE / HTTP/1.0\r\n\r\n");
  EXPECT_EQ(ours(request), beast_header(request));
}

TEST(HeaderWriter, ResponseIsWhatBeastWrites) {
  http::response<http::empty_body> response{http::status::ok, 11};
  response.set(http::field::content_type, "text/event-stream");
  response.set("openai-processing-ms", "12");
  response.chunked(true);
  EXPECT_EQ(ours(response), beast_header(response));
  EXPECT_TRUE(ours(response).starts_with("HTTP/1.1 200 OK\r\n"));
}

TEST(HeaderWriter, ResponseReasonAsGivenOrTheStandardOne) {
  http::response<http::empty_body> response{http::status::too_many_requests, 11};
  EXPECT_EQ(ours(response), "HTTP/1.1 429 Too Many Requests\r\n\r\n");
  response.reason("Slow Down");
  EXPECT_EQ(ours(response), "HTTP/1.1 429 Slow Down\r\n\r\n");
  EXPECT_EQ(ours(response), beast_header(response));
  response.result(299);  // not a standard code: Beast's placeholder reason
  response.reason("");
  EXPECT_EQ(ours(response), beast_header(response));
  response.result(101);
  EXPECT_EQ(ours(response), beast_header(response));
}

}  // namespace
}  // namespace groundgate::proxy::server
