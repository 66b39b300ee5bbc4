#pragma once
// The ways out of the proxy that are not upstreams: the tracing exporter's to the OpenTelemetry
// collector (one POST of OTLP JSON per batch) and the verdict webhook's to its receiver (one
// POST of JSON per flagged answer). Each POST goes on a connection of its own (opened as an
// upstream's is: timeouts, TLS with SNI and verification), from the sender's own thread on a
// private io_context.

#include <memory>

#include <boost/asio/ssl/context.hpp>

#include "config/config.h"
#include "proxy/observability/verdict_webhook.h"
#include "proxy/tracing/span_exporter.h"

namespace groundgate::proxy::server {

// `tls`: for an https:// collector (null otherwise).
tracing::Transport make_collector_transport(const config::TracingConfig& tracing,
                                            std::shared_ptr<boost::asio::ssl::context> tls);
// `tls`: for an https:// receiver (null otherwise).
observability::WebhookTransport make_webhook_transport(
    const config::VerdictWebhookConfig& webhook, std::shared_ptr<boost::asio::ssl::context> tls);

}  // namespace groundgate::proxy::server
