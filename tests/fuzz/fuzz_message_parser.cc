// The message parser reads requests and responses (untrusted bytes from clients and upstreams)
// as Beast's own parser does: for any input, split anywhere, it fails where Beast's fails and
// otherwise finds the same start line, the same fields (each name's lines in their order) and
// the same body, whether the body goes to a string or through small windows.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/beast/http/error.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include "proxy/http1/message_parser.h"
#include "tests/proxy/http1/field_list.h"

namespace {

namespace http = boost::beast::http;
using boost::beast::error_code;
using groundgate::proxy::http1::MessageParser;

constexpr std::uint32_t kHeaderLimit = 4096;
constexpr std::uint64_t kBodyLimit = 8192;

using groundgate::proxy::http1::testing::FieldList;
using groundgate::proxy::http1::testing::list_of;

struct Result {
  bool failed = false;
  std::string start;  // method and target, or status and reason, and the version
  FieldList fields;
  std::string body;
  bool keep_alive = false;
};

// Beast's parser, the whole input at once.
template <bool isRequest>
Result with_beast(std::string_view input) {
  http::parser<isRequest, http::string_body> parser;
  parser.header_limit(kHeaderLimit);
  parser.body_limit(kBodyLimit);
  parser.eager(true);
  Result r;
  error_code ec;
  parser.put(boost::asio::buffer(input.data(), input.size()), ec);
  if (ec == http::error::need_more) ec = {};
  // As the proxy's reads: a stream that ends before any byte of a message is not one.
  if (!parser.got_some()) ec = http::error::end_of_stream;
  if (!ec && !parser.is_done()) parser.put_eof(ec);
  if (ec || !parser.is_done()) {
    r.failed = true;
    return r;
  }
  const auto& m = parser.get();
  if constexpr (isRequest) {
    r.start = std::string(m.method_string()) + " " + std::string(m.target());
  } else {
    r.start = std::to_string(m.result_int()) + " " + std::string(m.reason());
  }
  r.start += " " + std::to_string(m.version());
  r.fields = list_of(m.base());
  r.body = m.body();
  r.keep_alive = parser.keep_alive();
  return r;
}

// Ours, `stride` bytes at a time; the body through windows of `window` bytes (0: a string).
template <bool isRequest>
Result with_ours(std::string_view input, std::size_t stride, std::size_t window) {
  MessageParser<isRequest> parser;
  parser.header_limit(kHeaderLimit);
  parser.body_limit(kBodyLimit);
  Result r;
  std::array<char, 64> space;
  if (window == 0) parser.body_to_string(r.body, kBodyLimit);
  std::string pending;
  std::size_t at = 0;
  error_code ec;
  bool more = true;  // the parser needs more input than `pending`
  while (!parser.is_done()) {
    if (more) {
      if (at == input.size()) {
        if (parser.got_some()) {
          parser.put_eof(ec);
        } else {
          ec = http::error::end_of_stream;
        }
        break;
      }
      const std::size_t n = std::min(stride, input.size() - at);
      pending.append(input.substr(at, n));
      at += n;
    }
    // As read_http: the parser is given bytes only when some are buffered (Asio's buffer over
    // an empty string is a null pointer, which the parser must never see).
    if (pending.empty()) {
      more = true;
      continue;
    }
    if (window != 0) parser.body_to_window(space.data(), window);
    ec = {};
    const std::size_t used = parser.put(boost::asio::buffer(pending), ec);
    pending.erase(0, used);
    if (window != 0 && parser.is_header_done()) {
      r.body.append(space.data(), window - parser.window_left());
    }
    if (ec == http::error::need_buffer) {  // the window is full: a new one, the same bytes
      ec = {};
      more = false;
    } else if (ec == http::error::need_more) {
      ec = {};
      more = true;
    } else if (ec) {
      break;
    } else {
      more = pending.empty() || used == 0;
    }
  }
  if (ec || !parser.is_done()) {
    r.failed = true;
    return r;
  }
  if constexpr (isRequest) {
    r.start = std::string(parser.method_string()) + " " + std::string(parser.target());
  } else {
    // Beast's message gives the status's usual phrase for an empty reason.
    const std::string_view reason =
        parser.reason().empty()
            ? std::string_view(http::obsolete_reason(http::int_to_status(parser.status())))
            : parser.reason();
    r.start = std::to_string(parser.status()) + " " + std::string(reason);
  }
  r.start += " " + std::to_string(parser.version());
  r.fields = list_of(parser.fields());
  r.keep_alive = parser.keep_alive();
  return r;
}

template <bool isRequest>
void check(std::string_view input, std::size_t stride, std::size_t window) {
  const Result theirs = with_beast<isRequest>(input);
  const Result ours = with_ours<isRequest>(input, stride, window);
  if (ours.failed != theirs.failed) __builtin_trap();
  if (ours.failed) return;
  if (ours.start != theirs.start || ours.fields != theirs.fields || ours.body != theirs.body ||
      ours.keep_alive != theirs.keep_alive) {
    __builtin_trap();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  if (size < 2) return 0;
  const bool request = (bytes[0] & 1) != 0;
  const std::size_t stride = 1 + bytes[1] % 32;
  const std::size_t window = (bytes[0] >> 1) % 2 == 0 ? 0 : 1 + (bytes[0] >> 2) % 63;
  const std::string_view input(reinterpret_cast<const char*>(bytes) + 2, size - 2);
  if (request) {
    check<true>(input, stride, window);
  } else {
    check<false>(input, stride, window);
  }
  return 0;
}
