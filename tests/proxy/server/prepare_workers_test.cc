// PrepareWorkers: large preparations run on a worker thread and resume the caller on its own
// executor; small ones, and those over the in-flight bound, run inline.
#include "proxy/server/prepare_workers.h"

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
  PrepareWorkers::Where where = PrepareWorkers::Where::kNothing;
  std::optional<std::thread::id> prepared_on;
  std::thread::id resumed_on;
};

Outcome prepare_with(PrepareWorkers& workers, std::size_t cost) {
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

TEST(PrepareWorkers, LargeWorkRunsOnAWorkerAndResumesTheCaller) {
  PrepareWorkers workers({.threads = 1, .max_in_flight = 4, .min_offload_cost = 100});
  const Outcome large = prepare_with(workers, 1000);
  EXPECT_EQ(PrepareWorkers::Where::kWorker, large.where);
  ASSERT_TRUE(large.prepared_on.has_value());
  EXPECT_NE(std::this_thread::get_id(), *large.prepared_on);
  EXPECT_EQ(std::this_thread::get_id(), large.resumed_on);
}

TEST(PrepareWorkers, SmallWorkRunsInline) {
  PrepareWorkers workers({.threads = 1, .max_in_flight = 4, .min_offload_cost = 100});
  const Outcome small = prepare_with(workers, 99);
  EXPECT_EQ(PrepareWorkers::Where::kInline, small.where);
  EXPECT_EQ(std::this_thread::get_id(), small.prepared_on);
  EXPECT_EQ(PrepareWorkers::Where::kNothing, prepare_with(workers, 0).where);
}

TEST(PrepareWorkers, BeyondTheBoundTheCallerDoesTheWork) {
  PrepareWorkers workers({.threads = 1, .max_in_flight = 0, .min_offload_cost = 100});
  const Outcome bounded = prepare_with(workers, 1000);
  EXPECT_EQ(PrepareWorkers::Where::kInline, bounded.where);
  EXPECT_EQ(std::this_thread::get_id(), bounded.prepared_on);
}

}  // namespace
}  // namespace groundgate::proxy::server
