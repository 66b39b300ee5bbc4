#pragma once
// One thread's share of the load: its own io_context, streams, histogram and counters, so
// that threads never share state while running.

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bench/load/latency_histogram.h"

namespace groundgate::bench::load {

struct LoadCounters {
  uint64_t events = 0;       // stamped events that arrived inside the window
  uint64_t unstamped = 0;    // other events inside the window, except [DONE]
  uint64_t done_events = 0;  // [DONE] events inside the window
  // Chunks a guard made (`"choices":[]` with `"groundgate"`, no usage): verdicts and summaries.
  // They carry the stamp of the upstream chunk they follow and are not counted as events.
  uint64_t annotation_chunks = 0;
  uint64_t responses = 0;  // answers read to their end (whole run)
  uint64_t connect_errors = 0;
  uint64_t write_errors = 0;
  uint64_t read_errors = 0;  // reset or closed before the end of an answer
  uint64_t status_errors = 0;
  uint64_t protocol_errors = 0;
  uint64_t open_at_end = 0;  // streams inside an answer when the window closed

  uint64_t errors() const;
  void merge(const LoadCounters& other);
};

struct LoadWindow {
  std::chrono::steady_clock::time_point start;         // the first stream opens
  std::chrono::steady_clock::time_point measure_from;  // after the ramp
  std::chrono::steady_clock::time_point measure_until;
  std::chrono::nanoseconds ramp_step;  // between two streams' first requests
};

class LoadWorker {
 public:
  // Streams first, first + step, first + 2·step, ... below total; each sends `request`.
  LoadWorker(boost::asio::ip::tcp::endpoint target, std::shared_ptr<const std::string> request,
             LoadWindow window, unsigned first, unsigned step, unsigned total);
  ~LoadWorker();

  void run();  // returns when the window has closed and every stream has stopped

  const LatencyHistogram& latency() const { return latency_; }
  // Of annotation chunks: arrival − the stamp of the upstream chunk they follow.
  const LatencyHistogram& annotation_latency() const { return annotation_latency_; }
  const LoadCounters& counters() const { return counters_; }
  const std::string& first_error() const { return first_error_; }

 private:
  struct Stream;
  enum class Outcome { kOk, kWriteError, kReadError, kStatusError, kProtocolError };

  boost::asio::awaitable<void> run_stream(Stream& stream, unsigned index);
  boost::asio::awaitable<Outcome> exchange(Stream& stream);
  void on_event(Stream& stream, std::string_view event, int64_t arrival_ns);
  void stop();
  void note_error(const std::string& message);

  boost::asio::io_context io_{1};
  boost::asio::steady_timer stop_timer_;
  boost::asio::ip::tcp::endpoint target_;
  std::shared_ptr<const std::string> request_;
  LoadWindow window_;
  int64_t measure_from_ns_;
  int64_t measure_until_ns_;
  std::vector<std::unique_ptr<Stream>> streams_;
  bool stopping_ = false;
  LatencyHistogram latency_;
  LatencyHistogram annotation_latency_;
  LoadCounters counters_;
  std::string first_error_;
};

}  // namespace groundgate::bench::load
