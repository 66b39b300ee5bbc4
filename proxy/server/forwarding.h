#pragma once
// What crosses the proxy unchanged and what does not: hop-by-hop headers (RFC 9110 §7.6.1),
// the upstream request target, and which requests are inspected.

#include <string>
#include <string_view>

#include <boost/beast/http/fields.hpp>
#include <boost/beast/http/verb.hpp>

#include "proxy/http1/header_fields.h"
#include "proxy/openai/endpoint_kind.h"

namespace groundgate::proxy::server {

// True for headers that describe one connection, not the message.
bool is_hop_by_hop(std::string_view name, const http1::HeaderFields& message);

// Copies every end-to-end header of `from` into `to`. Authorization and API keys pass
// untouched; `drop_accept_encoding` asks the upstream for an identity body we can read;
// `drop_traceparent` leaves out the client's traceparent, which the proxy replaces with its own
// when it traces (tracestate passes unchanged).
void copy_end_to_end_headers(const http1::HeaderFields& from, boost::beast::http::fields& to,
                             bool drop_accept_encoding, bool drop_traceparent = false);
// The same headers appended as header lines ("name: value\r\n"), for a header written as text;
// `drop_content_encoding`: the body goes on decoded.
void append_end_to_end_headers(const http1::HeaderFields& from, bool drop_accept_encoding,
                               std::string& out, bool drop_traceparent = false,
                               bool drop_content_encoding = false);

// A Transfer-Encoding with a coding other than chunked (gzip, compress, deflate, ...). The proxy
// sends no TE header, so an upstream may not use one (RFC 9112 section 6.1), and the body could
// not go on as it came: a client would get coded bytes with no header naming the coding.
bool has_transfer_coding_besides_chunked(const http1::HeaderFields& message);

// What a request's Transfer-Encoding must be answered with (RFC 9112 sections 6.1 and 6.3), or
// 0 when it frames the body: 400 when chunked is not the final coding or is applied twice, or
// the request is HTTP/1.0 (which has no transfer codings); 501 for another coding before a
// final chunked. Either way the connection closes: where the body ends cannot be known, and
// its bytes taken for the next request would be a smuggled one.
unsigned refuse_request_transfer_coding(const http1::HeaderFields& request, unsigned version);

// The path without its query string.
std::string_view path_of(std::string_view target);

// base_path of the upstream URL + the client's target ("/v1/chat/completions?x=1").
std::string upstream_target(std::string_view base_path, std::string_view target);

// POST /…/chat/completions, POST /…/completions and POST /…/responses, in any spelling a server
// may read as one (openai::RequestInspector::kind_of), are read and checked; all else is relayed
// (…/responses/{id}, its input_items and cancel among them).
bool is_inspected(boost::beast::http::verb method, std::string_view target);
// The same for a request whose endpoint is known (RequestInspector::kind_of).
bool is_inspected(boost::beast::http::verb method, openai::EndpointKind kind);

// GET, HEAD, OPTIONS, TRACE, PUT and DELETE: methods whose request means the same sent twice as
// once (RFC 9110 section 9.2.2), which a client may send again after a connection failure.
bool is_idempotent(boost::beast::http::verb method);

// Host header value for an upstream: the port only when it is not the scheme's default.
std::string host_header(std::string_view host, unsigned port, bool https);

}  // namespace groundgate::proxy::server
