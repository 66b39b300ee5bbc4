#pragma once
// The tracing exporter's way to the OpenTelemetry collector: one POST of OTLP JSON per batch,
// on a connection of its own (opened as an upstream's is: timeouts, TLS with SNI and
// verification), from the exporter's thread on a private io_context.

#include <memory>

#include <boost/asio/ssl/context.hpp>

#include "config/config.h"
#include "proxy/tracing/span_exporter.h"

namespace groundgate::proxy::server {

// `tls`: for an https:// collector (null otherwise).
tracing::Transport make_collector_transport(const config::TracingConfig& tracing,
                                            std::shared_ptr<boost::asio::ssl::context> tls);

}  // namespace groundgate::proxy::server
