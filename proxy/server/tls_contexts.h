#pragma once
// OpenSSL contexts: the proxy's own (downstream TLS) and one per https:// upstream.

#include <memory>
#include <string>

#include <boost/asio/ssl/context.hpp>

#include "config/config.h"

namespace groundgate::proxy::server {

struct TlsContextResult {
  std::shared_ptr<boost::asio::ssl::context> context;  // null on error
  std::string error;
};

TlsContextResult make_server_tls_context(const config::ServerTlsConfig& tls);

// Verifies the peer against the system CA store (or ca_file) unless insecure_skip_verify.
TlsContextResult make_upstream_tls_context(const config::UpstreamTlsConfig& tls);

}  // namespace groundgate::proxy::server
