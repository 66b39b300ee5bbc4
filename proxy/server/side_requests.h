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
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/error.hpp>

#include "config/config.h"
#include "filters/stream/filter_chain.h"
#include "proxy/observability/gauge.h"
#include "proxy/server/any_stream.h"
#include "proxy/server/filter_workers.h"

namespace groundgate::proxy::server {

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
};

class SideRequests {
 public:
  using Clock = std::chrono::steady_clock;

  // `in_flight`: the calls running now.
  SideRequests(boost::asio::any_io_executor executor, observability::Gauge& in_flight,
               FilterWorkers& workers);
  SideRequests(const SideRequests&) = delete;
  SideRequests& operator=(const SideRequests&) = delete;

  void start(filters::stream::SideBatch batch, SideDestination destination);
  // A batch that may go nowhere: every request answered with `error` at once, none sent.
  void refuse(filters::stream::SideBatch batch, std::string_view error);
  // A batch is running or queued, or its answers were not taken yet.
  bool busy() const { return running_.has_value() || !queued_.empty() || !finished_.empty(); }
  std::optional<SideAnswers> take_answers();
  // Until a batch's answers are in (take_answers), or right away when none runs.
  boost::asio::awaitable<void> wait_answers();
  // Every call ends now (its answer: "cancelled"); queued batches are answered so too.
  void cancel();
  // cancel(), then waits until no call is left running: before the exchange goes.
  boost::asio::awaitable<void> drain();

  // Requests sent (side jobs not counted), and those that failed.
  std::size_t requests() const { return requests_ - jobs_; }
  std::size_t failures() const { return failures_ - job_failures_; }
  // Side jobs, and those answered with an error: by outcome "overloaded", "timeout", "cancelled".
  struct JobOutcomes {
    std::size_t ran = 0;
    std::size_t overloaded = 0;
    std::size_t timeout = 0;
    std::size_t cancelled = 0;
  };
  std::size_t jobs() const { return jobs_; }
  const JobOutcomes& job_outcomes() const { return job_outcomes_; }

 private:
  struct Queued {
    filters::stream::SideBatch batch;
    SideDestination destination;
  };
  struct Running {
    std::size_t filter = 0;
    SideDestination destination;
    std::uint64_t generation = 0;
    filters::stream::SideRequestLimits limits;
    std::vector<filters::stream::SideRequest> requests;
    std::vector<std::optional<filters::stream::SideAnswer>> answers;
    std::vector<AnyStream*> streams;  // open per request, to close on cancel or timeout
    std::size_t next = 0;             // first request not started
    std::size_t done = 0;
    Clock::time_point deadline;
  };

  void start_next_batch();
  void start_calls();
  boost::asio::awaitable<void> call(std::uint64_t generation, std::size_t index);
  // A request's call on a connection of its own: connected, written, its answer read
  // (`limit`: the most bytes it may have) into `answer`.
  boost::asio::awaitable<filters::stream::SideAnswer> send(std::uint64_t generation,
                                                           std::size_t index);
  boost::asio::awaitable<boost::beast::error_code> read_answer(AnyStream& stream, std::size_t limit,
                                                               filters::stream::SideAnswer& answer);
  // A side job's call: run on the workers, answered without a body.
  boost::asio::awaitable<filters::stream::SideAnswer> run_job(filters::stream::SideJob& job);
  void count_job(const filters::stream::SideRequest& request,
                 const filters::stream::SideAnswer& answer);
  void answered(std::uint64_t generation, std::size_t index, filters::stream::SideAnswer answer);
  // The batch ends: requests without an answer get `error`.
  void end_batch(std::string_view error);
  void wake();

  boost::asio::any_io_executor executor_;
  observability::Gauge& in_flight_;
  FilterWorkers& workers_;
  std::deque<Queued> queued_;
  std::optional<Running> running_;
  std::deque<SideAnswers> finished_;
  std::uint64_t generation_ = 0;
  std::size_t calls_running_ = 0;  // coroutines not ended yet
  std::size_t timer_waits_ = 0;    // deadline handlers not run yet
  boost::asio::steady_timer deadline_timer_;
  boost::asio::steady_timer wake_;
  std::size_t requests_ = 0;  // side jobs included
  std::size_t failures_ = 0;
  std::size_t jobs_ = 0;
  std::size_t job_failures_ = 0;
  JobOutcomes job_outcomes_;
};

}  // namespace groundgate::proxy::server
