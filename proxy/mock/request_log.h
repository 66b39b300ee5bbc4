#pragma once
// The completion requests the mock was sent (path and body, in arrival order), so that a test
// can check a client's exact protocol (a judge's calls: which prompts, in which order, at which
// temperature) and `mock-upstream --record FILE` can show it: one JSON line per request,
// {"path":…,"body":…} with the body as a JSON string. Kept in memory only when asked (tests),
// bounded in count and bytes: the oldest go first. Thread-safe.

#include <cstddef>
#include <cstdio>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::proxy::mock {

struct RecordedRequest {
  std::string path;
  std::string body;
  // The Authorization field as it came (kept in memory for tests; never written to the file).
  std::string authorization;
};

class RequestLog {
 public:
  static constexpr std::size_t kMaxRequests = 10'000;
  static constexpr std::size_t kMaxBytes = 64u << 20;

  // `file`: where each request is appended as a JSON line (after open()); empty: none.
  // `keep`: requests() returns them.
  explicit RequestLog(std::string file = {}, bool keep = false)
      : file_name_(std::move(file)), keep_(keep) {}
  ~RequestLog();
  RequestLog(const RequestLog&) = delete;
  RequestLog& operator=(const RequestLog&) = delete;

  // Opens the file; "" or why it cannot be.
  std::string open();
  void add(std::string_view path, std::string_view body, std::string_view authorization = {});
  std::vector<RecordedRequest> requests() const;

 private:
  std::string file_name_;
  bool keep_ = false;
  std::FILE* file_ = nullptr;
  mutable std::mutex mutex_;
  std::deque<RecordedRequest> requests_;
  std::size_t bytes_ = 0;
};

}  // namespace groundgate::proxy::mock
