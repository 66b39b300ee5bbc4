#pragma once
// Incremental reader of one HTTP/1.1 response carrying server-sent events: parses the header,
// removes the chunked (or length / close-delimited) framing and hands out whole SSE events.
// Buffers are reused across responses, so steady-state reading does not allocate.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace groundgate::bench::load {

class ResponseReader {
 public:
  enum class Status { kMore, kDone, kError };

  explicit ResponseReader(size_t pending_limit);

  // Starts a new response on the same connection.
  void reset();
  // Feeds bytes read from the socket. After it, drain next_event() before feeding again.
  Status feed(std::string_view bytes);
  // The connection reached end of file: completes a close-delimited body, fails any other.
  Status finish_at_eof();
  // The next complete event (without its blank line), if one has arrived.
  std::optional<std::string_view> next_event();

  unsigned status_code() const { return status_code_; }
  bool keep_alive() const { return keep_alive_; }
  const std::string& error() const { return error_; }

 private:
  enum class Body { kChunked, kLength, kUntilClose };
  enum class Chunk {
    kSize,
    kExtension,
    kSizeLf,
    kData,
    kDataCr,
    kDataLf,
    kTrailer,
    kTrailerLine,
    kTrailerLf,
    kDone
  };

  Status fail(std::string message);
  Status parse_header(size_t end);
  Status feed_body(std::string_view bytes);
  Status feed_chunked(std::string_view bytes);
  void append_body(std::string_view data);

  size_t pending_limit_;  // body bytes not yet handed out as events
  std::string header_;
  std::string body_;        // de-framed body not yet handed out as events
  size_t event_start_ = 0;  // first byte of body_ not yet handed out
  size_t scan_from_ = 0;    // where to resume looking for the end of the current event
  bool in_body_ = false;
  bool done_ = false;
  Body body_kind_ = Body::kUntilClose;
  Chunk chunk_ = Chunk::kSize;
  uint64_t remaining_ = 0;  // of the current chunk, or of a sized body
  unsigned status_code_ = 0;
  bool keep_alive_ = true;
  std::string error_;
};

}  // namespace groundgate::bench::load
