#pragma once
// Content codings of a message body (RFC 9110 section 8.4): the one a Content-Encoding names,
// and a streaming decoder for those the proxy reads, gzip and deflate (zlib).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "proxy/http1/header_fields.h"

namespace groundgate::proxy::http1 {

enum class ContentCoding : std::uint8_t {
  kIdentity,     // no Content-Encoding, or only "identity"
  kGzip,         // gzip or x-gzip
  kDeflate,      // the zlib format (RFC 9110 section 8.4.1.2); raw deflate is read too
  kUnsupported,  // any other coding, or more than one
};

// The coding of `message`'s body, names compared case-insensitively.
ContentCoding content_coding(const HeaderFields& message);

// Decodes a gzip or deflate body piece by piece. Bounded: each call appends at most a given
// number of bytes, so a small coded body cannot make the proxy hold a huge decoded one.
class ContentDecoder {
 public:
  enum class Result : std::uint8_t {
    kOk,
    kCorrupt,   // not a valid stream of the coding, or bytes after its end
    kTooLarge,  // decoding would append more than the call's bound
  };

  explicit ContentDecoder(ContentCoding coding);  // kGzip or kDeflate
  ~ContentDecoder();
  ContentDecoder(ContentDecoder&&) noexcept;
  ContentDecoder& operator=(ContentDecoder&&) noexcept;

  // Appends what `coded` decodes to, at most `max_out` bytes, to `out`.
  Result decode(std::string_view coded, std::string& out, std::size_t max_out);
  // The coded stream came to its end (call when the body has; false: it was cut short).
  bool complete() const;

 private:
  struct State;
  // Inflates one piece, counting what it appends against `budget`.
  Result inflate_piece(std::string_view coded, std::string& out, std::size_t& budget);

  std::unique_ptr<State> state_;
};

std::string_view describe(ContentDecoder::Result result);

}  // namespace groundgate::proxy::http1
