#include "proxy/observability/line_sink.h"

#include <cerrno>
#include <cstring>

namespace groundgate::proxy::observability {

LineSink::OpenResult LineSink::open(const std::string& path) {
  if (path.empty() || path == "-")
    return {std::shared_ptr<LineSink>(new LineSink(stdout, false)), {}};
  std::FILE* file = std::fopen(path.c_str(), "ae");  // e: close-on-exec
  if (file == nullptr) return {nullptr, path + ": " + std::strerror(errno)};
  return {std::shared_ptr<LineSink>(new LineSink(file, true)), {}};
}

LineSink::~LineSink() {
  if (owned_) std::fclose(file_);
}

void LineSink::sink_it_(const spdlog::details::log_msg& msg) {
  spdlog::memory_buf_t line;
  formatter_->format(msg, line);
  const bool written = std::fwrite(line.data(), 1, line.size(), file_) == line.size();
  if (!written || std::fflush(file_) != 0) {
    failed_writes_.fetch_add(1, std::memory_order_relaxed);
    std::clearerr(file_);
  }
}

void LineSink::flush_() {
  std::fflush(file_);
}

}  // namespace groundgate::proxy::observability
