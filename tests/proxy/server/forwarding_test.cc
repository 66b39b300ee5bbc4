#include "proxy/server/forwarding.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace groundgate::proxy::server {
namespace {

namespace http = boost::beast::http;
using http1::HeaderFields;

// As the parser adds them: each name with Beast's code for it.
void add(HeaderFields& fields, std::string_view name, std::string_view value) {
  fields.add(http::string_to_field(name), name, value);
}

std::vector<std::string> names_of(const http::fields& fields) {
  std::vector<std::string> names;
  for (const auto& field : fields)
    names.emplace_back(field.name_string());
  return names;
}

HeaderFields request_fields() {
  HeaderFields from;
  add(from, "Host", "proxy.local");
  add(from, "Authorization", "Bearer sk-test");
  add(from, "Connection", "keep-alive, X-Hop ,x-other-hop");
  add(from, "Keep-Alive", "timeout=5");
  add(from, "Proxy-Connection", "keep-alive");
  add(from, "TE", "trailers");
  add(from, "Trailer", "X-Checksum");
  add(from, "Upgrade", "h2c");
  add(from, "Transfer-Encoding", "chunked");
  add(from, "Proxy-Authorization", "Basic abc");
  add(from, "Proxy-Authenticate", "Basic");
  add(from, "Content-Length", "12");
  add(from, "Expect", "100-continue");
  add(from, "Accept-Encoding", "gzip");
  add(from, "X-Groundgate-Policy", "strict");
  add(from, "x-hop", "1");
  add(from, "X-Other-Hop", "2");
  add(from, "Content-Type", "application/json");
  add(from, "X-Custom", "kept");
  add(from, "OpenAI-Organization", "org-1");
  return from;
}

TEST(Forwarding, CopiesEndToEndHeadersOnlyInTheirOrder) {
  const HeaderFields from = request_fields();
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
  HeaderFields from = request_fields();
  add(from, "Connection", "X-Custom");  // a second Connection line
  add(from, "X-Custom", "dropped as well");
  add(from, "X-Last", "");
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
  HeaderFields from;
  add(from, "Connection", "close");
  add(from, "Connection", "X-Second");
  add(from, "X-Second", "dropped");
  add(from, "X-Kept", "kept");
  http::fields to;
  copy_end_to_end_headers(from, to, false);
  EXPECT_EQ(std::vector<std::string>{"X-Kept"}, names_of(to));
  EXPECT_TRUE(is_hop_by_hop("x-second", from));
  HeaderFields odd;
  add(odd, "Connection", "\"odd\" , X-Third");  // a malformed item hides nothing
  add(odd, "X-Kept", "kept");
  EXPECT_TRUE(is_hop_by_hop("X-Third", odd));
  EXPECT_TRUE(is_hop_by_hop("Keep-Alive", odd));
  EXPECT_FALSE(is_hop_by_hop("X-Kept", odd));
}

TEST(Forwarding, TransferCodingsBesidesChunked) {
  auto with_coding = [](std::initializer_list<std::string_view> lines) {
    HeaderFields fields;
    add(fields, "Content-Type", "text/plain");
    for (std::string_view line : lines)
      add(fields, "Transfer-Encoding", line);
    return has_transfer_coding_besides_chunked(fields);
  };
  EXPECT_FALSE(with_coding({}));
  EXPECT_FALSE(with_coding({"Chunked"}));
  EXPECT_FALSE(with_coding({" chunked ;x=1"}));
  EXPECT_TRUE(with_coding({"gzip, chunked"}));
  EXPECT_TRUE(with_coding({"chunked", "deflate"}));
}

TEST(IsInspected, RequestsThatCreateAnAnswer) {
  EXPECT_TRUE(is_inspected(http::verb::post, "/v1/chat/completions"));
  EXPECT_TRUE(is_inspected(http::verb::post, "/v1/completions"));
  EXPECT_TRUE(is_inspected(http::verb::post, "/v1/responses"));
  EXPECT_TRUE(is_inspected(http::verb::post, "/openai/v1/responses/"));
  // Reading, deleting, listing or cancelling a stored response goes through unchanged.
  EXPECT_FALSE(is_inspected(http::verb::get, "/v1/responses"));
  EXPECT_FALSE(is_inspected(http::verb::get, "/v1/responses/resp_1"));
  EXPECT_FALSE(is_inspected(http::verb::delete_, "/v1/responses/resp_1"));
  EXPECT_FALSE(is_inspected(http::verb::get, "/v1/responses/resp_1/input_items"));
  EXPECT_FALSE(is_inspected(http::verb::post, "/v1/responses/resp_1/cancel"));
  EXPECT_FALSE(is_inspected(http::verb::post, "/v1/embeddings"));
}

TEST(IsIdempotent, TheMethodsOfRfc9110) {
  for (http::verb method : {http::verb::get, http::verb::head, http::verb::options,
                            http::verb::trace, http::verb::put, http::verb::delete_}) {
    EXPECT_TRUE(is_idempotent(method)) << http::to_string(method);
  }
  for (http::verb method : {http::verb::post, http::verb::patch, http::verb::connect,
                            http::verb::lock, http::verb::unknown}) {
    EXPECT_FALSE(is_idempotent(method)) << http::to_string(method);
  }
}

}  // namespace
}  // namespace groundgate::proxy::server
