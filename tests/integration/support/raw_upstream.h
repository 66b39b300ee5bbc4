#pragma once
// A scripted upstream that speaks raw bytes: tests make it send exactly what they want
// (a recorded stream split at odd points, a stall, an abrupt close) and observe what the
// proxy does to it. One thread per connection; stops in its destructor.

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/streambuf.hpp>

namespace groundgate::testing {

class RawUpstream {
 public:
  // Called per connection once the request (header and Content-Length body) is read.
  using Handler =
      std::function<void(boost::asio::ip::tcp::socket& socket, const std::string& request)>;

  explicit RawUpstream(Handler handler);
  ~RawUpstream();

  uint16_t port() const { return port_; }
  int connections() const { return connections_.load(); }
  std::string last_request() const;

  // Helpers for handlers.
  static void send(boost::asio::ip::tcp::socket& socket, std::string_view bytes);
  // Blocks until the peer closes (or `timeout_ms`); true when it closed.
  static bool wait_for_close(boost::asio::ip::tcp::socket& socket, int timeout_ms);
  // Reads the next request (header and Content-Length body) on a kept connection; `pending`
  // keeps bytes read past it for the one after. Empty when the peer closed the connection.
  static std::string read_next_request(boost::asio::ip::tcp::socket& socket,
                                       boost::asio::streambuf& pending);
  // "HTTP/1.1 200 OK" + headers for a chunked SSE response.
  static std::string sse_header();
  // "HTTP/1.1 200 OK" with `body` as JSON of its Content-Length (the connection kept).
  static std::string json_response(std::string_view body);
  static std::string chunk(std::string_view bytes);  // one HTTP/1.1 chunk

 private:
  void accept_loop();

  Handler handler_;
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  uint16_t port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<int> connections_{0};
  std::thread accept_thread_;
  mutable std::mutex mutex_;
  std::vector<std::thread> workers_;
  std::vector<std::shared_ptr<boost::asio::ip::tcp::socket>> sockets_;
  std::string last_request_;
};

}  // namespace groundgate::testing
