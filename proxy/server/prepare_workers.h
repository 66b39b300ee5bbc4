#pragma once
// Worker threads for the filters' one-off preparation of a stream (indexing the request's
// retrieved context: about 2 ms per 8k tokens, 15 ms for the largest contexts). Done on an I/O
// thread it would stall every other stream of that thread for as long; here it runs beside
// them, while the upstream is still working on its first token. Bounded: small work, and work
// beyond `max_in_flight` preparations, is done by the calling I/O thread itself.

#include <atomic>
#include <cstddef>
#include <cstdint>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/thread_pool.hpp>

#include "filters/stream/filter_chain.h"

namespace groundgate::proxy::server {

class PrepareWorkers {
 public:
  struct Options {
    unsigned threads = 1;
    std::size_t max_in_flight = 64;
    std::size_t min_offload_cost = 16 * 1024;  // context bytes; below, a thread hop costs more
  };
  enum class Where : std::uint8_t { kNothing, kInline, kWorker };

  explicit PrepareWorkers(Options options);
  ~PrepareWorkers();
  PrepareWorkers(const PrepareWorkers&) = delete;
  PrepareWorkers& operator=(const PrepareWorkers&) = delete;

  // Prepares `chain` (FilterChain::prepare) and resumes on the caller's executor. The chain
  // must not be used by anyone else until this returns.
  boost::asio::awaitable<Where> prepare(filters::stream::FilterChain& chain);
  // Waits for the preparations under way and ends the threads (before the I/O contexts and
  // the exchanges they hold go).
  void join();

 private:
  Options options_;
  boost::asio::thread_pool pool_;
  std::atomic<std::size_t> in_flight_{0};
};

}  // namespace groundgate::proxy::server
