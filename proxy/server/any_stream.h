#pragma once
// One stream type for plain TCP and TLS, so that the session and relay code (and Beast's
// HTTP algorithms over it) are compiled once, not once per transport.

#include <memory>
#include <utility>
#include <variant>

#include <boost/asio/ssl/stream_base.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>

namespace groundgate::proxy::server {

class AnyStream {
 public:
  using Tcp = boost::beast::tcp_stream;
  using Tls = boost::beast::ssl_stream<boost::beast::tcp_stream>;
  using executor_type = Tcp::executor_type;

  explicit AnyStream(Tcp tcp) : stream_(std::in_place_type<Tcp>, std::move(tcp)) {}
  explicit AnyStream(Tls tls) : stream_(std::in_place_type<Tls>, std::move(tls)) {}
  AnyStream(AnyStream&&) = default;
  AnyStream& operator=(AnyStream&&) = default;

  executor_type get_executor() { return tcp().get_executor(); }
  bool is_tls() const { return std::holds_alternative<Tls>(stream_); }
  Tls* tls() { return std::get_if<Tls>(&stream_); }

  Tcp& tcp() {
    if (auto* t = std::get_if<Tls>(&stream_)) return t->next_layer();
    return std::get<Tcp>(stream_);
  }

  template <class MutableBufferSequence, class Token>
  auto async_read_some(const MutableBufferSequence& buffers, Token&& token) {
    return std::visit(
        [&](auto& s) { return s.async_read_some(buffers, std::forward<Token>(token)); }, stream_);
  }

  template <class ConstBufferSequence, class Token>
  auto async_write_some(const ConstBufferSequence& buffers, Token&& token) {
    return std::visit(
        [&](auto& s) { return s.async_write_some(buffers, std::forward<Token>(token)); }, stream_);
  }

  // Reads and writes without Beast's per-operation timer: the caller bounds them (the
  // exchange's watchdog), so tcp() must have expires_never(). Plain TCP goes straight to the
  // socket; TLS still passes through the tcp_stream, whose timer is then never armed.
  template <class MutableBufferSequence, class Token>
  auto async_read_some_unbounded(const MutableBufferSequence& buffers, Token&& token) {
    if (auto* t = std::get_if<Tls>(&stream_))
      return t->async_read_some(buffers, std::forward<Token>(token));
    return std::get<Tcp>(stream_).socket().async_read_some(buffers, std::forward<Token>(token));
  }

  template <class ConstBufferSequence, class Token>
  auto async_write_unbounded(const ConstBufferSequence& buffers, Token&& token) {
    if (auto* t = std::get_if<Tls>(&stream_))
      return boost::asio::async_write(*t, buffers, std::forward<Token>(token));
    return boost::asio::async_write(std::get<Tcp>(stream_).socket(), buffers,
                                    std::forward<Token>(token));
  }

  // Plain TCP: writes what the socket takes at once, without waiting. A client that keeps
  // reading takes a whole event this way, so no asynchronous write is started for it (no
  // reactor operation, no completion posted, the coroutine does not suspend); the caller sends
  // what is left, if anything, with async_write_unbounded. TLS: writes nothing. Returns the
  // bytes written; `ec` is set only for errors other than "would block".
  template <class ConstBufferSequence>
  std::size_t write_some_now(const ConstBufferSequence& buffers, boost::beast::error_code& ec) {
    ec = {};
    auto* tcp = std::get_if<Tcp>(&stream_);
    if (tcp == nullptr) return 0;
    auto& socket = tcp->socket();
    if (!socket.non_blocking()) {
      // Once per socket; the asynchronous operations work the same in either mode.
      socket.non_blocking(true, ec);
      if (ec) {
        ec = {};
        return 0;
      }
    }
    std::size_t n = socket.write_some(buffers, ec);
    // The usual case, no error, tested first: comparing error codes is not free.
    if (ec && (ec == boost::asio::error::would_block || ec == boost::asio::error::try_again)) {
      ec = {};
      return 0;
    }
    return n;
  }

  // Moves the connection's socket onto `executor` (the strand of the exchange that reuses it,
  // when connections run on strands of one shared io_context).
  // Plain TCP gets a new tcp_stream; under TLS only the socket moves, and the tcp_stream's
  // timer handler (a send-phase timeout) still runs on the strand that opened the connection.
  bool rebind(const executor_type& executor) {
    boost::beast::error_code ec;
    auto protocol = tcp().socket().local_endpoint(ec).protocol();
    if (ec) return false;
    auto fd = tcp().socket().release(ec);
    if (ec) return false;
    boost::asio::ip::tcp::socket socket(executor, protocol, fd);
    if (auto* t = std::get_if<Tls>(&stream_)) {
      t->next_layer().socket() = std::move(socket);
    } else {
      stream_.emplace<Tcp>(std::move(socket));
    }
    return true;
  }

  // Closes the socket at once (no TLS close_notify): used on errors and cancellation.
  void close() {
    boost::beast::error_code ec;
    tcp().socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
    tcp().close();
  }

 private:
  std::variant<Tcp, Tls> stream_;
};

}  // namespace groundgate::proxy::server
