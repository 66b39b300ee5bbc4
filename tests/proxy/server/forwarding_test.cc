#include "proxy/server/forwarding.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace groundgate::proxy::server {
namespace {

namespace http = boost::beast::http;

std::vector<std::string> names_of(const http::fields& fields) {
  std::vector<std::string> names;
  for (const auto& field : fields)
    names.emplace_back(field.name_string());
  return names;
}

http::fields request_fields() {
  http::fields from;
  from.insert("Host", "proxy.local");
  from.insert("Authorization", "Bearer sk-test");
  from.insert("Connection", "keep-alive, X-Hop ,x-other-hop");
  from.insert("Keep-Alive", "timeout=5");
  from.insert("Proxy-Connection", "keep-alive");
  from.insert("TE", "trailers");
  from.insert("Trailer", "X-Checksum");
  from.insert("Upgrade", "h2c");
  from.insert("Transfer-Encoding", "chunked");
  from.insert("Proxy-Authorization", "Basic abc");
  from.insert("Proxy-Authenticate", "Basic");
  from.insert("Content-Length", "12");
  from.insert("Expect", "100-continue");
  from.insert("Accept-Encoding", "gzip");
  from.insert("X-Groundgate-Policy", "strict");
  from.insert("x-hop", "1");
  from.insert("X-Other-Hop", "2");
  from.insert("Content-Type", "application/json");
  from.insert("X-Custom", "kept");
  from.insert("OpenAI-Organization", "org-1");
  return from;
}

TEST(Forwarding, CopiesEndToEndHeadersOnlyInTheirOrder) {
  const http::fields from = request_fields();
  http::fields to;
  copy_end_to_end_headers(from, to, /*drop_accept_encoding=*/false);
  EXPECT_EQ((std::vector<std::string>{"Authorization", "Accept-Encoding", "Content-Type",
                                      "X-Custom", "OpenAI-Organization"}),
            names_of(to));
  EXPECT_EQ("Bearer sk-test", to[http::field::authorization]);
  EXPECT_EQ("kept", to["x-custom"]);
  http::fields no_encoding;
  copy_end_to_end_headers(from, no_encoding, /*drop_accept_encoding=*/true);
  EXPECT_EQ((std::vector<std::string>{"Authorization", "Content-Type", "X-Custom",
                                      "OpenAI-Organization"}),
            names_of(no_encoding));
}

TEST(Forwarding, AppendsAsHeaderLinesWhatItCopies) {
  http::fields from = request_fields();
  from.insert("Connection", "X-Custom");  // a second Connection line
  from.insert("X-Custom", "dropped as well");
  from.insert("X-Last", "");
  for (const bool drop_accept_encoding : {false, true}) {
    http::fields copied;
    copy_end_to_end_headers(from, copied, drop_accept_encoding);
    std::string expected;
    for (const auto& field : copied)
      expected += std::string(field.name_string()) + ": " + std::string(field.value()) + "\r\n";
    std::string lines = "kept";
    append_end_to_end_headers(from, drop_accept_encoding, lines);
    EXPECT_EQ("kept" + expected, lines);
  }
  std::string lines;
  append_end_to_end_headers(from, false, lines);
  EXPECT_EQ(
      "Authorization: Bearer sk-test\r\nAccept-Encoding: gzip\r\n"
      "Content-Type: application/json\r\nOpenAI-Organization: org-1\r\nX-Last: \r\n",
      lines);
}

TEST(Forwarding, EveryConnectionHeaderNamesHopByHopFields) {
  http::fields from;
  from.insert("Connection", "close");
  from.insert("Connection", "X-Second");
  from.insert("X-Second", "dropped");
  from.insert("X-Kept", "kept");
  http::fields to;
  copy_end_to_end_headers(from, to, false);
  EXPECT_EQ(std::vector<std::string>{"X-Kept"}, names_of(to));
  EXPECT_TRUE(is_hop_by_hop("x-second", from));
  from.set(http::field::connection, "\"odd\" , X-Third");  // a malformed item hides nothing
  EXPECT_TRUE(is_hop_by_hop("X-Third", from));
  EXPECT_TRUE(is_hop_by_hop("Keep-Alive", from));
  EXPECT_FALSE(is_hop_by_hop("X-Kept", from));
}

TEST(Forwarding, TransferCodingsBesidesChunked) {
  http::fields fields;
  EXPECT_FALSE(has_transfer_coding_besides_chunked(fields));
  fields.set(http::field::transfer_encoding, "Chunked");
  EXPECT_FALSE(has_transfer_coding_besides_chunked(fields));
  fields.set(http::field::transfer_encoding, " chunked ;x=1");
  EXPECT_FALSE(has_transfer_coding_besides_chunked(fields));
  fields.set(http::field::transfer_encoding, "gzip, chunked");
  EXPECT_TRUE(has_transfer_coding_besides_chunked(fields));
  fields.set(http::field::transfer_encoding, "chunked");
  fields.insert(http::field::transfer_encoding, "deflate");
  EXPECT_TRUE(has_transfer_coding_besides_chunked(fields));
}

}  // namespace
}  // namespace groundgate::proxy::server
