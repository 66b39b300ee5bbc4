#include "proxy/mock/request_log.h"

#include <cerrno>
#include <cstring>

#include "proxy/mock/json_text.h"

namespace groundgate::proxy::mock {

RequestLog::~RequestLog() {
  if (file_ != nullptr) std::fclose(file_);
}

std::string RequestLog::open() {
  if (file_name_.empty()) return {};
  file_ = std::fopen(file_name_.c_str(), "a");
  if (file_ == nullptr) {
    return "cannot open '" + file_name_ + "' to record requests: " + std::strerror(errno);
  }
  return {};
}

void RequestLog::add(std::string_view path, std::string_view body, std::string_view authorization) {
  if (file_ == nullptr && !keep_) return;
  std::lock_guard lock(mutex_);
  if (file_ != nullptr) {
    std::string line = "{\"path\":";
    append_json_string(line, path);
    line += ",\"body\":";
    append_json_string(line, body);
    line += "}\n";
    std::fwrite(line.data(), 1, line.size(), file_);
    std::fflush(file_);
  }
  if (!keep_) return;
  requests_.push_back({std::string(path), std::string(body), std::string(authorization)});
  bytes_ += path.size() + body.size() + authorization.size();
  while (requests_.size() > kMaxRequests || (bytes_ > kMaxBytes && requests_.size() > 1)) {
    bytes_ -= requests_.front().path.size() + requests_.front().body.size() +
              requests_.front().authorization.size();
    requests_.pop_front();
  }
}

std::vector<RecordedRequest> RequestLog::requests() const {
  std::lock_guard lock(mutex_);
  return {requests_.begin(), requests_.end()};
}

}  // namespace groundgate::proxy::mock
