#pragma once
// One request and its response on a client connection: from a request header already read
// to the last byte of the response.

#include <boost/asio/awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>

#include "proxy/server/any_stream.h"
#include "proxy/server/server_context.h"

namespace groundgate::proxy::server {

using RequestHeaderParser = boost::beast::http::request_parser<boost::beast::http::empty_body>;

// Returns true when the connection may carry another request.
boost::asio::awaitable<bool> run_exchange(ServerContext& context, AnyStream& client,
                                          boost::beast::flat_buffer& client_buffer,
                                          RequestHeaderParser& header);

}  // namespace groundgate::proxy::server
