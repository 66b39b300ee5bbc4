#pragma once
// HTTP/1.1 message headers as the bytes Beast's serializer writes for them, in one string.
// Writing a header that way is one buffer for a single write, where Beast's serializer walks a
// buffer per field through a composed write: several times the instructions for each request
// and response.

#include <string>

#include <boost/beast/http/message.hpp>

namespace groundgate::proxy::server {

// "<method> <target> HTTP/1.1\r\n", each field "name: value\r\n", then "\r\n".
void append_header(const boost::beast::http::request_header<>& header, std::string& out);
// "HTTP/1.1 <code> <reason>\r\n", each field, then "\r\n".
void append_header(const boost::beast::http::response_header<>& header, std::string& out);

}  // namespace groundgate::proxy::server
