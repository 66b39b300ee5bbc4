// Which responses carry an answer, in which format, and whether the proxy can read it.
#include "proxy/server/answer_reading.h"

#include <gtest/gtest.h>

namespace groundgate::proxy::server {
namespace {

namespace http = boost::beast::http;

http1::HeaderFields fields(std::string_view type, std::string_view coding = {}) {
  http1::HeaderFields out;
  if (!type.empty()) out.add(http::field::content_type, "Content-Type", type);
  if (!coding.empty()) out.add(http::field::content_encoding, "Content-Encoding", coding);
  return out;
}

TEST(AnswerReading, AnyTwoHundredWithABodyIsAnAnswer) {
  for (unsigned status : {200u, 201u, 203u, 206u, 299u}) {
    EXPECT_EQ(AnswerFormat::kSse,
              read_answer(status, true, fields("text/event-stream"), true).format)
        << status;
  }
  for (unsigned status : {100u, 199u, 300u, 400u, 500u}) {
    EXPECT_EQ(AnswerFormat::kNone,
              read_answer(status, true, fields("text/event-stream"), true).format)
        << status;
  }
  EXPECT_EQ(AnswerFormat::kNone, read_answer(200, false, fields("application/json"), false).format);
}

TEST(AnswerReading, TheMediaTypeDecidesAndAMissingOneIsWhatTheRequestAskedFor) {
  EXPECT_EQ(AnswerFormat::kSse,
            read_answer(200, true, fields("Text/Event-Stream; charset=utf-8"), false).format);
  EXPECT_EQ(AnswerFormat::kJson, read_answer(200, true, fields("APPLICATION/JSON"), true).format);
  EXPECT_EQ(AnswerFormat::kSse, read_answer(200, true, fields(""), true).format);
  EXPECT_EQ(AnswerFormat::kJson, read_answer(200, true, fields(""), false).format);
  const AnswerReading text = read_answer(200, true, fields("text/plain"), true);
  EXPECT_EQ(AnswerFormat::kUnreadable, text.format);
  EXPECT_EQ("content_type", text.unreadable);
}

TEST(AnswerReading, CodingsAreDecodedOrUnreadable) {
  EXPECT_EQ(http1::ContentCoding::kIdentity,
            read_answer(200, true, fields("application/json", "identity"), false).coding);
  const AnswerReading gzip = read_answer(200, true, fields("text/event-stream", "gzip"), true);
  EXPECT_EQ(AnswerFormat::kSse, gzip.format);
  EXPECT_EQ(http1::ContentCoding::kGzip, gzip.coding);
  const AnswerReading br = read_answer(200, true, fields("text/event-stream", "br"), true);
  EXPECT_EQ(AnswerFormat::kUnreadable, br.format);
  EXPECT_EQ("content_encoding", br.unreadable);
}

}  // namespace
}  // namespace groundgate::proxy::server
