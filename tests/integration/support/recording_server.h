#pragma once
// Receivers for what the proxy posts on its own, and the parts of a raw HTTP request.

#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "tests/integration/support/raw_upstream.h"

namespace groundgate::testing {

// A receiver of the proxy's own posts (an OTLP/HTTP collector, a verdict webhook): keeps every
// request as it came, answers the first `fail_first` with 503 and the others with `status`.
class RecordingServer {
 public:
  explicit RecordingServer(int status = 200, std::size_t fail_first = 0)
      : server_([this, status, fail_first](boost::asio::ip::tcp::socket& socket,
                                           const std::string& request) {
          std::size_t received = 0;
          {
            std::lock_guard lock(mutex_);
            requests_.push_back(request);
            received = requests_.size();
          }
          const int answer = received <= fail_first ? 503 : status;
          RawUpstream::send(socket, "HTTP/1.1 " + std::to_string(answer) +
                                        " X\r\nContent-Type: application/json\r\n"
                                        "Content-Length: 2\r\nConnection: close\r\n\r\n{}");
        }) {}
  uint16_t port() const { return server_.port(); }
  // The requests received so far, once there are at least `n` (or after a few seconds).
  std::vector<std::string> requests(std::size_t n = 1) {
    for (int i = 0; i < 500; ++i) {
      {
        std::lock_guard lock(mutex_);
        if (requests_.size() >= n) return requests_;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    std::lock_guard lock(mutex_);
    return requests_;
  }

 private:
  std::mutex mutex_;
  std::vector<std::string> requests_;
  RawUpstream server_;
};

inline std::string body_of(const std::string& request) {
  const auto end = request.find("\r\n\r\n");
  return end == std::string::npos ? std::string() : request.substr(end + 4);
}

inline std::string header_value(const std::string& request, const std::string& name) {
  const auto at = request.find("\r\n" + name + ": ");
  if (at == std::string::npos) return {};
  const auto start = at + 4 + name.size();
  return request.substr(start, request.find("\r\n", start) - start);
}

}  // namespace groundgate::testing
