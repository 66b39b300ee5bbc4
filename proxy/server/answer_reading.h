#pragma once
// How the proxy reads the response to an inspected (completion) request: which responses carry
// an answer (a 2xx with a body; any other status is an error or no answer, relayed as it is),
// in which format (its media type; with none, what the request asked for), and whether its
// coding can be read. On a guarded route an answer it cannot read is unverified, never relayed
// as checked.

#include <cstdint>
#include <string_view>

#include "proxy/http1/content_coding.h"
#include "proxy/http1/header_fields.h"

namespace groundgate::proxy::server {

enum class AnswerFormat : std::uint8_t {
  kNone,        // not an answer: relayed as it is
  kSse,         // text/event-stream
  kJson,        // application/json (or +json)
  kUnreadable,  // an answer the proxy cannot read: a media type or coding it does not know
};

struct AnswerReading {
  AnswerFormat format = AnswerFormat::kNone;
  http1::ContentCoding coding = http1::ContentCoding::kIdentity;  // kSse, kJson: to decode
  std::string_view unreadable;  // kUnreadable: "content_type" or "content_encoding"
};

// `has_body`: the header did not end the response (not HEAD, 204, 304 or a length of 0).
AnswerReading read_answer(unsigned status, bool has_body, const http1::HeaderFields& response,
                          bool stream_requested);

}  // namespace groundgate::proxy::server
