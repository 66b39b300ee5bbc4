#include "tests/integration/support/raw_upstream.h"

#include <poll.h>

#include <boost/asio/read.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>

namespace groundgate::testing {
namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

std::string read_request(tcp::socket& socket) {
  asio::streambuf buffer;
  boost::system::error_code ec;
  std::size_t header_end = asio::read_until(socket, buffer, "\r\n\r\n", ec);
  if (ec) return {};
  std::string all(asio::buffers_begin(buffer.data()), asio::buffers_end(buffer.data()));
  std::string header = all.substr(0, header_end);
  std::string lower = header;
  for (auto& c : lower)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string body = all.substr(header_end);
  if (lower.find("transfer-encoding: chunked") != std::string::npos) {
    // Enough for the tests: the body ends with the last chunk and no trailers.
    while (!body.ends_with("\r\n0\r\n\r\n") && body != "0\r\n\r\n") {
      char more[4096];
      std::size_t n = socket.read_some(asio::buffer(more), ec);
      if (ec) break;
      body.append(more, n);
    }
    return header + body;
  }
  std::size_t length = 0;
  if (auto pos = lower.find("content-length:"); pos != std::string::npos) {
    length = std::stoul(lower.substr(pos + 15));
  }
  if (body.size() < length) {
    std::string rest(length - body.size(), '\0');
    asio::read(socket, asio::buffer(rest), ec);
    body += rest;
  }
  return header + body;
}

}  // namespace

RawUpstream::RawUpstream(Handler handler)
    : handler_(std::move(handler)),
      acceptor_(io_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {
  port_ = acceptor_.local_endpoint().port();
  accept_thread_ = std::thread([this] { accept_loop(); });
}

RawUpstream::~RawUpstream() {
  stopping_ = true;
  boost::system::error_code ec;
  {
    // A blocking accept() is not woken by close() from another thread: connect to wake it.
    tcp::socket wake(io_);
    wake.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_), ec);
  }
  accept_thread_.join();
  acceptor_.close(ec);
  {
    std::lock_guard lock(mutex_);
    for (auto& s : sockets_)
      s->shutdown(tcp::socket::shutdown_both, ec);
  }
  for (auto& w : workers_)
    w.join();
}

std::string RawUpstream::last_request() const {
  std::lock_guard lock(mutex_);
  return last_request_;
}

void RawUpstream::accept_loop() {
  while (!stopping_) {
    auto socket = std::make_shared<tcp::socket>(io_);
    boost::system::error_code ec;
    acceptor_.accept(*socket, ec);
    if (ec || stopping_) return;
    connections_++;
    std::lock_guard lock(mutex_);
    sockets_.push_back(socket);
    workers_.emplace_back([this, socket] {
      std::string request = read_request(*socket);
      {
        std::lock_guard lock(mutex_);
        last_request_ = request;
      }
      handler_(*socket, request);
      // Under the lock: the destructor may be shutting the sockets down to wake handlers.
      std::lock_guard lock(mutex_);
      boost::system::error_code ignored;
      socket->shutdown(tcp::socket::shutdown_both, ignored);
      socket->close(ignored);
    });
  }
}

void RawUpstream::send(tcp::socket& socket, std::string_view bytes) {
  boost::system::error_code ec;
  asio::write(socket, asio::buffer(bytes.data(), bytes.size()), ec);
}

bool RawUpstream::wait_for_close(tcp::socket& socket, int timeout_ms) {
  pollfd fd{socket.native_handle(), POLLIN, 0};
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  char byte;
  while (std::chrono::steady_clock::now() < deadline) {
    if (::poll(&fd, 1, 50) > 0) {
      auto n = ::recv(socket.native_handle(), &byte, 1, 0);
      if (n <= 0) return true;
    }
  }
  return false;
}

std::string RawUpstream::read_next_request(tcp::socket& socket, asio::streambuf& pending) {
  boost::system::error_code ec;
  const std::size_t header_end = asio::read_until(socket, pending, "\r\n\r\n", ec);
  if (ec) return {};
  std::string request(asio::buffers_begin(pending.data()),
                      asio::buffers_begin(pending.data()) + header_end);
  pending.consume(header_end);
  std::size_t length = 0;
  if (auto at = request.find("Content-Length: "); at != std::string::npos) {
    length = std::stoul(request.substr(at + 16));
  }
  if (pending.size() < length) {
    asio::read(socket, pending, asio::transfer_exactly(length - pending.size()), ec);
    if (ec) return {};
  }
  request.append(asio::buffers_begin(pending.data()), asio::buffers_begin(pending.data()) + length);
  pending.consume(length);
  return request;
}

std::string RawUpstream::sse_header() {
  return "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
         "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
}

std::string RawUpstream::json_response(std::string_view body) {
  return "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + std::string(body);
}

std::string RawUpstream::chunk(std::string_view bytes) {
  char size[32];
  std::snprintf(size, sizeof size, "%zx\r\n", bytes.size());
  return std::string(size) + std::string(bytes) + "\r\n";
}

}  // namespace groundgate::testing
