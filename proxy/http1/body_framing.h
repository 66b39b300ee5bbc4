#pragma once
// Finds the body of an HTTP/1.1 message in the bytes that follow its header: a Content-Length
// body, a chunked one (RFC 9112 section 7.1) or one that ends when the connection closes. It
// copies nothing: every body piece it returns points into the caller's input, so a relay can
// hand the upstream's bytes to the client as they were read. Pure byte processing, no I/O.
//
// The caller keeps the bytes not yet taken and offers them again with what arrives next: a
// chunk-size line or trailer line split across reads is read once it is complete. Every such
// line is bounded (max_line_bytes) and so is the trailer section; trailer fields are checked
// and dropped, as Beast's parser drops them. Syntax errors end the body for good.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace groundgate::proxy::http1 {

enum class BodyError {
  kNone,
  kBadChunkSize,       // not 1-16 hex digits, or no CRLF after the size and extensions
  kBadChunkExtension,  // not ;name[=value] as RFC 9112 writes it
  kBadChunkEnd,        // chunk data not followed by CRLF
  kBadTrailer,         // a trailer line that is not a field line
  kLineTooLong,        // a chunk-size line or the trailer section over its bound
  kCutShort,           // the input ended before the body did
};

std::string_view describe(BodyError error);

class BodyFraming {
 public:
  // The body has `length` bytes.
  static BodyFraming sized(std::uint64_t length);
  // Chunked transfer coding; `max_line_bytes` bounds a chunk-size line and the trailer section.
  static BodyFraming chunked(std::size_t max_line_bytes);
  // The body is everything until the connection closes.
  static BodyFraming until_close();

  struct Step {
    std::size_t used = 0;   // bytes taken from the front of the input (framing and body)
    std::string_view body;  // the body bytes among them, a view into the input
  };
  // Takes what it can from the front of `in`: framing, then body bytes up to the end of the
  // current chunk (or of `in`). `used` is 0 when `in` holds nothing complete to take yet (read
  // more), when the body is done, or when it failed; the caller calls again with the rest of
  // `in` while `used` is not 0.
  Step next(std::string_view in);

  // The input ended (the connection closed): done for a body delimited by the close, kCutShort
  // for any other body not yet done.
  void end_of_input();

  bool done() const { return state_ == State::kDone; }
  bool failed() const { return error_ != BodyError::kNone; }
  BodyError error() const { return error_; }

 private:
  enum class State { kSized, kUntilClose, kSizeLine, kData, kDataEnd, kTrailers, kDone, kFailed };

  BodyFraming(State state, std::uint64_t remaining, std::size_t max_line_bytes)
      : state_(state), remaining_(remaining), max_line_bytes_(max_line_bytes) {}

  // Up to remaining_ bytes from the front of `in`, counted off remaining_.
  Step take_remaining(std::string_view in);
  // Chunk data, and the chunk's CRLF when it came with the data.
  Step take_data(std::string_view in);
  // The chunk-size line at the front of `in`; returns its length or 0 (incomplete or failed).
  std::size_t read_size_line(std::string_view in);
  // Trailer lines at the front of `in` up to the blank line that ends them; returns how many
  // bytes were complete lines.
  std::size_t read_trailers(std::string_view in);
  Step fail(BodyError error);

  State state_;
  std::uint64_t remaining_;  // kSized, kData: body bytes still to come
  std::size_t max_line_bytes_ = 0;
  std::size_t trailer_bytes_ = 0;  // of the trailer section so far
  BodyError error_ = BodyError::kNone;
};

}  // namespace groundgate::proxy::http1
