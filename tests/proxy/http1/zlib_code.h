#pragma once
// Compresses bytes with zlib for tests that need a coded body (the content-coding test, the
// misbehaving upstream of the integration tests).

#include <zlib.h>

#include <string>
#include <string_view>

namespace groundgate::testing {

// `text` coded with zlib: window_bits 31 (gzip), 15 (the zlib format, RFC 9110's deflate) or
// -15 (raw deflate).
inline std::string zlib_code(std::string_view text, int window_bits) {
  z_stream stream{};
  deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY);
  std::string out(deflateBound(&stream, text.size()) + 32, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  deflate(&stream, Z_FINISH);
  out.resize(stream.total_out);
  deflateEnd(&stream);
  return out;
}

}  // namespace groundgate::testing
