#pragma once
// Opens a connection to an upstream: resolve, connect (bounded by connect_timeout), and for
// https:// a TLS handshake with SNI and peer verification.

#include <memory>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/ssl/context.hpp>

#include "config/config.h"
#include "proxy/server/any_stream.h"

namespace groundgate::proxy::server {

struct UpstreamConnection {
  std::unique_ptr<AnyStream> stream;  // null on error
  std::string error_kind;  // upstream_resolve | upstream_connect | upstream_timeout | upstream_tls
  std::string error;
};

boost::asio::awaitable<UpstreamConnection> connect_upstream(boost::asio::any_io_executor executor,
                                                            const config::UpstreamConfig& upstream,
                                                            boost::asio::ssl::context* tls);

}  // namespace groundgate::proxy::server
