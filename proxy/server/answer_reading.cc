#include "proxy/server/answer_reading.h"

#include "proxy/http1/media_type.h"

namespace groundgate::proxy::server {

AnswerReading read_answer(unsigned status, bool has_body, const http1::HeaderFields& response,
                          bool stream_requested) {
  AnswerReading reading;
  if (status < 200 || status >= 300 || !has_body) return reading;
  reading.coding = http1::content_coding(response);
  if (reading.coding == http1::ContentCoding::kUnsupported) {
    reading.format = AnswerFormat::kUnreadable;
    reading.unreadable = "content_encoding";
    return reading;
  }
  switch (http1::body_type(response)) {
    case http1::BodyType::kEventStream:
      reading.format = AnswerFormat::kSse;
      break;
    case http1::BodyType::kJson:
      reading.format = AnswerFormat::kJson;
      break;
    case http1::BodyType::kMissing:
      // RFC 9110 section 8.3: the recipient may look at the data; what the request asked for
      // is what it should be (a body that is not that does not decode, and is unverified).
      reading.format = stream_requested ? AnswerFormat::kSse : AnswerFormat::kJson;
      break;
    case http1::BodyType::kOther:
      reading.format = AnswerFormat::kUnreadable;
      reading.unreadable = "content_type";
      break;
  }
  return reading;
}

}  // namespace groundgate::proxy::server
