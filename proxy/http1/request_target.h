#pragma once
// A request target as the proxy routes it and forwards it: normalised the way RFC 3986
// (section 6.2.2) says two spellings of one resource compare equal, so that an upstream that
// normalises (most must accept the absolute form, RFC 9112 section 3.2.2) answers no spelling
// that missed the route meant for it. What cannot be normalised into one path every server
// reads alike is refused: the request gets 400.
//
// - origin form ("/path?query") and absolute form ("http://host/path?query", reduced to its
//   path and query; its authority must name the Host header's host and port, and carry no
//   user information); other forms ("*", "host:port") are refused;
// - in the path: percent-escapes of unreserved characters are decoded and the others written
//   with upper-case digits; characters a URI may not hold (`"<>^`{|}` and bytes over 0x7F) are
//   percent-encoded; dot segments are removed (section 5.2.4);
// - refused: a malformed percent-escape; an escape of a control character, space, "/", "?",
//   "#", "%" or "\" left in the path (servers disagree whether it splits or ends the path); a
//   raw "\" (some servers read it as "/") or a fragment;
// - the query goes as it came.

#include <string>
#include <string_view>

namespace groundgate::proxy::http1 {

struct NormalizedTarget {
  bool ok = false;
  std::string target;      // ok: the normalised target (origin form)
  std::string_view error;  // not ok: why, for the 400's message (static)
};

// `host`: the request's Host header value (empty when it has none, an HTTP/1.0 request).
NormalizedTarget normalize_target(std::string_view target, std::string_view host);

}  // namespace groundgate::proxy::http1
