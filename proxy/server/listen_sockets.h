#pragma once
// The client listening sockets. With several I/O threads (Linux), one socket per thread, all
// bound to the same port with SO_REUSEPORT: the kernel spreads new connections over them, so
// no single thread does every accept (as Envoy and nginx `reuseport` do). Where SO_REUSEPORT
// is unavailable, or for one thread, a single socket.

#include <memory>
#include <span>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/ip/tcp.hpp>

namespace groundgate::proxy::server {

struct ListenSockets {
  // Listening, in the order of the executors they run on; empty on error.
  std::vector<std::unique_ptr<boost::asio::ip::tcp::acceptor>> acceptors;
  std::string error;
};

// One acceptor per executor (each on its executor) sharing `endpoint`'s port, or one acceptor
// on executors[0] when `share_port` is false, there is one executor, or the system refuses
// SO_REUSEPORT. Port 0: the first socket gets a port from the system, the others bind to it.
ListenSockets open_listen_sockets(const boost::asio::ip::tcp::endpoint& endpoint,
                                  std::span<const boost::asio::any_io_executor> executors,
                                  bool share_port = true);

}  // namespace groundgate::proxy::server
