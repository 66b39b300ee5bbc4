#include "proxy/observability/access_log.h"

#include <spdlog/async_logger.h>
#include <spdlog/details/thread_pool.h>

#include "proxy/observability/line_sink.h"

namespace groundgate::proxy::observability {

AccessLogOpenResult AccessLog::open(const AccessLogOptions& options) {
  AccessLogOpenResult result;
  LineSink::OpenResult opened = LineSink::open(options.path);
  if (!opened.sink) {
    result.error = "access log " + opened.error;
    return result;
  }
  try {
    // No timestamp or level from spdlog: each line is the record's JSON and nothing else.
    opened.sink->set_pattern("%v");
    auto pool = std::make_shared<spdlog::details::thread_pool>(
        options.queue_size == 0 ? 1 : options.queue_size, 1);
    auto logger = std::make_shared<spdlog::async_logger>(
        "access", opened.sink, pool, spdlog::async_overflow_policy::overrun_oldest);
    logger->set_level(spdlog::level::info);
    result.log.reset(new AccessLog(std::move(opened.sink), std::move(pool), std::move(logger)));
  } catch (const std::exception& e) {  // spdlog throws when it cannot start its thread
    result.error = std::string("access log: ") + e.what();
  }
  return result;
}

AccessLog::AccessLog(std::shared_ptr<LineSink> sink,
                     std::shared_ptr<spdlog::details::thread_pool> pool,
                     std::shared_ptr<spdlog::async_logger> logger)
    : sink_(std::move(sink)), pool_(std::move(pool)), logger_(std::move(logger)) {}

AccessLog::~AccessLog() {
  // The pool goes first: its destructor writes the queued lines and joins its thread, so the
  // references its messages hold to the logger are all dropped before this thread drops the
  // last one (dropped by the pool's thread, inside the uninstrumented spdlog library, the
  // logger's deletion is a data race to ThreadSanitizer). Nothing writes once the log is
  // being destroyed.
  pool_.reset();
  logger_.reset();
}

void AccessLog::write(const AccessLogRecord& record) {
  const std::string line = record.to_json();
  logger_->log(spdlog::level::info, spdlog::string_view_t(line.data(), line.size()));
}

std::uint64_t AccessLog::dropped() const {
  return pool_->overrun_counter() + sink_->failed_writes();
}

}  // namespace groundgate::proxy::observability
