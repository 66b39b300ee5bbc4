#pragma once
// Worker threads for the filters' blocking work, so that no I/O thread stalls the other
// streams it serves: a stream's one-off preparation (indexing the request's retrieved context:
// about 2 ms per 8k tokens, 15 ms for the largest contexts; building a schema database), and
// side jobs (filters/stream/stream_filter.h: an SQL query's runs on the operator's database, up
// to their time caps). The caller's coroutine resumes on its own executor (its strand, or its
// thread's io_context) when the work is done. Bounded: small preparations, and preparations
// beyond `max_in_flight`, are done by the calling I/O thread itself (cheap next to a stall);
// a side job beyond `max_jobs` (waiting or running) is refused, for the filter to decide.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/thread_pool.hpp>

#include "filters/stream/filter_chain.h"

namespace groundgate::proxy::server {

class FilterWorkers {
 public:
  struct Options {
    unsigned threads = 1;
    std::size_t max_in_flight = 64;
    std::size_t min_offload_cost = 16 * 1024;  // context bytes; below, a thread hop costs more
    std::size_t max_jobs = 64;                 // side jobs waiting or running
  };
  enum class Where : std::uint8_t { kNothing, kInline, kWorker };

  explicit FilterWorkers(Options options);
  ~FilterWorkers();
  FilterWorkers(const FilterWorkers&) = delete;
  FilterWorkers& operator=(const FilterWorkers&) = delete;

  // Prepares `chain` (FilterChain::prepare) and resumes on the caller's executor. The chain
  // must not be used by anyone else until this returns.
  boost::asio::awaitable<Where> prepare(filters::stream::FilterChain& chain);
  // Runs `job` on a worker and resumes on the caller's executor once it ran; false at once when
  // `max_jobs` are waiting or running (overloaded). A job cancelled while it waits still goes
  // through the queue, doing nothing. The caller keeps the job alive until this returns: the
  // worker's coroutine captures it by reference (GCC 11-12 destroy a capture of a lambda
  // co_awaited through co_spawn twice, GCC PR 100611: a shared_ptr's count went one short).
  boost::asio::awaitable<bool> run(filters::stream::SideJob& job);
  // Side jobs waiting or running now.
  std::size_t jobs() const { return jobs_.load(std::memory_order_relaxed); }
  // Waits for the work under way and ends the threads (before the I/O contexts and the
  // exchanges they hold go).
  void join();

 private:
  Options options_;
  boost::asio::thread_pool pool_;
  std::atomic<std::size_t> in_flight_{0};
  std::atomic<std::size_t> jobs_{0};
};

}  // namespace groundgate::proxy::server
