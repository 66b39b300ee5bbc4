#pragma once
// Why a request failed, as one closed set: it is a metric label (bounded cardinality) and
// the access log's "error" field, so both always agree.

#include <array>
#include <string_view>

namespace groundgate::proxy::observability {

enum class ErrorKind {
  kUpstreamConnect,      // resolve or TCP connect to the upstream failed
  kUpstreamTls,          // TLS handshake or verification towards the upstream failed
  kUpstreamTimeout,      // connect, header, idle or total timeout towards the upstream
  kUpstreamClosedEarly,  // the upstream closed before a complete response
  kUpstreamBadResponse,  // unparseable HTTP or SSE from the upstream, or over a limit
  kClientDisconnect,     // the client went away before the response was complete
  kClientTimeout,        // the client was too slow sending headers or body
  kTlsHandshake,         // downstream TLS handshake failed
  kBodyTooLarge,         // request body over the limit (413)
  kBadRequest,           // unparseable request (400)
  kNoRoute,              // no route matched (404)
  kPolicyNotAllowed,     // x-groundgate-policy names a policy its route does not allow (403)
  kFilter,               // a filter stopped the stream or failed
  kShutdown,             // still running when the drain timeout ran out: cut
  kInternal,             // anything else: a bug
};

inline constexpr std::array kAllErrorKinds = {
    ErrorKind::kUpstreamConnect,
    ErrorKind::kUpstreamTls,
    ErrorKind::kUpstreamTimeout,
    ErrorKind::kUpstreamClosedEarly,
    ErrorKind::kUpstreamBadResponse,
    ErrorKind::kClientDisconnect,
    ErrorKind::kClientTimeout,
    ErrorKind::kTlsHandshake,
    ErrorKind::kBodyTooLarge,
    ErrorKind::kBadRequest,
    ErrorKind::kNoRoute,
    ErrorKind::kPolicyNotAllowed,
    ErrorKind::kFilter,
    ErrorKind::kShutdown,
    ErrorKind::kInternal,
};

// snake_case, e.g. "upstream_closed_early".
std::string_view error_kind_name(ErrorKind kind);

}  // namespace groundgate::proxy::observability
