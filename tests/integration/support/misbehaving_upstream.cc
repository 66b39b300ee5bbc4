#include "tests/integration/support/misbehaving_upstream.h"

#include "tests/proxy/http1/zlib_code.h"

#include <cstdio>

namespace groundgate::testing {
namespace {

std::string reason_phrase(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 201:
      return "Created";
    case 203:
      return "Non-Authoritative Information";
    default:
      return "Whatever";
  }
}

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

// The framed response: status line, headers, body (chunked in one chunk, or sized).
std::string framed(const UpstreamReply& reply) {
  std::string out =
      "HTTP/1.1 " + std::to_string(reply.status) + " " + reason_phrase(reply.status) + "\r\n";
  if (reply.content_type) out += "Content-Type: " + *reply.content_type + "\r\n";
  if (!reply.content_encoding.empty()) {
    out += "Content-Encoding: " + reply.content_encoding + "\r\n";
  }
  out += "Connection: close\r\n";
  if (reply.chunked) {
    out += "Transfer-Encoding: chunked\r\n\r\n";
    if (!reply.body.empty()) out += RawUpstream::chunk(reply.body);
    return out + "0\r\n\r\n";
  }
  return out + "Content-Length: " + std::to_string(reply.body.size()) + "\r\n\r\n" + reply.body;
}

}  // namespace

std::string sse_body(const std::vector<std::string>& payloads) {
  std::string out;
  for (const std::string& payload : payloads)
    out += "data: " + payload + "\n\n";
  return out + "data: [DONE]\n\n";
}

std::string chat_chunk(std::string_view content_json, std::string_view index,
                       std::string_view extra_members) {
  std::string out =
      R"({"id":"chatcmpl-bad","object":"chat.completion.chunk","created":1,"model":"m",)";
  out += extra_members;
  out += R"("choices":[{"index":)";
  out += index;
  out += R"(,"delta":{"content":)";
  out += content_json;
  out += R"(},"finish_reason":null}]})";
  return out;
}

std::string finish_chunk(std::string_view index) {
  return std::string(R"({"id":"chatcmpl-bad","object":"chat.completion.chunk","created":1,)") +
         R"("model":"m","choices":[{"index":)" + std::string(index) +
         R"(,"delta":{},"finish_reason":"stop"}]})";
}

std::string chat_completion(std::string_view content) {
  return R"({"id":"chatcmpl-bad","object":"chat.completion","created":1,"model":"m",)"
         R"("choices":[{"index":0,"message":{"role":"assistant","content":)" +
         json_string(content) + R"(},"finish_reason":"stop"}]})";
}

UpstreamReply usual_answer(const std::string& request, std::string_view text) {
  UpstreamReply reply;
  if (request.find(R"("stream":true)") == std::string::npos) {
    reply.content_type = "application/json";
    reply.body = chat_completion(text);
    return reply;
  }
  reply.content_type = "text/event-stream";
  std::vector<std::string> payloads;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t next = text.find(' ', at + 1);
    if (next == std::string_view::npos) next = text.size();
    payloads.push_back(chat_chunk(json_string(text.substr(at, next - at))));
    at = next;
  }
  payloads.push_back(finish_chunk());
  reply.body = sse_body(payloads);
  return reply;
}

std::string zlib_code(std::string_view bytes, std::string_view coding) {
  return zlib_code(bytes, coding == "gzip" ? 31 : 15);
}

MisbehavingUpstream::MisbehavingUpstream(Reply reply)
    : raw_([reply = std::move(reply)](boost::asio::ip::tcp::socket& socket,
                                      const std::string& request) {
        RawUpstream::send(socket, framed(reply(request)));
      }) {}

}  // namespace groundgate::testing
