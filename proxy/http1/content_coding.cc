#include "proxy/http1/content_coding.h"

#include <zlib.h>

#include <algorithm>
#include <array>

#include <boost/beast/core/string.hpp>

#include "proxy/http1/list_items.h"

namespace groundgate::proxy::http1 {
namespace http = boost::beast::http;

ContentCoding content_coding(const HeaderFields& message) {
  ContentCoding coding = ContentCoding::kIdentity;
  bool several = false;
  any_list_item(message, http::field::content_encoding, [&](std::string_view item) {
    using boost::beast::iequals;
    if (iequals(item, "identity")) return false;  // no coding (RFC 9110 section 8.4.1)
    ContentCoding named = ContentCoding::kUnsupported;
    if (iequals(item, "gzip") || iequals(item, "x-gzip")) named = ContentCoding::kGzip;
    if (iequals(item, "deflate")) named = ContentCoding::kDeflate;
    several = several || coding != ContentCoding::kIdentity;
    coding = named;
    return false;
  });
  return several ? ContentCoding::kUnsupported : coding;
}

struct ContentDecoder::State {
  explicit State(ContentCoding c) : coding(c) {}
  ~State() {
    if (started) inflateEnd(&stream);
  }

  ContentCoding coding;
  z_stream stream{};
  bool started = false;
  bool ended = false;  // the coded stream's end was read
  bool failed = false;
  std::string first;  // deflate: the bytes before the first two, which tell zlib from raw
};

namespace {

// A zlib header: compression method 8 and a check value (RFC 1950 section 2.2).
bool zlib_header(unsigned char cmf, unsigned char flg) {
  return (cmf & 0x0f) == 8 && (cmf >> 4) <= 7 && ((cmf << 8) | flg) % 31 == 0;
}

}  // namespace

ContentDecoder::ContentDecoder(ContentCoding coding) : state_(std::make_unique<State>(coding)) {}
ContentDecoder::~ContentDecoder() = default;
ContentDecoder::ContentDecoder(ContentDecoder&&) noexcept = default;
ContentDecoder& ContentDecoder::operator=(ContentDecoder&&) noexcept = default;

ContentDecoder::Result ContentDecoder::decode(std::string_view coded, std::string& out,
                                              std::size_t max_out) {
  State& s = *state_;
  if (s.failed) return Result::kCorrupt;
  std::string head;  // deflate: its first two bytes, once they tell the format
  if (!s.started) {
    // gzip: zlib reads the gzip wrapper (32 + 15). deflate: the zlib format as RFC 9110 says,
    // or raw deflate (-15) as some servers send, told apart by the first two bytes.
    int window_bits = 15 + 32;
    if (s.coding == ContentCoding::kDeflate) {
      const std::size_t take = std::min(coded.size(), 2 - s.first.size());
      s.first.append(coded.substr(0, take));
      coded.remove_prefix(take);
      if (s.first.size() < 2) return Result::kOk;
      window_bits = zlib_header(static_cast<unsigned char>(s.first[0]),
                                static_cast<unsigned char>(s.first[1]))
                        ? 15
                        : -15;
      head.swap(s.first);
    }
    if (inflateInit2(&s.stream, window_bits) != Z_OK) {
      s.failed = true;
      return Result::kCorrupt;
    }
    s.started = true;
  }
  std::size_t budget = max_out;
  for (const std::string_view piece : {std::string_view(head), coded}) {
    if (Result r = inflate_piece(piece, out, budget); r != Result::kOk) {
      s.failed = true;
      return r;
    }
  }
  return Result::kOk;
}

ContentDecoder::Result ContentDecoder::inflate_piece(std::string_view coded, std::string& out,
                                                     std::size_t& budget) {
  State& s = *state_;
  std::array<unsigned char, 16 * 1024> window;
  s.stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(coded.data()));
  s.stream.avail_in = static_cast<uInt>(coded.size());
  for (;;) {
    if (s.ended) {
      if (s.stream.avail_in == 0) return Result::kOk;
      // A gzip body may hold several members one after another; anything else after the end
      // is not part of the coding.
      if (s.coding != ContentCoding::kGzip || inflateReset(&s.stream) != Z_OK) {
        return Result::kCorrupt;
      }
      s.ended = false;
    }
    s.stream.next_out = window.data();
    s.stream.avail_out = static_cast<uInt>(window.size());
    const int status = inflate(&s.stream, Z_NO_FLUSH);
    if (status == Z_BUF_ERROR) return Result::kOk;  // no progress without more input
    if (status != Z_OK && status != Z_STREAM_END) return Result::kCorrupt;
    const std::size_t produced = window.size() - s.stream.avail_out;
    if (produced > budget) return Result::kTooLarge;
    budget -= produced;
    out.append(reinterpret_cast<const char*>(window.data()), produced);
    if (status == Z_STREAM_END) {
      s.ended = true;
      continue;
    }
    // All input taken and nothing more waiting inside zlib (the window was not filled).
    if (s.stream.avail_in == 0 && s.stream.avail_out != 0) return Result::kOk;
  }
}

bool ContentDecoder::complete() const {
  return !state_->failed && state_->ended;
}

std::string_view describe(ContentDecoder::Result result) {
  switch (result) {
    case ContentDecoder::Result::kOk:
      return "ok";
    case ContentDecoder::Result::kCorrupt:
      return "content coding corrupt";
    case ContentDecoder::Result::kTooLarge:
      return "decoded body over the bound";
  }
  return "unknown";
}

}  // namespace groundgate::proxy::http1
