// A request's framing is bounded line by line (issue 29): read as the proxy reads a request
// (read_http: the parser takes what it can, the bytes it cannot take yet stay buffered, and the
// buffered bytes are checked against MessageParser::framing_overrun before more is read), no
// input split anywhere makes the buffer hold more than one chunk-size line's bound plus the
// trailers' bound (plus the last read) before the parser takes it or the read is refused.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <boost/beast/http/error.hpp>

#include "proxy/http1/message_parser.h"

namespace {

namespace http = boost::beast::http;
using groundgate::proxy::http1::MessageParser;
using groundgate::proxy::http1::RequestParser;

constexpr std::uint32_t kHeaderLimit = 1024;

void read(std::string_view input, std::size_t stride) {
  RequestParser parser;
  parser.header_limit(kHeaderLimit);
  std::string body;
  std::string pending;
  std::size_t at = 0;
  while (!parser.is_done()) {
    // As read_http: the parser is given bytes only when some are buffered (Asio's buffer over
    // an empty string is a null pointer, which the parser must never see).
    if (!pending.empty()) {
      boost::beast::error_code ec;
      if (parser.is_header_done() && body.empty()) parser.body_to_string(body, 1u << 20);
      const std::size_t used = parser.put(boost::asio::buffer(pending), ec);
      pending.erase(0, used);
      if (ec && ec != http::error::need_more) return;  // refused: the connection closes
      if (used != 0) continue;
      if (parser.framing_overrun(pending) != RequestParser::Overrun::kNone) return;  // 400
      // What waits for its line's end stays within the bounds.
      const std::size_t bound = parser.is_header_done()
                                    ? RequestParser::kMaxChunkLineBytes + 2 + kHeaderLimit + 2
                                    : kHeaderLimit;
      if (pending.size() > bound + stride) __builtin_trap();
    }
    if (at == input.size()) return;
    const std::size_t n = std::min(stride, input.size() - at);
    pending.append(input.substr(at, n));
    at += n;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  if (size < 1) return 0;
  const std::size_t stride = 1 + bytes[0] % 64 * 97;
  read(std::string_view(reinterpret_cast<const char*>(bytes) + 1, size - 1), stride);
  return 0;
}
