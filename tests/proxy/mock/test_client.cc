#include "tests/proxy/mock/test_client.h"

#include <boost/asio/connect.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <stdexcept>

namespace groundgate::proxy::mock::testing {

namespace net = boost::asio;
namespace http = boost::beast::http;

TestClient::TestClient(uint16_t port) : socket_(io_) {
  socket_.connect({net::ip::make_address("127.0.0.1"), port});
  socket_.set_option(net::ip::tcp::no_delay(true));
}

ClientResponse TestClient::request(http::verb method, std::string_view target, std::string body,
                                   std::vector<std::pair<std::string, std::string>> headers) {
  http::request<http::string_body> request{method, target, 11};
  request.set(http::field::host, "127.0.0.1");
  for (auto& [name, value] : headers)
    request.set(name, value);
  request.body() = std::move(body);
  request.prepare_payload();
  const auto start = std::chrono::steady_clock::now();
  ClientResponse out;
  http::write(socket_, request, out.error);
  if (out.error) return out;
  http::response_parser<http::string_body> parser;
  parser.body_limit(boost::none);
  http::read_header(socket_, buffer_, parser, out.error);
  out.time_to_headers = std::chrono::steady_clock::now() - start;
  if (!out.error) http::read(socket_, buffer_, parser, out.error);
  out.total = std::chrono::steady_clock::now() - start;
  if (!parser.is_header_done()) return out;
  out.status = parser.get().result_int();
  for (const auto& field : parser.get())
    out.headers.insert(field.name_string(), field.value());
  out.body = parser.get().body();
  return out;
}

std::vector<std::string> sse_data(std::string_view body) {
  std::vector<std::string> out;
  size_t pos = 0;
  while (pos < body.size()) {
    size_t end = body.find('\n', pos);
    if (end == std::string_view::npos) end = body.size();
    const std::string_view line = body.substr(pos, end - pos);
    if (line.starts_with("data: ")) out.emplace_back(line.substr(6));
    pos = end + 1;
  }
  return out;
}

std::unique_ptr<Json> parse_json(std::string_view text) {
  auto json = std::make_unique<Json>();
  if (json->parser.parse(text.data(), text.size(), true).get(json->root) != simdjson::SUCCESS)
    throw std::runtime_error("not JSON: " + std::string(text));
  return json;
}

}  // namespace groundgate::proxy::mock::testing
