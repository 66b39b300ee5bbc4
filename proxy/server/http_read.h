#pragma once
// Reads an HTTP message (its header, all of it, or some of its body) from a stream into a Beast
// parser: what http::async_read_header, http::async_read and http::async_read_some do, with
// the same results, in one coroutine
// instead of Beast's three layers of composed operations. Those wrap the completion handler
// once per layer and read, and when the buffer already holds what is asked for (a request
// body that came with its header) still complete through a post. Here a message that is
// buffered is parsed without any operation, and each read is one operation of the stream
// (tcp_stream's, so its expiry still bounds it).

#include <algorithm>
#include <cstddef>
#include <tuple>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/error.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/basic_parser.hpp>
#include <boost/beast/http/error.hpp>

#include "proxy/http1/message_parser.h"
#include "proxy/server/any_stream.h"

namespace groundgate::proxy::server {

// kSomeBody: until the message ends, or the parser took bytes and the buffer has none left, or
// the parser's body window is full (http::error::need_buffer, which is not an error here).
enum class ReadUntil { kHeader, kMessage, kSomeBody };

// The peer's bytes are not a valid message (bad framing, a chunk size that overflows, ...): not
// a peer that went away or timed out.
inline bool malformed_message(const boost::beast::error_code& ec) {
  namespace http = boost::beast::http;
  return ec.category() == http::make_error_code(http::error::end_of_stream).category() &&
         ec != http::error::end_of_stream && ec != http::error::partial_message &&
         ec != http::error::need_more && ec != http::error::need_buffer;
}

// Parses the bytes `buffer` holds into `parser`, as read_http does before each read: true when
// that ends the read (`until` reached, or an error, in `ec`), false when it needs more bytes.
// `consumed` adds the bytes the parser took.
// A chunked body's framing lines are bounded (MessageParser::framing_overrun): a chunk-size
// line past its bound is http::error::bad_chunk_extension, trailers past theirs
// http::error::header_limit, both before more is read, so that a peer cannot make the buffer
// grow with one endless line.
template <bool isRequest>
bool parse_buffered(boost::beast::flat_buffer& buffer, http1::MessageParser<isRequest>& parser,
                    ReadUntil until, boost::beast::error_code& ec, std::size_t& consumed) {
  namespace http = boost::beast::http;
  auto done = [&] {
    switch (until) {
      case ReadUntil::kHeader:
        return parser.is_header_done();
      case ReadUntil::kMessage:
        return parser.is_done();
      case ReadUntil::kSomeBody:
        return parser.is_done() || (consumed != 0 && buffer.size() == 0);
    }
    return true;
  };
  while (!done()) {
    if (buffer.size() == 0) return false;
    const std::size_t n = parser.put(buffer.data(), ec);
    buffer.consume(n);
    consumed += n;
    if (ec == http::error::need_more) {
      ec = {};
    } else if (ec == http::error::need_buffer && until == ReadUntil::kSomeBody) {
      ec = {};
      return true;
    } else if (ec) {
      return true;
    }
    if (n != 0) continue;  // the rest may be buffered too
    const std::string_view unparsed(static_cast<const char*>(buffer.data().data()), buffer.size());
    switch (parser.framing_overrun(unparsed)) {
      case http1::MessageParser<isRequest>::Overrun::kNone:
        return false;
      case http1::MessageParser<isRequest>::Overrun::kChunkLine:
        ec = http::error::bad_chunk_extension;
        return true;
      case http1::MessageParser<isRequest>::Overrun::kTrailers:
        ec = http::error::header_limit;
        return true;
    }
  }
  return true;
}

// Returns the error (as Beast's reads would: end_of_stream when the stream ends before any
// byte of the message) and the bytes the parser consumed.
template <bool isRequest>
boost::asio::awaitable<std::tuple<boost::beast::error_code, std::size_t>> read_http(
    AnyStream& stream, boost::beast::flat_buffer& buffer, http1::MessageParser<isRequest>& parser,
    ReadUntil until) {
  namespace http = boost::beast::http;
  // Most bytes asked for per read, as Beast's read_size_or_throw(buffer, 65536).
  constexpr std::size_t kMaxReadBytes = 64 * 1024;
  std::size_t consumed = 0;
  boost::beast::error_code ec;
  while (!parse_buffered(buffer, parser, until, ec, consumed)) {
    const std::size_t want =
        std::clamp<std::size_t>(buffer.capacity() - buffer.size(), 512, kMaxReadBytes);
    auto [read_ec, got] = co_await stream.async_read_some(
        buffer.prepare(want), boost::asio::as_tuple(boost::asio::use_awaitable));
    buffer.commit(got);
    if (read_ec == boost::asio::error::eof) {
      if (!parser.got_some()) co_return std::make_tuple(http::error::end_of_stream, consumed);
      parser.put_eof(ec);  // a body that the close ends, or partial_message
      if (ec) co_return std::make_tuple(ec, consumed);
    } else if (read_ec) {
      co_return std::make_tuple(read_ec, consumed);
    }
  }
  co_return std::make_tuple(ec, consumed);
}

}  // namespace groundgate::proxy::server
