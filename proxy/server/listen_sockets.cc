#include "proxy/server/listen_sockets.h"

#include <sys/socket.h>

#include <spdlog/spdlog.h>

namespace groundgate::proxy::server {
namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

using Acceptor = std::unique_ptr<tcp::acceptor>;

// SO_REUSEPORT must be set on every socket of the group before it binds.
boost::system::error_code set_reuse_port(tcp::acceptor& acceptor) {
#ifdef SO_REUSEPORT
  int on = 1;
  if (::setsockopt(acceptor.native_handle(), SOL_SOCKET, SO_REUSEPORT, &on, sizeof on) != 0) {
    return {errno, boost::system::system_category()};
  }
  return {};
#else
  return asio::error::operation_not_supported;
#endif
}

// Opens `acceptor` and, unless `reuse_port` fails (reported in `reuse_port_error`, the socket
// then stays closed), binds and listens on `endpoint`.
boost::system::error_code listen_on(tcp::acceptor& acceptor, const tcp::endpoint& endpoint,
                                    bool reuse_port, boost::system::error_code& reuse_port_error) {
  boost::system::error_code ec;
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec && reuse_port) {
    reuse_port_error = set_reuse_port(acceptor);
    if (reuse_port_error) {
      acceptor.close(ec);
      return {};
    }
  }
  if (!ec) acceptor.bind(endpoint, ec);
  if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
  return ec;
}

// Whether another process listens on `endpoint`: a plain socket (no SO_REUSEPORT) cannot bind
// there. Without this check a second groundgate sharing the port with SO_REUSEPORT would join
// the first one's group and silently take half its connections.
boost::system::error_code port_taken(const tcp::endpoint& endpoint,
                                     const asio::any_io_executor& executor) {
  tcp::acceptor probe(executor);
  boost::system::error_code ec;
  probe.open(endpoint.protocol(), ec);
  if (!ec) probe.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) probe.bind(endpoint, ec);
  boost::system::error_code ignored;
  probe.close(ignored);
  return ec;
}

}  // namespace

ListenSockets open_listen_sockets(const tcp::endpoint& endpoint,
                                  std::span<const asio::any_io_executor> executors,
                                  bool share_port) {
  ListenSockets result;
  const bool reuse_port = share_port && executors.size() > 1;
  if (reuse_port && endpoint.port() != 0) {
    if (auto taken = port_taken(endpoint, executors[0])) {
      result.error = taken.message();
      return result;
    }
  }
  boost::system::error_code reuse_port_error;
  auto first = std::make_unique<tcp::acceptor>(executors[0]);
  auto ec = listen_on(*first, endpoint, reuse_port, reuse_port_error);
  if (!ec && reuse_port_error) {
    spdlog::warn("SO_REUSEPORT unavailable ({}): one acceptor hands connections to the threads",
                 reuse_port_error.message());
    ec = listen_on(*first, endpoint, false, reuse_port_error);
  }
  if (ec) {
    result.error = ec.message();
    return result;
  }
  result.acceptors.push_back(std::move(first));
  if (!reuse_port || reuse_port_error) return result;

  // The same port for all, also when the system picked it for the first.
  const tcp::endpoint shared(endpoint.address(), result.acceptors[0]->local_endpoint().port());
  for (std::size_t i = 1; i < executors.size(); ++i) {
    auto acceptor = std::make_unique<tcp::acceptor>(executors[i]);
    ec = listen_on(*acceptor, shared, true, reuse_port_error);
    if (ec || reuse_port_error) {
      // Not expected once the first socket holds the port; one acceptor still serves all.
      spdlog::warn(
          "SO_REUSEPORT socket {} refused ({}): one acceptor hands connections to the "
          "threads",
          i + 1, (ec ? ec : reuse_port_error).message());
      result.acceptors.resize(1);
      return result;
    }
    result.acceptors.push_back(std::move(acceptor));
  }
  return result;
}

}  // namespace groundgate::proxy::server
