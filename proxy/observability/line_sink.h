#pragma once
// An spdlog sink that writes each line to a file or stdout and flushes it at once. It runs on
// the async logger's writer thread, so a line reaches the file or pipe immediately (no stdio
// buffering behind a container's log pipe) without costing the I/O threads anything.

#include <spdlog/sinks/base_sink.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>

namespace groundgate::proxy::observability {

class LineSink final : public spdlog::sinks::base_sink<std::mutex> {
 public:
  struct OpenResult {
    std::shared_ptr<LineSink> sink;  // null on error
    std::string error;
  };
  // `path` empty or "-": stdout. A file is opened for appending (and created if missing),
  // which also suits logrotate's copytruncate.
  static OpenResult open(const std::string& path);
  ~LineSink() override;

  // Lines that could not be written (disk full, closed pipe).
  std::uint64_t failed_writes() const { return failed_writes_.load(std::memory_order_relaxed); }

 protected:
  void sink_it_(const spdlog::details::log_msg& msg) override;
  void flush_() override;

 private:
  LineSink(std::FILE* file, bool owned) : file_(file), owned_(owned) {}

  std::FILE* file_;
  bool owned_;
  std::atomic<std::uint64_t> failed_writes_{0};
};

}  // namespace groundgate::proxy::observability
