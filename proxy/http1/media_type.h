#pragma once
// What a Content-Type says a body is (RFC 9110 section 8.3.1): type and subtype compared
// case-insensitively, parameters and surrounding blanks ignored.

#include <cstdint>

#include "proxy/http1/header_fields.h"

namespace groundgate::proxy::http1 {

enum class BodyType : std::uint8_t {
  kMissing,      // no Content-Type field
  kEventStream,  // text/event-stream
  kJson,         // application/json, or a +json type (application/problem+json)
  kOther,        // any other type, a malformed one, or several fields that disagree
};

BodyType body_type(const HeaderFields& message);

}  // namespace groundgate::proxy::http1
