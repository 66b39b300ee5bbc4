#pragma once
// The access log: one JSON line per request (AccessLogRecord::to_json), written by an spdlog
// async logger so the I/O thread only formats the line and enqueues it. The queue is bounded;
// when the writer falls behind, the oldest lines are dropped and counted, never blocking a
// request.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "proxy/observability/access_log_record.h"

namespace spdlog {
class async_logger;
namespace details {
class thread_pool;
}
}  // namespace spdlog

namespace groundgate::proxy::observability {

struct AccessLogOptions {
  std::string path;  // empty or "-": stdout
  std::size_t queue_size = 8192;
};

class AccessLog;
class LineSink;

struct AccessLogOpenResult {
  std::unique_ptr<AccessLog> log;  // null on error
  std::string error;
};

class AccessLog {
 public:
  static AccessLogOpenResult open(const AccessLogOptions& options);
  // Writes what is queued, then stops the writer thread.
  ~AccessLog();
  AccessLog(const AccessLog&) = delete;
  AccessLog& operator=(const AccessLog&) = delete;

  void write(const AccessLogRecord& record);
  // Lines that never reached the output: dropped from a full queue or failed to write.
  std::uint64_t dropped() const;

 private:
  AccessLog(std::shared_ptr<LineSink> sink, std::shared_ptr<spdlog::details::thread_pool> pool,
            std::shared_ptr<spdlog::async_logger> logger);

  std::shared_ptr<LineSink> sink_;
  std::shared_ptr<spdlog::details::thread_pool> pool_;
  std::shared_ptr<spdlog::async_logger> logger_;
};

}  // namespace groundgate::proxy::observability
