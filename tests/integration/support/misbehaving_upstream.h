#pragma once
// An OpenAI-compatible upstream of our own writing that answers the way a buggy or hostile
// server might: any status, media type or content coding, chunks that do not decode, choices
// out of range. Built on RawUpstream (raw sockets): the bytes are exactly what a test says.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tests/integration/support/raw_upstream.h"

namespace groundgate::testing {

// One response, before it is framed.
struct UpstreamReply {
  int status = 200;
  std::optional<std::string> content_type;  // nullopt: no Content-Type at all
  std::string content_encoding;             // sent as named; empty: no Content-Encoding
  std::string body;
  bool chunked = true;  // else Content-Length
};

// `data:` payloads as an SSE body, one event each, then [DONE].
std::string sse_body(const std::vector<std::string>& payloads);

// A chat.completion.chunk whose choice `index` carries `content_json` (a JSON value written as
// it is: a string token, or anything a broken server might put there).
std::string chat_chunk(std::string_view content_json, std::string_view index = "0",
                       std::string_view extra_members = "");
// The last chunk of choice `index`: an empty delta and finish_reason "stop".
std::string finish_chunk(std::string_view index = "0");
// A whole chat.completion (non-streamed) whose one message says `content` (plain text).
std::string chat_completion(std::string_view content);

// `text` answered the usual way: word by word as chat.completion.chunk events when the request
// asks for a stream, else as one chat.completion; content type as OpenAI's.
UpstreamReply usual_answer(const std::string& request, std::string_view text);

// `bytes` compressed with zlib as `coding` names it: "gzip", or "deflate" (the zlib format of
// RFC 9110 section 8.4.1.2).
std::string zlib_code(std::string_view bytes, std::string_view coding);

class MisbehavingUpstream {
 public:
  // `reply` makes the response to each request (header and body included).
  using Reply = std::function<UpstreamReply(const std::string& request)>;

  explicit MisbehavingUpstream(Reply reply);

  std::uint16_t port() const { return raw_.port(); }
  std::string last_request() const { return raw_.last_request(); }
  int connections() const { return raw_.connections(); }

 private:
  RawUpstream raw_;
};

}  // namespace groundgate::testing
