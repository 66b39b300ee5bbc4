#include "proxy/server/side_requests.h"

#include <algorithm>
#include <array>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>

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

SideRequests::SideRequests(asio::any_io_executor executor, observability::Gauge& in_flight,
                           FilterWorkers& workers)
    : executor_(std::move(executor)),
      in_flight_(in_flight),
      workers_(workers),
      deadline_timer_(executor_),
      wake_(executor_) {}

void SideRequests::start(filters::stream::SideBatch batch, SideDestination destination) {
  queued_.push_back({std::move(batch), std::move(destination)});
  if (!running_) start_next_batch();
}

void SideRequests::start_next_batch() {
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
    ++timer_waits_;
    deadline_timer_.async_wait([this, generation = r.generation](const beast::error_code& ec) {
      // It may have expired just before the batch ended: a later batch is not its to end.
      // drain() waits for this handler, so `this` is alive.
      --timer_waits_;
      if (!ec && running_ && running_->generation == generation) end_batch("timeout");
      wake();
    });
    start_calls();
  }
  wake();
}

void SideRequests::start_calls() {
  Running& r = *running_;
  // Started and not answered: at most fan_out.
  while (r.next < r.requests.size() && r.next - r.done < r.limits.fan_out) {
    const std::size_t index = r.next++;
    ++calls_running_;
    if (!r.requests[index].job) in_flight_.inc();  // the gauge counts requests sent
    asio::co_spawn(executor_, call(r.generation, index), asio::detached);
  }
}

asio::awaitable<SideAnswer> SideRequests::run_job(filters::stream::SideJob& job) {
  SideAnswer answer;
  if (co_await workers_.run(job)) {
    answer.status = 200;
  } else {
    answer.error = "overloaded";
  }
  co_return answer;
}

asio::awaitable<void> SideRequests::call(std::uint64_t generation, std::size_t index) {
  const filters::stream::SideRequest& request = running_->requests[index];
  const std::uint64_t id = request.id;
  // Held here until the worker is done with it, whenever the batch ends.
  const std::shared_ptr<filters::stream::SideJob> job = request.job;
  SideAnswer answer;
  if (job) {
    answer = co_await run_job(*job);
  } else {
    answer = co_await send(generation, index);
    in_flight_.dec();
  }
  answer.id = id;
  --calls_running_;
  answered(generation, index, std::move(answer));
  wake();
}

asio::awaitable<SideAnswer> SideRequests::send(std::uint64_t generation, std::size_t index) {
  // The frame keeps its own copies: the batch may end (and go) while the call is pending.
  SideDestination destination = running_->destination;
  SideAnswer answer;
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

asio::awaitable<beast::error_code> SideRequests::read_answer(AnyStream& stream, std::size_t limit,
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

void SideRequests::count_job(const filters::stream::SideRequest& request,
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

void SideRequests::answered(std::uint64_t generation, std::size_t index, SideAnswer answer) {
  if (!running_ || running_->generation != generation) return;  // the batch ended without it
  Running& r = *running_;
  count_job(r.requests[index], answer);
  if (!answer.error.empty() || answer.status / 100 != 2) ++failures_;
  r.answers[index] = std::move(answer);
  ++r.done;
  if (r.done == r.requests.size()) return end_batch({});
  start_calls();
}

void SideRequests::end_batch(std::string_view error) {
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

void SideRequests::refuse(filters::stream::SideBatch batch, std::string_view error) {
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

std::optional<SideAnswers> SideRequests::take_answers() {
  if (finished_.empty()) return std::nullopt;
  SideAnswers answers = std::move(finished_.front());
  finished_.pop_front();
  return answers;
}

asio::awaitable<void> SideRequests::wait_answers() {
  while (finished_.empty() && running_) {
    wake_.expires_at(Clock::time_point::max());
    co_await wake_.async_wait(kTuple);
  }
}

void SideRequests::cancel() {
  end_batch("cancelled");
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

asio::awaitable<void> SideRequests::drain() {
  cancel();
  while (calls_running_ > 0 || timer_waits_ > 0) {
    wake_.expires_at(Clock::time_point::max());
    co_await wake_.async_wait(kTuple);
  }
}

void SideRequests::wake() {
  wake_.cancel();
}

}  // namespace groundgate::proxy::server
