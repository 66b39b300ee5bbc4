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
  // The logger goes first; the pool's destructor drains the queue and joins its thread.
  logger_.reset();
  pool_.reset();
}

void AccessLog::write(const AccessLogRecord& record) {
  const std::string line = record.to_json();
  logger_->log(spdlog::level::info, spdlog::string_view_t(line.data(), line.size()));
}

std::uint64_t AccessLog::dropped() const {
  return pool_->overrun_counter() + sink_->failed_writes();
}

}  // namespace groundgate::proxy::observability
