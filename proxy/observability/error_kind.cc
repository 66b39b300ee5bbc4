#include "proxy/observability/error_kind.h"

namespace groundgate::proxy::observability {

std::string_view error_kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kUpstreamConnect:
      return "upstream_connect";
    case ErrorKind::kUpstreamTls:
      return "upstream_tls";
    case ErrorKind::kUpstreamTimeout:
      return "upstream_timeout";
    case ErrorKind::kUpstreamClosedEarly:
      return "upstream_closed_early";
    case ErrorKind::kUpstreamBadResponse:
      return "upstream_bad_response";
    case ErrorKind::kClientDisconnect:
      return "client_disconnect";
    case ErrorKind::kClientTimeout:
      return "client_timeout";
    case ErrorKind::kTlsHandshake:
      return "tls_handshake";
    case ErrorKind::kBodyTooLarge:
      return "body_too_large";
    case ErrorKind::kBadRequest:
      return "bad_request";
    case ErrorKind::kNoRoute:
      return "no_route";
    case ErrorKind::kPolicyNotAllowed:
      return "policy_not_allowed";
    case ErrorKind::kFilter:
      return "filter";
    case ErrorKind::kShutdown:
      return "shutdown";
    case ErrorKind::kInternal:
      return "internal";
  }
  return "internal";
}

}  // namespace groundgate::proxy::observability
