#include "proxy/server/side_requests.h"

#include <algorithm>
#include <array>
#include <deque>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>

#include "proxy/server/any_stream.h"
#include "proxy/server/header_writer.h"
#include "proxy/server/upstream_connector.h"

namespace groundgate::proxy::server {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using filters::stream::SideAnswer;

namespace {

constexpr auto kTuple = asio::as_tuple(asio::use_awaitable);

}  // namespace

// The batches, their calls and counts. Shared by the SideRequests that owns it, each call's
// coroutine (its frame holds a shared_ptr, so the state lives until the last call ends) and
// the deadline's handler (a weak link: it does nothing once the state is gone). The owner's
// destructor detaches it: every call is cancelled, the in-flight gauge settled, and from then
// on the calls touch only this state, the executor and the workers.
class SideRequests::Calls : public std::enable_shared_from_this<SideRequests::Calls> {
 public:
  Calls(asio::any_io_executor executor, observability::Gauge& in_flight, FilterWorkers& workers)
      : executor_(std::move(executor)),
        in_flight_(in_flight),
        workers_(workers),
        deadline_timer_(executor_),
        wake_(executor_) {}

  void start(filters::stream::SideBatch batch, SideDestination destination);
  void refuse(filters::stream::SideBatch batch, std::string_view error);
  bool busy() const { return running_.has_value() || !queued_.empty() || !finished_.empty(); }
  std::optional<SideAnswers> take_answers();
  asio::awaitable<void> wait_answers();
  void cancel();
  asio::awaitable<void> drain();
  // The owner goes: cancel(), and the gauge no longer counts the calls still ending.
  void detach();

  std::size_t requests_ = 0;  // side jobs included
  std::size_t failures_ = 0;
  std::size_t jobs_ = 0;
  std::size_t job_failures_ = 0;
  JobOutcomes job_outcomes_;

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
  // A call's coroutine; `self` keeps the state alive until it ends, `job` the request's side
  // job (null for a request to send) until the worker is done with it, whenever the batch ends.
  static asio::awaitable<void> call(std::shared_ptr<Calls> self, std::uint64_t generation,
                                    std::size_t index, std::uint64_t id,
                                    std::shared_ptr<filters::stream::SideJob> job);
  // A request's call on a connection of its own: connected, written, its answer read.
  asio::awaitable<SideAnswer> send(std::uint64_t generation, std::size_t index);
  // `limit`: the most bytes the answer may have.
  asio::awaitable<beast::error_code> read_answer(AnyStream& stream, std::size_t limit,
                                                 SideAnswer& answer);
  // A side job's call: run on the workers, answered without a body.
  asio::awaitable<SideAnswer> run_job(filters::stream::SideJob& job);
  void count_job(const filters::stream::SideRequest& request, const SideAnswer& answer);
  void answered(std::uint64_t generation, std::size_t index, SideAnswer answer);
  // The batch ends: requests without an answer get `error`.
  void end_batch(std::string_view error);
  // Answers every queued batch's requests with "cancelled".
  void cancel_queued();
  void wake() { wake_.cancel(); }

  asio::any_io_executor executor_;
  observability::Gauge& in_flight_;
  FilterWorkers& workers_;
  bool detached_ = false;  // the owner is gone: in_flight_ is no longer this state's to touch
  std::deque<Queued> queued_;
  std::optional<Running> running_;
  std::deque<SideAnswers> finished_;
  std::uint64_t generation_ = 0;
  std::size_t calls_running_ = 0;  // coroutines not ended yet
  std::size_t sent_running_ = 0;   // of them, requests sent (counted by in_flight_)
  asio::steady_timer deadline_timer_;
  asio::steady_timer wake_;
};

void SideRequests::Calls::start(filters::stream::SideBatch batch, SideDestination destination) {
  queued_.push_back({std::move(batch), std::move(destination)});
  if (!running_) start_next_batch();
}

void SideRequests::Calls::start_next_batch() {
  while (!running_ && !queued_.empty()) {
    Queued next = std::move(queued_.front());
    queued_.pop_front();
    filters::stream::SideBatch& batch = next.batch;
    if (batch.batch.requests.empty()) {
      finished_.push_back({batch.filter, {}});
      continue;
    }
    Running& r = running_.emplace();
    r.filter = batch.filter;
    r.destination = std::move(next.destination);
    r.generation = ++generation_;
    r.limits = batch.batch.limits;
    r.limits.fan_out = std::max<std::size_t>(1, r.limits.fan_out);
    r.requests = std::move(batch.batch.requests);
    requests_ += r.requests.size();
    for (const filters::stream::SideRequest& request : r.requests)
      jobs_ += request.job ? 1 : 0;
    r.answers.resize(r.requests.size());
    r.streams.resize(r.requests.size(), nullptr);
    r.deadline = Clock::now() + r.limits.timeout;
    deadline_timer_.expires_at(r.deadline);
    deadline_timer_.async_wait(
        [link = weak_from_this(), generation = r.generation](const beast::error_code& ec) {
          const std::shared_ptr<Calls> self = link.lock();
          if (!self) return;
          // It may have expired just before the batch ended: a later batch is not its to end.
          if (!ec && self->running_ && self->running_->generation == generation) {
            self->end_batch("timeout");
          }
          self->wake();
        });
    start_calls();
  }
  wake();
}

void SideRequests::Calls::start_calls() {
  Running& r = *running_;
  // Started and not answered: at most fan_out.
  while (r.next < r.requests.size() && r.next - r.done < r.limits.fan_out) {
    const std::size_t index = r.next++;
    ++calls_running_;
    if (!r.requests[index].job) {  // the gauge counts requests sent
      ++sent_running_;
      in_flight_.inc();
    }
    // The coroutine may start after the batch ended (co_spawn from outside the executor's
    // thread): it takes what it needs of the request now.
    asio::co_spawn(
        executor_,
        call(shared_from_this(), r.generation, index, r.requests[index].id, r.requests[index].job),
        asio::detached);
  }
}

asio::awaitable<SideAnswer> SideRequests::Calls::run_job(filters::stream::SideJob& job) {
  SideAnswer answer;
  if (co_await workers_.run(job)) {
    answer.status = 200;
  } else {
    answer.error = "overloaded";
  }
  co_return answer;
}

asio::awaitable<void> SideRequests::Calls::call(std::shared_ptr<Calls> self,
                                                std::uint64_t generation, std::size_t index,
                                                std::uint64_t id,
                                                std::shared_ptr<filters::stream::SideJob> job) {
  SideAnswer answer;
  if (job) {
    answer = co_await self->run_job(*job);
  } else {
    answer = co_await self->send(generation, index);
    --self->sent_running_;
    if (!self->detached_) self->in_flight_.dec();
  }
  answer.id = id;
  --self->calls_running_;
  self->answered(generation, index, std::move(answer));
  self->wake();
}

asio::awaitable<SideAnswer> SideRequests::Calls::send(std::uint64_t generation, std::size_t index) {
  SideAnswer answer;
  if (!running_ || running_->generation != generation) {  // it ended before the call started
    answer.error = "cancelled";
    co_return answer;
  }
  // The frame keeps its own copies: the batch may end (and go) while the call is pending.
  SideDestination destination = running_->destination;
  UpstreamConnection connection =
      co_await connect_upstream(executor_, *destination.upstream, destination.tls);
  if (!connection.stream) {
    answer.error = connection.error_kind + ": " + connection.error;
    co_return answer;
  }
  if (!running_ || running_->generation != generation) {
    answer.error = "cancelled";
    co_return answer;
  }
  const std::unique_ptr<AnyStream> stream = std::move(connection.stream);
  running_->streams[index] = stream.get();
  stream->tcp().expires_at(running_->deadline);
  const std::string body = running_->requests[index].body;
  std::string head = std::move(destination.header);
  append_field("Content-Length", std::to_string(body.size()), head);
  end_header(head);
  const std::array<asio::const_buffer, 2> buffers{asio::buffer(head), asio::buffer(body)};
  auto [ec, n] = co_await asio::async_write(*stream, buffers, kTuple);
  if (!ec) {
    const std::size_t limit =
        running_ && running_->generation == generation ? running_->limits.max_response_bytes : 0;
    ec = co_await read_answer(*stream, limit, answer);
  }
  if (ec) {
    answer.error = ec == beast::error::timeout     ? "timeout"
                   : ec == http::error::body_limit ? "answer too large"
                                                   : "upstream: " + ec.message();
  }
  stream->close();
  if (running_ && running_->generation == generation) running_->streams[index] = nullptr;
  co_return answer;
}

asio::awaitable<beast::error_code> SideRequests::Calls::read_answer(AnyStream& stream,
                                                                    std::size_t limit,
                                                                    SideAnswer& answer) {
  http::response_parser<http::string_body> parser;
  parser.body_limit(limit);
  beast::flat_buffer buffer;
  auto [ec, n] = co_await http::async_read(stream, buffer, parser, kTuple);
  if (!ec) {
    answer.status = parser.get().result_int();
    answer.body = std::move(parser.get().body());
  }
  co_return ec;
}

void SideRequests::Calls::count_job(const filters::stream::SideRequest& request,
                                    const SideAnswer& answer) {
  if (!request.job) return;
  if (answer.error.empty()) {
    ++job_outcomes_.ran;
    return;
  }
  ++job_failures_;
  if (answer.error == "overloaded") {
    ++job_outcomes_.overloaded;
  } else if (answer.error == "timeout") {
    ++job_outcomes_.timeout;
  } else {
    ++job_outcomes_.cancelled;
  }
}

void SideRequests::Calls::answered(std::uint64_t generation, std::size_t index, SideAnswer answer) {
  if (!running_ || running_->generation != generation) return;  // the batch ended without it
  Running& r = *running_;
  count_job(r.requests[index], answer);
  if (!answer.error.empty() || answer.status / 100 != 2) ++failures_;
  r.answers[index] = std::move(answer);
  ++r.done;
  if (r.done == r.requests.size()) return end_batch({});
  start_calls();
}

void SideRequests::Calls::end_batch(std::string_view error) {
  if (!running_) return;
  Running r = std::move(*running_);
  running_.reset();
  deadline_timer_.cancel();
  SideAnswers done{r.filter, {}};
  for (std::size_t i = 0; i < r.requests.size(); ++i) {
    if (r.streams[i] != nullptr) r.streams[i]->close();
    if (r.answers[i]) {
      done.answers.push_back(std::move(*r.answers[i]));
    } else {
      ++failures_;
      if (r.requests[i].job) r.requests[i].job->cancel();  // its run stops where it can
      done.answers.push_back({r.requests[i].id, 0, {}, std::string(error)});
      count_job(r.requests[i], done.answers.back());
    }
  }
  finished_.push_back(std::move(done));
  start_next_batch();
}

void SideRequests::Calls::refuse(filters::stream::SideBatch batch, std::string_view error) {
  SideAnswers done{batch.filter, {}};
  for (const auto& request : batch.batch.requests) {
    done.answers.push_back({request.id, 0, {}, std::string(error)});
    jobs_ += request.job ? 1 : 0;
    count_job(request, done.answers.back());
  }
  requests_ += batch.batch.requests.size();
  failures_ += batch.batch.requests.size();
  finished_.push_back(std::move(done));
  wake();
}

std::optional<SideAnswers> SideRequests::Calls::take_answers() {
  if (finished_.empty()) return std::nullopt;
  SideAnswers answers = std::move(finished_.front());
  finished_.pop_front();
  return answers;
}

asio::awaitable<void> SideRequests::Calls::wait_answers() {
  while (finished_.empty() && running_) {
    wake_.expires_at(Clock::time_point::max());
    co_await wake_.async_wait(kTuple);
  }
}

void SideRequests::Calls::cancel() {
  end_batch("cancelled");
  cancel_queued();
}

void SideRequests::Calls::cancel_queued() {
  while (!queued_.empty()) {
    filters::stream::SideBatch batch = std::move(queued_.front().batch);
    queued_.pop_front();
    SideAnswers done{batch.filter, {}};
    for (const auto& request : batch.batch.requests) {
      done.answers.push_back({request.id, 0, {}, "cancelled"});
      jobs_ += request.job ? 1 : 0;
      count_job(request, done.answers.back());
    }
    requests_ += batch.batch.requests.size();
    failures_ += batch.batch.requests.size();
    finished_.push_back(std::move(done));
  }
}

asio::awaitable<void> SideRequests::Calls::drain() {
  cancel();
  while (calls_running_ > 0) {
    wake_.expires_at(Clock::time_point::max());
    co_await wake_.async_wait(kTuple);
  }
}

void SideRequests::Calls::detach() {
  cancel();
  if (!detached_) in_flight_.dec(static_cast<double>(sent_running_));
  detached_ = true;
}

SideRequests::SideRequests(asio::any_io_executor executor, observability::Gauge& in_flight,
                           FilterWorkers& workers)
    : calls_(std::make_shared<Calls>(std::move(executor), in_flight, workers)) {}

SideRequests::~SideRequests() {
  calls_->detach();
}

void SideRequests::start(filters::stream::SideBatch batch, SideDestination destination) {
  calls_->start(std::move(batch), std::move(destination));
}

void SideRequests::refuse(filters::stream::SideBatch batch, std::string_view error) {
  calls_->refuse(std::move(batch), error);
}

bool SideRequests::busy() const {
  return calls_->busy();
}

std::optional<SideAnswers> SideRequests::take_answers() {
  return calls_->take_answers();
}

asio::awaitable<void> SideRequests::wait_answers() {
  return calls_->wait_answers();
}

void SideRequests::cancel() {
  calls_->cancel();
}

asio::awaitable<void> SideRequests::drain() {
  return calls_->drain();
}

std::size_t SideRequests::requests() const {
  return calls_->requests_ - calls_->jobs_;
}

std::size_t SideRequests::failures() const {
  return calls_->failures_ - calls_->job_failures_;
}

std::size_t SideRequests::jobs() const {
  return calls_->jobs_;
}

const SideRequests::JobOutcomes& SideRequests::job_outcomes() const {
  return calls_->job_outcomes_;
}

}  // namespace groundgate::proxy::server
