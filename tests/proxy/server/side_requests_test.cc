// SideRequests: a batch's calls are answered; and the object that owns them may go while a
// call, its batch's deadline or a side job is still pending: the calls hold their own shared
// state, the owner's destructor cancels them (their connections closed, their jobs told to
// stop) and settles the in-flight gauge, and whatever runs after that touches nothing of the
// owner's. Under the sanitizers a call or a deadline handler that pointed at the owner is a use
// after free.
#include "proxy/server/side_requests.h"

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

namespace groundgate::proxy::server {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;
using namespace std::chrono_literals;

// The upper bound of every wait below: reached only when something hangs.
constexpr auto kHangGuard = 20s;

// A local upstream that accepts one connection, reads the request's bytes and answers with
// `answer` (nothing when empty: the call then waits for an answer that never comes).
class OneShotUpstream {
 public:
  OneShotUpstream(asio::io_context& io, std::string answer)
      : acceptor_(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)),
        socket_(io),
        answer_(std::move(answer)) {
    config_.name = "side";
    config_.host = "127.0.0.1";
    config_.port = acceptor_.local_endpoint().port();
    acceptor_.async_accept(socket_, [this](const boost::system::error_code& ec) {
      if (!ec) read();
    });
  }

  const config::UpstreamConfig& config() const { return config_; }
  // Request bytes received so far; whether the proxy closed the connection.
  const std::string& received() const { return received_; }
  bool closed_by_peer() const { return closed_by_peer_; }

  void close() {
    boost::system::error_code ignored;
    acceptor_.close(ignored);
    socket_.close(ignored);
  }

 private:
  void read() {
    socket_.async_read_some(
        asio::buffer(chunk_), [this](const boost::system::error_code& ec, std::size_t n) {
          received_.append(chunk_.data(), n);
          if (ec) {
            closed_by_peer_ = ec == asio::error::eof || ec == asio::error::connection_reset;
            return;
          }
          if (!answer_.empty() && received_.find("\r\n\r\n") != std::string::npos) {
            asio::write(socket_, asio::buffer(answer_));
            answer_.clear();
          }
          read();
        });
  }

  tcp::acceptor acceptor_;
  tcp::socket socket_;
  std::string answer_;
  config::UpstreamConfig config_;
  std::array<char, 4096> chunk_{};
  std::string received_;
  bool closed_by_peer_ = false;
};

filters::stream::SideBatch one_request_batch(std::chrono::milliseconds timeout) {
  filters::stream::SideBatch batch;
  batch.filter = 3;
  batch.batch.requests.push_back({7, R"({"model":"m"})", nullptr});
  batch.batch.limits.timeout = timeout;
  return batch;
}

SideDestination to(const OneShotUpstream& upstream) {
  return {&upstream.config(), nullptr, "POST /v1/chat/completions HTTP/1.1\r\nHost: side\r\n", {}};
}

// Runs `io` until `done()` holds (or the hang guard is reached).
template <typename Done>
void run_until(asio::io_context& io, Done done) {
  const auto give_up = std::chrono::steady_clock::now() + kHangGuard;
  io.restart();
  while (!done() && std::chrono::steady_clock::now() < give_up)
    io.run_one_for(50ms);
}

TEST(SideRequests, ABatchIsAnsweredByItsCalls) {
  asio::io_context io;
  observability::Gauge in_flight;
  FilterWorkers workers({});
  OneShotUpstream upstream(io, "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}");
  SideRequests side(io.get_executor(), in_flight, workers);
  side.start(one_request_batch(1h), to(upstream));
  std::optional<SideAnswers> answers;
  run_until(io, [&] { return (answers = side.take_answers()).has_value(); });
  ASSERT_TRUE(answers);
  EXPECT_EQ(answers->filter, 3u);
  ASSERT_EQ(answers->answers.size(), 1u);
  EXPECT_EQ(answers->answers[0].id, 7u);
  EXPECT_EQ(answers->answers[0].status, 200u);
  EXPECT_EQ(answers->answers[0].body, "{}");
  EXPECT_EQ(answers->answers[0].error, "");
  EXPECT_NE(upstream.received().find(R"({"model":"m"})"), std::string::npos);
  EXPECT_EQ(side.requests(), 1u);
  EXPECT_EQ(side.failures(), 0u);
  run_until(io, [&] { return in_flight.value() == 0; });
  EXPECT_EQ(in_flight.value(), 0);
}

TEST(SideRequests, TheOwnerGoesWhileACallAndItsDeadlineArePending) {
  asio::io_context io;
  observability::Gauge in_flight;
  FilterWorkers workers({});
  OneShotUpstream upstream(io, "");  // never answers: the call waits for its answer
  auto side = std::make_unique<SideRequests>(io.get_executor(), in_flight, workers);
  side->start(one_request_batch(1h), to(upstream));  // the deadline waits an hour
  run_until(io, [&] { return upstream.received().find("\r\n\r\n") != std::string::npos; });
  ASSERT_NE(upstream.received().find(R"({"model":"m"})"), std::string::npos);
  EXPECT_EQ(in_flight.value(), 1);

  side.reset();  // the exchange ends here: the call reads, the deadline's handler is pending
  EXPECT_EQ(in_flight.value(), 0) << "the owner settles the gauge as it goes";
  // The call's connection is closed, its coroutine ends, the deadline's handler runs: none of
  // them reaches the owner.
  run_until(io, [&] { return upstream.closed_by_peer(); });
  EXPECT_TRUE(upstream.closed_by_peer());
  upstream.close();
  io.restart();
  io.run_for(kHangGuard);
  EXPECT_TRUE(io.stopped()) << "a call or handler still pending after its owner went";
  EXPECT_EQ(in_flight.value(), 0);
}

TEST(SideRequests, TheOwnerGoesBeforeItsCallsStarted) {
  // start() outside the executor's thread: the call's coroutine is queued, and starts only
  // after its owner (and the batch) are gone.
  asio::io_context io;
  observability::Gauge in_flight;
  FilterWorkers workers({});
  OneShotUpstream upstream(io, "");
  auto side = std::make_unique<SideRequests>(io.get_executor(), in_flight, workers);
  side->start(one_request_batch(1h), to(upstream));
  side.reset();
  EXPECT_EQ(in_flight.value(), 0);
  upstream.close();
  io.restart();
  io.run_for(kHangGuard);
  EXPECT_TRUE(io.stopped());
  EXPECT_EQ(upstream.received(), "") << "a cancelled call sends nothing";
  EXPECT_EQ(in_flight.value(), 0);
}

// A side job that runs until it is cancelled.
class JobUntilCancelled final : public filters::stream::SideJob {
 public:
  void run() override {
    started.store(true);
    while (!cancelled())
      std::this_thread::sleep_for(1ms);
    saw_cancel.store(true);
  }
  std::atomic<bool> started{false};
  std::atomic<bool> saw_cancel{false};
};

TEST(SideRequests, TheOwnerGoesWhileASideJobRuns) {
  asio::io_context io;
  observability::Gauge in_flight;
  FilterWorkers workers({});
  auto job = std::make_shared<JobUntilCancelled>();
  filters::stream::SideBatch batch;
  batch.batch.requests.push_back({1, {}, job});
  batch.batch.limits.timeout = 1h;
  auto side = std::make_unique<SideRequests>(io.get_executor(), in_flight, workers);
  side->start(std::move(batch), {});
  run_until(io, [&] { return job->started.load(); });
  ASSERT_TRUE(job->started.load());

  side.reset();  // the job runs on a worker, its call waits for it, the deadline is pending
  io.restart();
  io.run_for(kHangGuard);
  EXPECT_TRUE(io.stopped()) << "the job's call still pending after its owner went";
  EXPECT_TRUE(job->saw_cancel.load()) << "the owner's end cancels its jobs";
  EXPECT_EQ(in_flight.value(), 0) << "side jobs are not requests sent";
}

}  // namespace
}  // namespace groundgate::proxy::server
