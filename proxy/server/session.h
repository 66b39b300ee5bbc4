#pragma once
// One client connection: optional TLS handshake, then requests one after the other
// (keep-alive; pipelined bytes wait in the buffer), each handled by run_exchange.

#include <boost/asio/awaitable.hpp>

#include "proxy/server/any_stream.h"
#include "proxy/server/server_context.h"

namespace groundgate::proxy::server {

boost::asio::awaitable<void> run_session(std::shared_ptr<ServerContext> context, AnyStream client);

}  // namespace groundgate::proxy::server
