// Content codings: which one a response names, and the bounded gzip/deflate decoder.
#include "proxy/http1/content_coding.h"

#include <gtest/gtest.h>

#include <string>

#include "proxy/http1/media_type.h"
#include "tests/proxy/http1/zlib_code.h"

namespace groundgate::proxy::http1 {
namespace {

namespace http = boost::beast::http;

HeaderFields with(std::initializer_list<std::pair<http::field, std::string_view>> fields) {
  HeaderFields out;
  for (const auto& [name, value] : fields)
    out.add(name, http::to_string(name), value);
  return out;
}

std::string code(std::string_view text, int window_bits) {
  return testing::zlib_code(text, window_bits);
}

TEST(ContentCoding, NamesAreReadAsTheRfcSays) {
  EXPECT_EQ(ContentCoding::kIdentity, content_coding(with({})));
  EXPECT_EQ(ContentCoding::kIdentity,
            content_coding(with({{http::field::content_encoding, "Identity"}})));
  EXPECT_EQ(ContentCoding::kGzip, content_coding(with({{http::field::content_encoding, "GZIP"}})));
  EXPECT_EQ(ContentCoding::kGzip,
            content_coding(with({{http::field::content_encoding, "identity, x-gzip"}})));
  EXPECT_EQ(ContentCoding::kDeflate,
            content_coding(with({{http::field::content_encoding, " deflate "}})));
  EXPECT_EQ(ContentCoding::kUnsupported,
            content_coding(with({{http::field::content_encoding, "br"}})));
  EXPECT_EQ(ContentCoding::kUnsupported,
            content_coding(with({{http::field::content_encoding, "gzip, gzip"}})));
  EXPECT_EQ(ContentCoding::kUnsupported,
            content_coding(with(
                {{http::field::content_encoding, "gzip"}, {http::field::content_encoding, "br"}})));
}

TEST(ContentCoding, GzipZlibAndRawDeflateDecodeInAnyPieces) {
  std::string text;
  for (int i = 0; i < 2000; ++i)
    text += "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\" word" + std::to_string(i) +
            "\"}}]}\n\n";
  const std::pair<ContentCoding, int> cases[] = {
      {ContentCoding::kGzip, 31}, {ContentCoding::kDeflate, 15}, {ContentCoding::kDeflate, -15}};
  for (const auto& [coding, bits] : cases) {
    const std::string coded = code(text, bits);
    for (std::size_t piece : {std::size_t{1}, std::size_t{7}, std::size_t{4096}, coded.size()}) {
      ContentDecoder decoder(coding);
      std::string out;
      for (std::size_t at = 0; at < coded.size(); at += piece) {
        ASSERT_EQ(ContentDecoder::Result::kOk,
                  decoder.decode(std::string_view(coded).substr(at, piece), out, 1u << 20))
            << bits << " " << piece;
      }
      EXPECT_TRUE(decoder.complete());
      EXPECT_EQ(text, out) << bits << " " << piece;
    }
  }
}

TEST(ContentCoding, TwoGzipMembersAreOneBody) {
  ContentDecoder decoder(ContentCoding::kGzip);
  std::string out;
  EXPECT_EQ(ContentDecoder::Result::kOk,
            decoder.decode(code("one ", 31) + code("two", 31), out, 64));
  EXPECT_TRUE(decoder.complete());
  EXPECT_EQ("one two", out);
}

TEST(ContentCoding, CorruptCutShortAndOversizedBodiesFail) {
  std::string out;
  ContentDecoder garbage(ContentCoding::kGzip);
  EXPECT_EQ(ContentDecoder::Result::kCorrupt, garbage.decode("not gzip at all", out, 64));
  EXPECT_EQ(ContentDecoder::Result::kCorrupt, garbage.decode("more", out, 64));

  const std::string coded = code(std::string(1000, 'a'), 31);
  ContentDecoder cut(ContentCoding::kGzip);
  EXPECT_EQ(ContentDecoder::Result::kOk,
            cut.decode(std::string_view(coded).substr(0, coded.size() - 4), out, 4096));
  EXPECT_FALSE(cut.complete());

  ContentDecoder trailing(ContentCoding::kDeflate);
  EXPECT_EQ(ContentDecoder::Result::kCorrupt, trailing.decode(code("x", 15) + "junk", out, 64));

  // A bomb: a megabyte of zeros from about a kilobyte.
  const std::string bomb = code(std::string(1u << 20, '\0'), 31);
  ContentDecoder bounded(ContentCoding::kGzip);
  out.clear();
  EXPECT_EQ(ContentDecoder::Result::kTooLarge, bounded.decode(bomb, out, 64u << 10));
  EXPECT_LE(out.size(), 64u << 10);
}

TEST(MediaType, TypesAreCaseInsensitiveAndParametersIgnored) {
  const auto type = [](std::string_view value) {
    return body_type(with({{http::field::content_type, value}}));
  };
  EXPECT_EQ(BodyType::kMissing, body_type(with({})));
  EXPECT_EQ(BodyType::kEventStream, type("text/event-stream"));
  EXPECT_EQ(BodyType::kEventStream, type("Text/Event-Stream; charset=utf-8"));
  EXPECT_EQ(BodyType::kEventStream, type("  TEXT/EVENT-STREAM  "));
  EXPECT_EQ(BodyType::kJson, type("application/json"));
  EXPECT_EQ(BodyType::kJson, type("Application/JSON;charset=UTF-8"));
  EXPECT_EQ(BodyType::kJson, type("application/problem+json"));
  EXPECT_EQ(BodyType::kOther, type("text/plain"));
  EXPECT_EQ(BodyType::kOther, type("text/event-streamx"));
  EXPECT_EQ(BodyType::kOther, type("application/jsonp"));
  EXPECT_EQ(BodyType::kOther, type("json"));
  EXPECT_EQ(BodyType::kOther, type(""));
  EXPECT_EQ(BodyType::kOther, body_type(with({{http::field::content_type, "application/json"},
                                              {http::field::content_type, "text/html"}})));
}

TEST(MediaType, ABodysFirstBytesSayWhatItIs) {
  EXPECT_EQ(BodyType::kJson, sniffed_body_type("{\"id\":1}"));
  EXPECT_EQ(BodyType::kJson, sniffed_body_type(" \r\n\t["));
  for (std::string_view stream :
       {"data: {}", "event: x\n", "id:1", "retry:5", ": ping", "data\n", "\n\ndata:"}) {
    EXPECT_EQ(BodyType::kEventStream, sniffed_body_type(stream)) << stream;
  }
  // Not told yet: blanks only, or the start of a field name.
  for (std::string_view start : {"", "  \n", "da", "data", "ev", "r"}) {
    EXPECT_EQ(BodyType::kMissing, sniffed_body_type(start)) << start;
  }
  for (std::string_view other : {"Refunds are", "dat x", "datum:", "<html>", "\"text\""}) {
    EXPECT_EQ(BodyType::kOther, sniffed_body_type(other)) << other;
  }
}

}  // namespace
}  // namespace groundgate::proxy::http1
