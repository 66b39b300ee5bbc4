#include "proxy/server/filter_workers.h"

#include <algorithm>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace groundgate::proxy::server {
namespace asio = boost::asio;

FilterWorkers::FilterWorkers(Options options)
    : options_(options), pool_(std::max(1u, options.threads)) {}

FilterWorkers::~FilterWorkers() {
  join();
}

void FilterWorkers::join() {
  pool_.join();
}

asio::awaitable<FilterWorkers::Where> FilterWorkers::prepare(filters::stream::FilterChain& chain) {
  const std::size_t cost = chain.prepare_cost();
  if (cost == 0) co_return Where::kNothing;
  if (cost < options_.min_offload_cost ||
      in_flight_.fetch_add(1, std::memory_order_relaxed) >= options_.max_in_flight) {
    if (cost >= options_.min_offload_cost) in_flight_.fetch_sub(1, std::memory_order_relaxed);
    chain.prepare();
    co_return Where::kInline;
  }
  struct Slot {  // given back however the wait ends
    std::atomic<std::size_t>& in_flight;
    ~Slot() { in_flight.fetch_sub(1, std::memory_order_relaxed); }
  } slot{in_flight_};
  // The co_spawned coroutine runs on a worker; its completion resumes this one where it was.
  co_await asio::co_spawn(
      pool_,
      [&chain]() -> asio::awaitable<void> {
        chain.prepare();
        co_return;
      },
      asio::use_awaitable);
  co_return Where::kWorker;
}

asio::awaitable<bool> FilterWorkers::run(filters::stream::SideJob& job) {
  if (jobs_.fetch_add(1, std::memory_order_relaxed) >= options_.max_jobs) {
    jobs_.fetch_sub(1, std::memory_order_relaxed);
    co_return false;
  }
  struct Slot {  // given back however the wait ends
    std::atomic<std::size_t>& jobs;
    ~Slot() { jobs.fetch_sub(1, std::memory_order_relaxed); }
  } slot{jobs_};
  co_await asio::co_spawn(
      pool_,
      [&job]() -> asio::awaitable<void> {
        if (!job.cancelled()) job.run();
        co_return;
      },
      asio::use_awaitable);
  co_return true;
}

}  // namespace groundgate::proxy::server
