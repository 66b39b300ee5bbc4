#pragma once
// A stream's side requests (filters/stream/stream_filter.h). Each batch's bodies are POSTed to
// its destination (the stream's own endpoint on the route's upstream with the client's header
// fields, their Authorization too, never logged; or the endpoint the batch names), at most
// `fan_out` at a time, each answer bounded in size, the whole batch within its timeout. Bytes
// out, bytes back: nothing here reads them. A call that fails, runs out of time or is cancelled
// is an answer with an error, never a hang. One batch runs at a time; later ones queue. A
// request that carries a side job is not sent: the job runs on the proxy's workers
// (FilterWorkers), answered "overloaded" when they refuse it, and cancelled when its batch runs
// out of time or is cancelled.

#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/ssl/context.hpp>

#include "config/config.h"
#include "filters/stream/filter_chain.h"
#include "proxy/observability/gauge.h"
#include "proxy/server/filter_workers.h"

namespace groundgate::proxy::server {

struct RuntimeConfig;

// A finished batch: whose it is (SideBatch::filter) and every request's answer.
struct SideAnswers {
  std::size_t filter = 0;
  std::vector<filters::stream::SideAnswer> answers;
};

// Where a batch's requests go. `header`: the request line and header fields to send before each
// body, without its Content-Length and the blank line that ends it.
struct SideDestination {
  const config::UpstreamConfig* upstream = nullptr;
  boost::asio::ssl::context* tls = nullptr;
  std::string header;
  // The configuration `upstream` and `tls` belong to, held by every call to it (a call may
  // outlive the exchange that made it, and the exchange's hold on the configuration).
  std::shared_ptr<const RuntimeConfig> config;
};

class SideRequests {
 public:
  using Clock = std::chrono::steady_clock;

  // `in_flight`: the calls running now. `workers` run the side jobs; like the executor, they
  // must outlive the calls (the server's do: they are joined before its I/O contexts stop).
  SideRequests(boost::asio::any_io_executor executor, observability::Gauge& in_flight,
               FilterWorkers& workers);
  // Ends every call (cancel()) and lets go of them: a call, or the batch's deadline, still
  // pending holds the calls' shared state, never this object, and touches nothing of the
  // owner's when it ends (the in-flight gauge is settled here).
  ~SideRequests();
  SideRequests(const SideRequests&) = delete;
  SideRequests& operator=(const SideRequests&) = delete;

  void start(filters::stream::SideBatch batch, SideDestination destination);
  // A batch that may go nowhere: every request answered with `error` at once, none sent.
  void refuse(filters::stream::SideBatch batch, std::string_view error);
  // A batch is running or queued, or its answers were not taken yet.
  bool busy() const;
  std::optional<SideAnswers> take_answers();
  // Until a batch's answers are in (take_answers), or right away when none runs.
  boost::asio::awaitable<void> wait_answers();
  // Every call ends now (its answer: "cancelled"); queued batches are answered so too.
  void cancel();
  // cancel(), then waits until no call is left running: the gauge and the workers' job slots
  // are given back before the exchange reports and goes (its safety does not depend on it).
  boost::asio::awaitable<void> drain();

  // Requests sent (side jobs not counted), and those that failed.
  std::size_t requests() const;
  std::size_t failures() const;
  // Side jobs, and those answered with an error: by outcome "overloaded", "timeout", "cancelled".
  struct JobOutcomes {
    std::size_t ran = 0;
    std::size_t overloaded = 0;
    std::size_t timeout = 0;
    std::size_t cancelled = 0;
  };
  std::size_t jobs() const;
  const JobOutcomes& job_outcomes() const;

 private:
  // What the calls' coroutines and the deadline's handler share with this object
  // (side_requests.cc): each call's frame holds it, the deadline's handler a weak link.
  class Calls;
  std::shared_ptr<Calls> calls_;
};

}  // namespace groundgate::proxy::server
