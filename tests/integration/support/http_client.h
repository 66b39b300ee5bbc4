#pragma once
// A blocking HTTP/1.1 client for integration tests (plain or TLS), with a receive timeout so
// a hung proxy fails the test instead of hanging it.

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/fields.hpp>

namespace groundgate::testing {

struct HttpResponse {
  int status = 0;  // 0: no response (see error)
  boost::beast::http::fields headers;
  std::string body;  // de-chunked
  std::string error;
};

class HttpClient {
 public:
  // tls: verify against `ca_file` (PEM) with SNI "localhost".
  explicit HttpClient(uint16_t port, std::string ca_file = {});
  ~HttpClient();

  bool connect();
  // Sends one request on the open connection (connects first if needed) and reads a response.
  HttpResponse request(const std::string& method, const std::string& target,
                       const std::string& body = {},
                       const std::map<std::string, std::string>& headers = {});
  // Sends raw bytes (e.g. pipelined requests) on the open connection.
  bool send_raw(const std::string& bytes);
  // Reads one response from the open connection.
  HttpResponse read_response();
  // Reads the response header only, then up to `n` body bytes (streamed responses).
  void close();
  bool is_open() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// One request on a fresh connection.
HttpResponse http_request(uint16_t port, const std::string& method, const std::string& target,
                          const std::string& body = {},
                          const std::map<std::string, std::string>& headers = {});

// Sends `request` as it is on a fresh connection and returns every byte the proxy sends until
// it closes the connection (or the receive timeout; then what came so far).
std::string raw_exchange(uint16_t port, const std::string& request);

// The admin /metrics text once it contains `expected` (an exchange records its outcome just
// after the client has the last byte), or the last scrape after about two seconds.
std::string metrics_with(uint16_t admin_port, const std::string& expected);

// The `data:` payloads of an SSE body, in order.
std::vector<std::string> sse_data(const std::string& body);

// The text of choice `index` as a client assembles it from the content deltas of an SSE body
// (escaped as on the wire; the tests' texts need no escaping).
std::string sse_content(const std::string& body, int index = 0);

// Whether `text` (a response body, an access log) holds `needle`.
inline bool has(const std::string& text, const std::string& needle) {
  return text.find(needle) != std::string::npos;
}

}  // namespace groundgate::testing
