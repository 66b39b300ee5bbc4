// FilterWorkers: large preparations run on a worker thread and resume the caller on its own
// executor; small ones, and those over the in-flight bound, run inline. Side jobs run on a
// worker and resume the caller; beyond the job bound they are refused, never run inline.
#include "proxy/server/filter_workers.h"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

namespace groundgate::proxy::server {
namespace {

namespace asio = boost::asio;

class RecordingFilter final : public filters::stream::StreamFilter {
 public:
  RecordingFilter(std::size_t cost, std::optional<std::thread::id>& ran_on)
      : cost_(cost), ran_on_(ran_on) {}
  std::size_t prepare_cost() const override { return cost_; }
  void prepare() override {
    ran_on_ = std::this_thread::get_id();
    cost_ = 0;
  }

 private:
  std::size_t cost_;
  std::optional<std::thread::id>& ran_on_;
};

struct Outcome {
  FilterWorkers::Where where = FilterWorkers::Where::kNothing;
  std::optional<std::thread::id> prepared_on;
  std::thread::id resumed_on;
};

Outcome prepare_with(FilterWorkers& workers, std::size_t cost) {
  Outcome outcome;
  std::vector<std::unique_ptr<filters::stream::StreamFilter>> filters;
  filters.push_back(std::make_unique<RecordingFilter>(cost, outcome.prepared_on));
  filters::stream::FilterChain chain(std::move(filters));
  asio::io_context io;
  asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        outcome.where = co_await workers.prepare(chain);
        outcome.resumed_on = std::this_thread::get_id();
      },
      asio::detached);
  io.run();
  return outcome;
}

TEST(FilterWorkers, LargeWorkRunsOnAWorkerAndResumesTheCaller) {
  FilterWorkers workers({.threads = 1, .max_in_flight = 4, .min_offload_cost = 100});
  const Outcome large = prepare_with(workers, 1000);
  EXPECT_EQ(FilterWorkers::Where::kWorker, large.where);
  ASSERT_TRUE(large.prepared_on.has_value());
  EXPECT_NE(std::this_thread::get_id(), *large.prepared_on);
  EXPECT_EQ(std::this_thread::get_id(), large.resumed_on);
}

TEST(FilterWorkers, SmallWorkRunsInline) {
  FilterWorkers workers({.threads = 1, .max_in_flight = 4, .min_offload_cost = 100});
  const Outcome small = prepare_with(workers, 99);
  EXPECT_EQ(FilterWorkers::Where::kInline, small.where);
  EXPECT_EQ(std::this_thread::get_id(), small.prepared_on);
  EXPECT_EQ(FilterWorkers::Where::kNothing, prepare_with(workers, 0).where);
}

TEST(FilterWorkers, BeyondTheBoundTheCallerDoesTheWork) {
  FilterWorkers workers({.threads = 1, .max_in_flight = 0, .min_offload_cost = 100});
  const Outcome bounded = prepare_with(workers, 1000);
  EXPECT_EQ(FilterWorkers::Where::kInline, bounded.where);
  EXPECT_EQ(std::this_thread::get_id(), bounded.prepared_on);
}

class RecordingJob final : public filters::stream::SideJob {
 public:
  void run() override { ran_on = std::this_thread::get_id(); }
  std::optional<std::thread::id> ran_on;
};

struct JobOutcome {
  bool ran = false;
  std::thread::id resumed_on;
};

JobOutcome run_with(FilterWorkers& workers, const std::shared_ptr<RecordingJob>& job) {
  JobOutcome outcome;
  asio::io_context io;
  asio::co_spawn(
      io,
      [&]() -> asio::awaitable<void> {
        outcome.ran = co_await workers.run(*job);
        outcome.resumed_on = std::this_thread::get_id();
      },
      asio::detached);
  io.run();
  return outcome;
}

TEST(FilterWorkers, AJobRunsOnAWorkerAndResumesTheCaller) {
  FilterWorkers workers({.threads = 1, .max_jobs = 2});
  auto job = std::make_shared<RecordingJob>();
  const JobOutcome outcome = run_with(workers, job);
  EXPECT_TRUE(outcome.ran);
  ASSERT_TRUE(job->ran_on.has_value());
  EXPECT_NE(std::this_thread::get_id(), *job->ran_on);
  EXPECT_EQ(std::this_thread::get_id(), outcome.resumed_on);
  EXPECT_EQ(0u, workers.jobs());
}

TEST(FilterWorkers, BeyondTheJobBoundAJobIsRefusedNotRunInline) {
  FilterWorkers workers({.threads = 1, .max_jobs = 0});
  auto job = std::make_shared<RecordingJob>();
  EXPECT_FALSE(run_with(workers, job).ran);
  EXPECT_FALSE(job->ran_on.has_value());
}

TEST(FilterWorkers, ACancelledJobIsNotRun) {
  FilterWorkers workers({.threads = 1, .max_jobs = 2});
  auto job = std::make_shared<RecordingJob>();
  job->cancel();
  EXPECT_TRUE(run_with(workers, job).ran);  // answered: its caller reads no result
  EXPECT_FALSE(job->ran_on.has_value());
}

}  // namespace
}  // namespace groundgate::proxy::server
