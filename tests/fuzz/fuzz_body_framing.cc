// The body framing the relay forwards upstream bytes by finds the same body however its input
// is split, and never accepts what Beast's parser (which the relay used before) rejects: where
// it says a chunked body is complete, Beast agrees on the body and on where the body ends, so
// that the next response on a pooled connection starts at the same byte for both.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include "proxy/http1/body_framing.h"

namespace {

using groundgate::proxy::http1::BodyError;
using groundgate::proxy::http1::BodyFraming;

constexpr std::size_t kMaxLine = 256;

struct Result {
  std::string body;
  std::size_t used = 0;  // bytes of the input taken when the body ended
  bool done = false;
  BodyError error = BodyError::kNone;
};

Result decode(std::string_view input, std::size_t stride) {
  BodyFraming framing = BodyFraming::chunked(kMaxLine);
  Result out;
  std::size_t taken = 0;  // of input
  for (std::size_t end = 0; end < input.size() && !framing.done() && !framing.failed();) {
    end = std::min(input.size(), end + stride);
    for (;;) {
      const BodyFraming::Step step = framing.next(input.substr(taken, end - taken));
      out.body.append(step.body);
      if (step.used == 0) break;
      taken += step.used;
    }
  }
  if (!framing.done() && !framing.failed()) framing.end_of_input();
  out.used = taken;
  out.done = framing.done();
  out.error = framing.error();
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t stride = 1 + bytes[0] % 16;
  const std::string_view input(reinterpret_cast<const char*>(bytes) + 1, size - 1);

  const Result whole = decode(input, input.size() + 1);
  const Result split = decode(input, stride);
  if (split.body != whole.body || split.done != whole.done || split.error != whole.error ||
      (whole.done && split.used != whole.used)) {
    __builtin_trap();
  }
  if (!whole.done) return 0;

  const std::string header = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
  const std::string message = header + std::string(input);
  boost::beast::http::response_parser<boost::beast::http::string_body> beast;
  beast.eager(true);
  beast.body_limit(boost::none);
  boost::beast::error_code ec;
  const std::size_t used = beast.put(boost::asio::buffer(message), ec);
  if (ec || !beast.is_done()) __builtin_trap();
  if (used != header.size() + whole.used) __builtin_trap();
  if (beast.get().body() != whole.body) __builtin_trap();
  return 0;
}
