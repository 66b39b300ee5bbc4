#include "tests/integration/support/http_client.h"

#include <simdjson.h>

#include <sys/socket.h>

#include <chrono>
#include <thread>

#include <boost/asio/connect.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

namespace groundgate::testing {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::ip::tcp;

struct HttpClient::Impl {
  uint16_t port;
  std::string ca_file;
  asio::io_context io;
  std::unique_ptr<asio::ssl::context> ssl_ctx;
  std::unique_ptr<tcp::socket> socket;
  std::unique_ptr<asio::ssl::stream<tcp::socket&>> tls;
  beast::flat_buffer buffer;

  template <class F>
  auto with_stream(F&& f) {
    if (tls) return f(*tls);
    return f(*socket);
  }
};

HttpClient::HttpClient(uint16_t port, std::string ca_file) : impl_(std::make_unique<Impl>()) {
  impl_->port = port;
  impl_->ca_file = std::move(ca_file);
}

HttpClient::~HttpClient() = default;

bool HttpClient::is_open() const {
  return impl_->socket && impl_->socket->is_open();
}

bool HttpClient::connect() {
  close();
  impl_->socket = std::make_unique<tcp::socket>(impl_->io);
  boost::system::error_code ec;
  impl_->socket->connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), impl_->port), ec);
  if (ec) return false;
  timeval tv{10, 0};  // a hung proxy fails the test after 10 s
  ::setsockopt(impl_->socket->native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  if (!impl_->ca_file.empty()) {
    impl_->ssl_ctx = std::make_unique<asio::ssl::context>(asio::ssl::context::tls_client);
    impl_->ssl_ctx->load_verify_file(impl_->ca_file);
    impl_->ssl_ctx->set_verify_mode(asio::ssl::verify_peer);
    impl_->tls = std::make_unique<asio::ssl::stream<tcp::socket&>>(*impl_->socket, *impl_->ssl_ctx);
    SSL_set_tlsext_host_name(impl_->tls->native_handle(), "localhost");
    impl_->tls->set_verify_callback(asio::ssl::host_name_verification("localhost"));
    impl_->tls->handshake(asio::ssl::stream_base::client, ec);
    if (ec) return false;
  }
  impl_->buffer.clear();
  return true;
}

void HttpClient::close() {
  impl_->tls.reset();
  if (impl_->socket) {
    boost::system::error_code ec;
    impl_->socket->close(ec);
  }
  impl_->socket.reset();
}

bool HttpClient::send_raw(const std::string& bytes) {
  if (!is_open() && !connect()) return false;
  boost::system::error_code ec;
  impl_->with_stream([&](auto& s) { asio::write(s, asio::buffer(bytes), ec); });
  return !ec;
}

HttpResponse HttpClient::read_response() {
  HttpResponse out;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64u << 20);
  boost::system::error_code ec;
  impl_->with_stream([&](auto& s) { http::read(s, impl_->buffer, parser, ec); });
  if (ec) {
    out.error = ec.message();
    if (!parser.is_header_done()) return out;
  }
  auto& response = parser.get();
  out.status = response.result_int();
  out.headers = response.base();
  out.body = response.body();
  return out;
}

HttpResponse HttpClient::request(const std::string& method, const std::string& target,
                                 const std::string& body,
                                 const std::map<std::string, std::string>& headers) {
  if (!is_open() && !connect()) return {0, {}, {}, "connect failed"};
  http::request<http::string_body> request{http::string_to_verb(method), target, 11};
  request.set(http::field::host, "127.0.0.1");
  bool has_content_type = false;
  for (const auto& [name, value] : headers) {
    request.set(name, value);
    if (beast::iequals(name, "content-type")) has_content_type = true;
  }
  if (!body.empty() && !has_content_type)
    request.set(http::field::content_type, "application/json");
  request.body() = body;
  request.prepare_payload();
  boost::system::error_code ec;
  impl_->with_stream([&](auto& s) { http::write(s, request, ec); });
  if (ec) return {0, {}, {}, "write: " + ec.message()};
  return read_response();
}

std::string raw_exchange(uint16_t port, const std::string& request) {
  boost::asio::io_context io;
  boost::asio::ip::tcp::socket socket(io);
  boost::system::error_code ec;
  socket.connect({boost::asio::ip::make_address("127.0.0.1"), port}, ec);
  if (ec) return {};
  const timeval timeout{10, 0};
  ::setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  boost::asio::write(socket, boost::asio::buffer(request), ec);
  std::string received;
  char buffer[4096];
  while (!ec) {
    const std::size_t n = socket.read_some(boost::asio::buffer(buffer), ec);
    received.append(buffer, n);
  }
  return received;
}

HttpResponse http_request(uint16_t port, const std::string& method, const std::string& target,
                          const std::string& body,
                          const std::map<std::string, std::string>& headers) {
  HttpClient client(port);
  return client.request(method, target, body, headers);
}

std::string metrics_with(uint16_t admin_port, const std::string& expected) {
  std::string body;
  for (int i = 0; i < 100; ++i) {
    body = http_request(admin_port, "GET", "/metrics").body;
    if (body.find(expected) != std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return body;
}

std::vector<std::string> sse_data(const std::string& body) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while ((pos = body.find("data: ", pos)) != std::string::npos) {
    if (pos != 0 && body[pos - 1] != '\n') {
      pos += 6;
      continue;
    }
    auto end = body.find('\n', pos);
    out.push_back(
        body.substr(pos + 6, end == std::string::npos ? std::string::npos : end - pos - 6));
    pos = end == std::string::npos ? body.size() : end;
  }
  return out;
}

std::string sse_content(const std::string& body, int index) {
  std::string out;
  simdjson::dom::parser parser;
  for (const std::string& data : sse_data(body)) {
    simdjson::dom::array choices;
    if (parser.parse(data)["choices"].get(choices) != simdjson::SUCCESS) continue;
    for (simdjson::dom::element choice : choices) {
      std::int64_t at = -1;
      std::string_view content;
      if (choice["index"].get(at) == simdjson::SUCCESS && at == index &&
          choice["delta"]["content"].get(content) == simdjson::SUCCESS) {
        out += content;  // decoded: escapes undone
      }
    }
  }
  return out;
}

}  // namespace groundgate::testing
