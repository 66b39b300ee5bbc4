// Watchdog: an expiry tells the owner; after stop() the owner is never called, and a wake still
// queued when the watchdog and its owner are gone (the exchange ended) touches neither.
#include "proxy/server/watchdog.h"

#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <thread>

#include <boost/asio/io_context.hpp>

namespace groundgate::proxy::server {
namespace {

using namespace std::chrono_literals;
using Clock = Watchdog::Clock;

// What the owner was told; kept outside the owner, which a test may destroy.
struct Told {
  int calls = 0;
  UpstreamCut cut = UpstreamCut::kNone;
  bool stalled = false;
};

class RecordingOwner final : public Watchdog::Owner {
 public:
  explicit RecordingOwner(Told& told) : told_(told) {}
  bool shutdown_expired() const override {
    ++told_.calls;
    return false;
  }
  bool upstream_reset_pending() const override {
    ++told_.calls;
    return false;
  }
  void upstream_cut(UpstreamCut why) override {
    ++told_.calls;
    told_.cut = why;
  }
  void client_stalled() override {
    ++told_.calls;
    told_.stalled = true;
  }

 private:
  Told& told_;
};

// Runs `io` for `span` of steady time.
void run_for(boost::asio::io_context& io, Clock::duration span) {
  io.restart();
  io.run_for(span);
}

TEST(Watchdog, TheTotalDeadlineCutsTheUpstreamSide) {
  boost::asio::io_context io;
  Told told;
  RecordingOwner owner(told);
  Watchdog watchdog(io.get_executor(), owner, {1h, 1h, Clock::now() + 20ms});
  watchdog.start();
  for (int i = 0; i < 40 && told.cut == UpstreamCut::kNone; ++i)
    run_for(io, 50ms);
  EXPECT_EQ(told.cut, UpstreamCut::kTotalDeadline);
  EXPECT_EQ(watchdog.upstream_cut(), UpstreamCut::kTotalDeadline);
}

TEST(Watchdog, AStalledClientWriteEndsTheExchangeOnce) {
  boost::asio::io_context io;
  Told told;
  RecordingOwner owner(told);
  Watchdog watchdog(io.get_executor(), owner, {10ms, 1h, Clock::time_point::max()});
  watchdog.client_write_started();
  watchdog.start();
  for (int i = 0; i < 40 && !told.stalled; ++i)
    run_for(io, 50ms);
  ASSERT_TRUE(told.stalled);
  const int calls = told.calls;
  run_for(io, 600ms);  // past two more wakes of its grid
  EXPECT_EQ(told.calls, calls) << "the watchdog stops with client_stalled()";
}

TEST(Watchdog, AfterStopTheOwnerIsNeverCalled) {
  boost::asio::io_context io;
  Told told;
  RecordingOwner owner(told);
  Watchdog watchdog(io.get_executor(), owner, {1h, 1h, Clock::now() + 20ms});
  watchdog.start();
  const int calls = told.calls;  // start() looks once at once
  watchdog.stop();
  run_for(io, 600ms);  // past the deadline and two wakes of its grid
  EXPECT_EQ(told.calls, calls);
  EXPECT_EQ(told.cut, UpstreamCut::kNone);
}

TEST(Watchdog, AWakeQueuedWhenItsExchangeEndsReachesNeitherWatchdogNorOwner) {
  // The exchange stops its watchdog and ends (the watchdog and the exchange destroyed) while
  // the watchdog's wake is still to run: queued by the stop, or already due. The wake must run
  // without touching either. Under the sanitizers a wake that pointed at them is a use after
  // free.
  boost::asio::io_context io;
  Told told;
  for (const bool due : {false, true}) {
    auto owner = std::make_unique<RecordingOwner>(told);
    auto watchdog = std::make_unique<Watchdog>(
        io.get_executor(), *owner,
        Watchdog::Limits{1h, 1h, due ? Clock::now() + 5ms : Clock::time_point::max()});
    watchdog->start();
    const int calls = told.calls;
    if (due) std::this_thread::sleep_for(300ms);  // past the deadline and its wake on the grid
    watchdog->stop();
    watchdog.reset();  // the exchange ends here, its watchdog's wake not run yet
    owner.reset();
    run_for(io, 600ms);
    EXPECT_EQ(told.calls, calls) << (due ? "due" : "queued by the stop");
    EXPECT_EQ(told.cut, UpstreamCut::kNone);
  }
}

}  // namespace
}  // namespace groundgate::proxy::server
