#pragma once
// What a Content-Type says a body is (RFC 9110 section 8.3.1): type and subtype compared
// case-insensitively, parameters and surrounding blanks ignored.

#include <cstdint>
#include <string_view>

#include "proxy/http1/header_fields.h"

namespace groundgate::proxy::http1 {

enum class BodyType : std::uint8_t {
  kMissing,      // no Content-Type field
  kEventStream,  // text/event-stream
  kJson,         // application/json, or a +json type (application/problem+json)
  kOther,        // any other type, a malformed one, or several fields that disagree
};

BodyType body_type(const HeaderFields& message);

// What a body's first bytes say it is, whatever its Content-Type: kJson (an object or an array),
// kEventStream (a line of an event stream: a comment, or a data, event, id or retry field),
// kOther (anything else), or kMissing while only blanks have come. Clients read bodies so:
// some parse JSON whatever the type, and the SDKs read a stream they asked for as events
// whatever it is labelled.
BodyType sniffed_body_type(std::string_view start);

}  // namespace groundgate::proxy::http1
