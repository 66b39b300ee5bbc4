#include "proxy/http1/body_framing.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace groundgate::proxy::http1 {
namespace {

constexpr std::size_t kMaxLine = 64;

struct Decoded {
  std::string body;
  bool done = false;
  BodyError error = BodyError::kNone;
  std::string left;  // bytes offered but never taken
};

// What the relay does: bytes arrive `stride` at a time after what was left untaken, and each
// arrival is taken step by step until a step takes nothing; at the end the input ends.
Decoded decode(BodyFraming framing, std::string_view input, std::size_t stride) {
  Decoded out;
  std::string buffered;
  for (std::size_t at = 0; at < input.size(); at += stride) {
    buffered.append(input.substr(at, stride));
    std::size_t taken = 0;
    for (;;) {
      const std::string_view rest = std::string_view(buffered).substr(taken);
      const BodyFraming::Step step = framing.next(rest);
      if (!step.body.empty()) {
        // A view into the input, never a copy.
        EXPECT_GE(step.body.data(), rest.data());
        EXPECT_LE(step.body.data() + step.body.size(), rest.data() + rest.size());
        out.body.append(step.body);
      }
      if (step.used == 0) break;
      taken += step.used;
    }
    buffered.erase(0, taken);
  }
  if (!framing.done() && !framing.failed()) framing.end_of_input();
  out.done = framing.done();
  out.error = framing.error();
  out.left = buffered;
  return out;
}

// The same result whatever the read sizes.
Decoded decode_every_way(const BodyFraming& framing, std::string_view input) {
  const Decoded whole = decode(framing, input, input.size() + 1);
  for (std::size_t stride = 1; stride <= input.size(); ++stride) {
    const Decoded split = decode(framing, input, stride);
    EXPECT_EQ(split.body, whole.body) << "stride " << stride;
    EXPECT_EQ(split.done, whole.done) << "stride " << stride;
    EXPECT_EQ(split.error, whole.error) << "stride " << stride;
  }
  return whole;
}

TEST(BodyFramingTest, ChunkedBodyIsTheChunksData) {
  const auto d = decode_every_way(BodyFraming::chunked(kMaxLine),
                                  "5\r\nhello\r\n1\r\n \r\nA\r\n0123456789\r\n0\r\n\r\n");
  EXPECT_TRUE(d.done);
  EXPECT_EQ(d.error, BodyError::kNone);
  EXPECT_EQ(d.body, "hello 0123456789");
  EXPECT_EQ(d.left, "");
}

TEST(BodyFramingTest, OneStepTakesAWholeChunkWithItsFraming) {
  auto framing = BodyFraming::chunked(kMaxLine);
  const std::string_view in = "5\r\nhello\r\n0\r\n\r\n";
  const auto first = framing.next(in);
  EXPECT_EQ(first.used, 10u);
  EXPECT_EQ(first.body, "hello");
  const auto last = framing.next(in.substr(first.used));
  EXPECT_EQ(last.used, 5u);
  EXPECT_TRUE(last.body.empty());
  EXPECT_TRUE(framing.done());
  EXPECT_EQ(framing.next("more").used, 0u);
}

TEST(BodyFramingTest, BytesAfterTheBodyAreLeftForTheNextMessage) {
  const auto d =
      decode(BodyFraming::chunked(kMaxLine), "2\r\nok\r\n0\r\n\r\nHTTP/1.1 200 OK\r\n", 100);
  EXPECT_TRUE(d.done);
  EXPECT_EQ(d.body, "ok");
  EXPECT_EQ(d.left, "HTTP/1.1 200 OK\r\n");
  const auto sized = decode(BodyFraming::sized(3), "abcdef", 100);
  EXPECT_TRUE(sized.done);
  EXPECT_EQ(sized.body, "abc");
  EXPECT_EQ(sized.left, "def");
}

TEST(BodyFramingTest, HexSizesInAnyCaseWithLeadingZeros) {
  const auto d = decode_every_way(BodyFraming::chunked(kMaxLine),
                                  "0000b\r\nhello world\r\n0A\r\n0123456789\r\nf\r\n" +
                                      std::string(15, 'x') + "\r\n00\r\n\r\n");
  EXPECT_TRUE(d.done);
  EXPECT_EQ(d.body, "hello world0123456789" + std::string(15, 'x'));
}

TEST(BodyFramingTest, ChunkExtensionsAreCheckedAndSkipped) {
  for (std::string_view ext :
       {";a", ";a=b", " ;a=b", ";a = b", "; a=b;c", ";a=\"quoted \\\" ;x\"", "\t;a;b=c"}) {
    const std::string input =
        "3" + std::string(ext) + "\r\nabc\r\n0" + std::string(ext) + "\r\n\r\n";
    const auto d = decode_every_way(BodyFraming::chunked(kMaxLine), input);
    EXPECT_TRUE(d.done) << ext;
    EXPECT_EQ(d.body, "abc") << ext;
  }
  for (std::string_view ext :
       {";", "; ", ";a=", ";a ", " ", "x", ";a=\"open", ";a=b c", ";=b", ";a=\"bad\x01\""}) {
    const std::string input = "3" + std::string(ext) + "\r\nabc\r\n0\r\n\r\n";
    const auto d = decode_every_way(BodyFraming::chunked(kMaxLine), input);
    EXPECT_EQ(d.error, BodyError::kBadChunkExtension) << ext;
    EXPECT_EQ(d.body, "") << ext;
  }
}

TEST(BodyFramingTest, BadSizeLines) {
  for (std::string_view input : {"\r\nabc\r\n", "g\r\n", "-1\r\n", "3\nabc\r\n0\r\n\r\n", "3\rabc",
                                 "10000000000000000\r\n"}) {
    const auto d = decode_every_way(BodyFraming::chunked(kMaxLine), input);
    EXPECT_EQ(d.error, BodyError::kBadChunkSize) << input;
  }
  // The largest 64-bit size is a size; one more digit is not.
  auto framing = BodyFraming::chunked(kMaxLine);
  EXPECT_EQ(framing.next("ffffffffffffffff\r\nab").body, "ab");
  EXPECT_FALSE(framing.failed());
}

TEST(BodyFramingTest, ChunkDataMustEndWithCrlf) {
  const auto d = decode_every_way(BodyFraming::chunked(kMaxLine), "3\r\nabcX\r\n0\r\n\r\n");
  EXPECT_EQ(d.error, BodyError::kBadChunkEnd);
  EXPECT_EQ(d.body, "abc");  // the chunk's data was whole: it is body
  EXPECT_EQ(decode_every_way(BodyFraming::chunked(kMaxLine), "3\r\nabc\rX0\r\n\r\n").error,
            BodyError::kBadChunkEnd);
}

TEST(BodyFramingTest, TrailersAreCheckedAndDropped) {
  const auto d = decode_every_way(BodyFraming::chunked(kMaxLine),
                                  "2\r\nok\r\n0\r\nX-Checksum: abc\r\nX-Empty:\r\n\r\n");
  EXPECT_TRUE(d.done);
  EXPECT_EQ(d.body, "ok");
  for (std::string_view trailer :
       {"no colon\r\n", ": empty name\r\n", "X-A: b\n", "X-A: \x01\r\n"}) {
    const std::string input = "2\r\nok\r\n0\r\n" + std::string(trailer) + "\r\n";
    EXPECT_EQ(decode_every_way(BodyFraming::chunked(kMaxLine), input).error, BodyError::kBadTrailer)
        << trailer;
  }
}

TEST(BodyFramingTest, LinesAreBounded) {
  // A size line that never ends fails once the bound is reached, without waiting for more.
  auto framing = BodyFraming::chunked(kMaxLine);
  const std::string endless = "5;a=" + std::string(kMaxLine, 'x');
  EXPECT_EQ(framing.next(endless).used, 0u);
  EXPECT_EQ(framing.error(), BodyError::kLineTooLong);
  // Just under the bound is fine.
  const std::string longest = "3;a=" + std::string(kMaxLine - 6, 'x') + "\r\n";
  ASSERT_EQ(longest.size(), kMaxLine);
  EXPECT_TRUE(decode_every_way(BodyFraming::chunked(kMaxLine), longest + "abc\r\n0\r\n\r\n").done);
  // The trailer section as a whole.
  std::string trailers;
  for (int i = 0; i < 10; ++i)
    trailers += "X-T: 12345\r\n";
  EXPECT_EQ(decode_every_way(BodyFraming::chunked(kMaxLine), "0\r\n" + trailers + "\r\n").error,
            BodyError::kLineTooLong);
}

TEST(BodyFramingTest, EndOfInputBeforeTheBodyEnds) {
  EXPECT_EQ(decode_every_way(BodyFraming::chunked(kMaxLine), "5\r\nhel").error,
            BodyError::kCutShort);
  EXPECT_EQ(decode_every_way(BodyFraming::chunked(kMaxLine), "2\r\nok\r\n0\r\n").error,
            BodyError::kCutShort);
  const auto sized = decode_every_way(BodyFraming::sized(10), "abc");
  EXPECT_EQ(sized.error, BodyError::kCutShort);
  EXPECT_EQ(sized.body, "abc");
}

TEST(BodyFramingTest, SizedAndUntilClose) {
  const auto sized = decode_every_way(BodyFraming::sized(5), "hello");
  EXPECT_TRUE(sized.done);
  EXPECT_EQ(sized.body, "hello");
  EXPECT_TRUE(BodyFraming::sized(0).done());
  const auto until_close = decode_every_way(BodyFraming::until_close(), "any\r\nbytes 0\r\n\r\n");
  EXPECT_TRUE(until_close.done);
  EXPECT_EQ(until_close.body, "any\r\nbytes 0\r\n\r\n");
}

TEST(BodyFramingTest, ErrorsAreDescribed) {
  EXPECT_EQ(describe(BodyError::kCutShort), "body cut short");
  EXPECT_EQ(describe(BodyError::kLineTooLong), "chunk size line or trailer section too long");
}

}  // namespace
}  // namespace groundgate::proxy::http1
