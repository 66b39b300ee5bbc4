#pragma once
// A small blocking HTTP/1.1 client for the mock's loopback tests, plus SSE and JSON helpers.

#include <simdjson.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/fields.hpp>
#include <boost/beast/http/verb.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace groundgate::proxy::mock::testing {

struct ClientResponse {
  unsigned status = 0;
  boost::beast::http::fields headers;
  std::string body;                 // as far as it arrived
  boost::system::error_code error;  // of reading the body (e.g. partial_message)
  std::chrono::steady_clock::duration time_to_headers{};
  std::chrono::steady_clock::duration total{};
};

class TestClient {
 public:
  explicit TestClient(uint16_t port);

  ClientResponse request(boost::beast::http::verb method, std::string_view target,
                         std::string body = {},
                         std::vector<std::pair<std::string, std::string>> headers = {});
  ClientResponse post_json(std::string_view target, std::string body) {
    return request(boost::beast::http::verb::post, target, std::move(body),
                   {{"Content-Type", "application/json"}});
  }
  boost::asio::ip::tcp::socket& socket() { return socket_; }

 private:
  boost::asio::io_context io_;
  boost::asio::ip::tcp::socket socket_;
  boost::beast::flat_buffer buffer_;
};

// The payloads of the `data:` lines of an SSE body, in order.
std::vector<std::string> sse_data(std::string_view body);

// A parsed JSON document that owns its parser (simdjson elements point into it).
struct Json {
  simdjson::dom::parser parser;
  simdjson::dom::element root;
};
std::unique_ptr<Json> parse_json(std::string_view text);

}  // namespace groundgate::proxy::mock::testing
