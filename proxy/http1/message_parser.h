#pragma once
// An HTTP/1 message parser: Beast's basic_parser (the syntax, the limits, Content-Length and
// Transfer-Encoding rules, keep-alive) with the header kept in a HeaderFields instead of
// Beast's http::fields, and the body sent where the caller says once the header is read:
// appended to a string, or copied into a window that the caller empties (as Beast's
// buffer_body). One parser reads one message, header and body.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <boost/beast/http/basic_parser.hpp>
#include <boost/beast/http/verb.hpp>

#include "proxy/http1/header_fields.h"

namespace groundgate::proxy::http1 {

template <bool isRequest>
class MessageParser : public boost::beast::http::basic_parser<isRequest> {
 public:
  MessageParser();

  // The request line (requests only).
  boost::beast::http::verb method() const { return method_; }
  std::string_view method_string() const { return std::string_view(line_).substr(0, split_); }
  std::string_view target() const { return std::string_view(line_).substr(split_); }
  // Replaces the target once the header is read (the proxy routes and forwards a normalised
  // one: request_target.h).
  void set_target(std::string_view target) {
    line_.resize(split_);
    line_.append(target);
  }
  // The status line (responses only).
  unsigned status() const { return status_; }
  std::string_view reason() const { return line_; }
  // 10 or 11.
  unsigned version() const { return version_; }
  const HeaderFields& fields() const { return fields_; }

  // The header's bound (Beast's), which also bounds a chunked body's trailer section.
  void header_limit(std::uint32_t bytes) {
    header_limit_ = bytes;
    boost::beast::http::basic_parser<isRequest>::header_limit(bytes);
  }
  // The body's bound (none: unbounded). Beast's parser checks a declared Content-Length and
  // each chunk's size against it; a body that runs to the end of the stream is counted here,
  // on the bytes a sink took: Beast (1.81) counts the bytes it offered, so a body read through
  // windows smaller than a read would fail before its bound.
  // Called through this class, not through a basic_parser reference, which would leave this
  // count at its default.
  void body_limit(boost::optional<std::uint64_t> bytes) {
    body_limit_ = bytes;
    if (!body_to_eof_) boost::beast::http::basic_parser<isRequest>::body_limit(bytes);
  }
  // A chunk-size line with its extensions is bounded at this many bytes.
  static constexpr std::size_t kMaxChunkLineBytes = 4096;
  // Whether `unparsed`, the bytes the parser could not take yet (it needs more), is a chunked
  // body's framing grown past its bound: a chunk-size line without its end within
  // kMaxChunkLineBytes, or the last chunk's trailers past the header limit. Beast's parser
  // bounds neither and would wait for the line's end however long it grew; read_http asks this
  // before it reads more.
  enum class Overrun : std::uint8_t { kNone, kChunkLine, kTrailers };
  Overrun framing_overrun(std::string_view unparsed) const;

  // Where the body goes; set before its first byte is parsed. Without either, a body is an
  // error (http::error::unexpected_body): a read of the header alone never parses one.
  // Appended to `out`, at most `limit` bytes: a longer body, or a declared Content-Length over
  // it, is http::error::body_limit. (Beast's own body_limit() checks a Content-Length only
  // while the header is parsed, before a caller knows which limit applies.)
  void body_to_string(std::string& out, std::uint64_t limit) {
    sink_ = Sink{&out, limit, nullptr, 0};
  }
  // Copied into [data, data + size); when it is full, put() stops with http::error::need_buffer
  // and the next window takes the rest. window_left() is what the current one has left.
  void body_to_window(char* data, std::size_t size) { sink_ = Sink{nullptr, 0, data, size}; }
  std::size_t window_left() const { return sink_.window_size; }

 private:
  using error_code = boost::beast::error_code;
  using string_view = boost::core::string_view;

  void on_request_impl(boost::beast::http::verb method, string_view method_string,
                       string_view target, int version, error_code& ec) override;
  void on_response_impl(int status, string_view reason, int version, error_code& ec) override;
  void on_field_impl(boost::beast::http::field name, string_view name_string, string_view value,
                     error_code& ec) override;
  void on_header_impl(error_code& ec) override;
  void on_body_init_impl(const boost::optional<std::uint64_t>& content_length,
                         error_code& ec) override;
  std::size_t on_body_impl(string_view body, error_code& ec) override;
  void on_chunk_header_impl(std::uint64_t size, string_view extensions, error_code& ec) override;
  std::size_t on_chunk_body_impl(std::uint64_t remain, string_view body, error_code& ec) override;
  void on_finish_impl(error_code& ec) override;

  struct Sink {
    std::string* string = nullptr;
    std::uint64_t string_limit = 0;
    char* window = nullptr;
    std::size_t window_size = 0;
  };

  boost::beast::http::verb method_ = boost::beast::http::verb::unknown;
  unsigned status_ = 0;
  unsigned version_ = 0;
  std::string line_;       // method and target, or the reason
  std::size_t split_ = 0;  // where the target starts in line_
  HeaderFields fields_;
  Sink sink_;
  std::size_t header_limit_ = 8192;                                            // Beast's default
  boost::optional<std::uint64_t> body_limit_ = isRequest ? 1 << 20 : 8 << 20;  // Beast's defaults
  // A body to the end of the stream: the bytes its sinks have taken, counted against body_limit_.
  bool body_to_eof_ = false;
  std::uint64_t body_taken_ = 0;
};

using RequestParser = MessageParser<true>;
using ResponseParser = MessageParser<false>;

extern template class MessageParser<true>;
extern template class MessageParser<false>;

}  // namespace groundgate::proxy::http1
