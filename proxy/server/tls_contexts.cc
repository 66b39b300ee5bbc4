#include "proxy/server/tls_contexts.h"

namespace groundgate::proxy::server {
namespace ssl = boost::asio::ssl;

namespace {

std::string describe(const boost::system::error_code& ec) {
  return ec.message();
}

}  // namespace

TlsContextResult make_server_tls_context(const config::ServerTlsConfig& tls) {
  auto ctx = std::make_shared<ssl::context>(ssl::context::tls_server);
  boost::system::error_code ec;
  ctx->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 |
                       ssl::context::no_sslv3 | ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 |
                       ssl::context::single_dh_use,
                   ec);
  if (ec) return {nullptr, "tls options: " + describe(ec)};
  ctx->use_certificate_chain_file(tls.cert_file, ec);
  if (ec) return {nullptr, "tls.cert_file " + tls.cert_file + ": " + describe(ec)};
  ctx->use_private_key_file(tls.key_file, ssl::context::pem, ec);
  if (ec) return {nullptr, "tls.key_file " + tls.key_file + ": " + describe(ec)};
  return {std::move(ctx), {}};
}

TlsContextResult make_upstream_tls_context(const config::UpstreamTlsConfig& tls) {
  auto ctx = std::make_shared<ssl::context>(ssl::context::tls_client);
  boost::system::error_code ec;
  ctx->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 |
                       ssl::context::no_sslv3 | ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1,
                   ec);
  if (ec) return {nullptr, "tls options: " + describe(ec)};
  if (tls.insecure_skip_verify) {
    ctx->set_verify_mode(ssl::verify_none, ec);
    return {std::move(ctx), {}};
  }
  if (tls.ca_file.empty()) {
    ctx->set_default_verify_paths(ec);
  } else {
    ctx->load_verify_file(tls.ca_file, ec);
  }
  if (ec) return {nullptr, "tls CA store: " + describe(ec)};
  ctx->set_verify_mode(ssl::verify_peer, ec);
  if (ec) return {nullptr, "tls verify mode: " + describe(ec)};
  return {std::move(ctx), {}};
}

}  // namespace groundgate::proxy::server
