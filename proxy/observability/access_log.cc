#include "proxy/observability/access_log.h"

#include <spdlog/async_logger.h>
#include <spdlog/details/thread_pool.h>
#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>

namespace groundgate::proxy::observability {

AccessLogOpenResult AccessLog::open(const AccessLogOptions& options) {
  AccessLogOpenResult result;
  try {
    spdlog::sink_ptr sink;
    if (options.path.empty() || options.path == "-") {
      sink = std::make_shared<spdlog::sinks::stdout_sink_mt>();
    } else {
      sink = std::make_shared<spdlog::sinks::basic_file_sink_mt>(options.path);
    }
    // No timestamp or level from spdlog: each line is the record's JSON and nothing else.
    sink->set_pattern("%v");
    auto pool = std::make_shared<spdlog::details::thread_pool>(
        options.queue_size == 0 ? 1 : options.queue_size, 1);
    auto logger = std::make_shared<spdlog::async_logger>(
        "access", std::move(sink), pool, spdlog::async_overflow_policy::overrun_oldest);
    logger->set_level(spdlog::level::info);
    // Flushing happens on the writer thread, so a line reaches the file or pipe at once
    // without costing the I/O thread anything.
    logger->flush_on(spdlog::level::info);
    result.log.reset(new AccessLog(std::move(pool), std::move(logger)));
  } catch (const std::exception& e) {
    result.error = "access log " + (options.path.empty() ? std::string("stdout") : options.path) +
                   ": " + e.what();
  }
  return result;
}

AccessLog::AccessLog(std::shared_ptr<spdlog::details::thread_pool> pool,
                     std::shared_ptr<spdlog::async_logger> logger)
    : pool_(std::move(pool)), logger_(std::move(logger)) {}

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
  return pool_->overrun_counter();
}

void AccessLog::flush() {
  logger_->flush();
}

}  // namespace groundgate::proxy::observability
