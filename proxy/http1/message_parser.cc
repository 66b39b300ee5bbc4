#include "proxy/http1/message_parser.h"

#include <algorithm>
#include <cstring>

#include <boost/beast/http/error.hpp>

namespace groundgate::proxy::http1 {
namespace http = boost::beast::http;

template <bool isRequest>
MessageParser<isRequest>::MessageParser() = default;

template <bool isRequest>
void MessageParser<isRequest>::on_request_impl(http::verb method, string_view method_string,
                                               string_view target, int version, error_code&) {
  method_ = method;
  version_ = static_cast<unsigned>(version);
  line_.reserve(method_string.size() + target.size());
  line_.assign(method_string.data(), method_string.size());
  split_ = line_.size();
  line_.append(target.data(), target.size());
}

template <bool isRequest>
void MessageParser<isRequest>::on_response_impl(int status, string_view reason, int version,
                                                error_code&) {
  status_ = static_cast<unsigned>(status);
  version_ = static_cast<unsigned>(version);
  line_.assign(reason.data(), reason.size());
}

template <bool isRequest>
void MessageParser<isRequest>::on_field_impl(http::field name, string_view name_string,
                                             string_view value, error_code&) {
  fields_.add(name, std::string_view(name_string.data(), name_string.size()),
              std::string_view(value.data(), value.size()));
}

template <bool isRequest>
void MessageParser<isRequest>::on_header_impl(error_code&) {}

template <bool isRequest>
void MessageParser<isRequest>::on_body_init_impl(const boost::optional<std::uint64_t>& length,
                                                 error_code& ec) {
  if (sink_.string == nullptr && sink_.window == nullptr) {
    ec = http::error::unexpected_body;
    return;
  }
  if (!length && !this->chunked()) {
    // Counted here on what the sinks take (message_parser.h, body_limit).
    body_to_eof_ = true;
    boost::beast::http::basic_parser<isRequest>::body_limit(boost::none);
  }
  if (sink_.string != nullptr && length) {
    if (*length >
        sink_.string_limit - std::min<std::uint64_t>(sink_.string_limit, sink_.string->size())) {
      ec = http::error::body_limit;
      return;
    }
    // As Beast's string_body: room for the declared length at once.
    sink_.string->reserve(sink_.string->size() + static_cast<std::size_t>(*length));
  }
}

template <bool isRequest>
std::size_t MessageParser<isRequest>::on_body_impl(string_view body, error_code& ec) {
  if (body_to_eof_ && body_limit_) {
    const std::size_t takes =
        sink_.string != nullptr ? body.size() : std::min(body.size(), sink_.window_size);
    if (body_taken_ > *body_limit_ || takes > *body_limit_ - body_taken_) {
      ec = http::error::body_limit;
      return 0;
    }
    body_taken_ += takes;
  }
  if (sink_.string != nullptr) {
    if (body.size() >
        sink_.string_limit - std::min<std::uint64_t>(sink_.string_limit, sink_.string->size())) {
      ec = http::error::body_limit;
      return 0;
    }
    sink_.string->append(body.data(), body.size());
    return body.size();
  }
  if (sink_.window == nullptr) {
    ec = http::error::unexpected_body;
    return 0;
  }
  const std::size_t n = std::min(body.size(), sink_.window_size);
  if (n != 0) std::memcpy(sink_.window, body.data(), n);
  sink_.window += n;
  sink_.window_size -= n;
  if (n < body.size()) ec = http::error::need_buffer;
  return n;
}

template <bool isRequest>
void MessageParser<isRequest>::on_chunk_header_impl(std::uint64_t, string_view, error_code&) {}

template <bool isRequest>
std::size_t MessageParser<isRequest>::on_chunk_body_impl(std::uint64_t, string_view body,
                                                         error_code& ec) {
  return on_body_impl(body, ec);
}

template <bool isRequest>
void MessageParser<isRequest>::on_finish_impl(error_code&) {}

template <bool isRequest>
auto MessageParser<isRequest>::framing_overrun(std::string_view unparsed) const -> Overrun {
  if (!this->is_header_done() || !this->chunked() || this->is_done()) return Overrun::kNone;
  // The parser keeps the CRLF that ends a chunk's data with the next size line.
  if (unparsed.starts_with("\r\n")) unparsed.remove_prefix(2);
  const std::size_t line_end = unparsed.find("\r\n");
  if (line_end == std::string_view::npos) {
    return unparsed.size() > kMaxChunkLineBytes ? Overrun::kChunkLine : Overrun::kNone;
  }
  // The size line is complete, and the parser still wants more: the last chunk's trailers.
  return unparsed.size() - line_end - 2 > header_limit_ ? Overrun::kTrailers : Overrun::kNone;
}

template class MessageParser<true>;
template class MessageParser<false>;

}  // namespace groundgate::proxy::http1
