// ConfigWatch: a change to a watched file reloads once after the quiet period, through a
// ConfigMap-style symlink swap as well as an in-place write; changes elsewhere do not; a
// reload request runs on the watch's thread; the files a reload returns are watched from then
// on; stopping the watch waits for a reload under way and none runs after.
#include "proxy/server/config_watch.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <thread>

#include "tests/support/kubelet_volume.h"

namespace groundgate::proxy::server {
namespace {

using namespace std::chrono_literals;
using testing::KubeletVolume;

constexpr auto kDebounce = 50ms;
// Long enough for a reload that is due to have run: only a failing test waits this long.
constexpr auto kPatience = 10s;
// How long a test that expects no reload waits for one.
constexpr auto kQuiet = 400ms;

class Reloads {
 public:
  void count() {
    std::lock_guard lock(mutex_);
    ++count_;
    thread_ = std::this_thread::get_id();
    changed_.notify_all();
  }
  // Waits until `n` reloads happened (or patience ran out); returns the count.
  int wait_for(int n, std::chrono::milliseconds patience = kPatience) {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, patience, [&] { return count_ >= n; });
    return count_;
  }
  std::thread::id thread() {
    std::lock_guard lock(mutex_);
    return thread_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int count_ = 0;
  std::thread::id thread_;
};

class ConfigWatchTest : public ::testing::Test {
 protected:
  ConfigWatchTest() {
    char pattern[] = "/tmp/groundgate-watch-XXXXXX";
    dir_ = ::mkdtemp(pattern);
  }
  ~ConfigWatchTest() override {
    watch_.reset();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  void start(const std::vector<std::string>& files) {
    ASSERT_EQ("", watch_->start());
    watch_->watch(files, kDebounce);
    watch_->wait_until_watching();
  }

  std::string dir_;
  Reloads reloads_;
  // What the next reloads return (nullopt: a failed reload).
  std::optional<ConfigWatch::Watched> next_;
  std::unique_ptr<ConfigWatch> watch_ = std::make_unique<ConfigWatch>([this] {
    reloads_.count();
    return next_;
  });
};

TEST_F(ConfigWatchTest, AKubeletSymlinkSwapReloadsOnce) {
  KubeletVolume volume(dir_ + "/config");
  volume.publish({{"groundgate.yaml", "version: 1\n"}, {"other.yaml", "x\n"}});
  start({volume.path("groundgate.yaml")});
  volume.publish({{"groundgate.yaml", "version: 2\n"}, {"other.yaml", "x\n"}});
  EXPECT_EQ(1, reloads_.wait_for(1));
  EXPECT_EQ(1, reloads_.wait_for(2, kQuiet)) << "one swap, one reload";
  // The second swap is seen through the directory the first one made.
  volume.publish({{"groundgate.yaml", "version: 3\n"}, {"other.yaml", "x\n"}});
  EXPECT_EQ(2, reloads_.wait_for(2));
}

TEST_F(ConfigWatchTest, ASwapThatLeavesTheFileAsItWasDoesNotReload) {
  KubeletVolume volume(dir_ + "/config");
  volume.publish({{"groundgate.yaml", "version: 1\n"}, {"other.yaml", "a\n"}});
  start({volume.path("groundgate.yaml")});
  volume.publish({{"groundgate.yaml", "version: 1\n"}, {"other.yaml", "b\n"}});
  EXPECT_EQ(0, reloads_.wait_for(1, kQuiet));
}

TEST_F(ConfigWatchTest, AnInPlaceWriteReloadsAndABurstReloadsOnce) {
  const std::string file = dir_ + "/groundgate.yaml";
  std::ofstream(file) << "version: 1\n";
  start({file});
  for (int i = 0; i < 5; ++i)
    std::ofstream(file) << "version: " << i + 2 << "\n";
  EXPECT_EQ(1, reloads_.wait_for(1));
  EXPECT_EQ(1, reloads_.wait_for(2, kQuiet));
}

TEST_F(ConfigWatchTest, ARenamedReplacementIsSeen) {
  // What editors and `mv` do: write a new file and rename it over the old one.
  const std::string file = dir_ + "/groundgate.yaml";
  std::ofstream(file) << "version: 1\n";
  start({file});
  std::ofstream(dir_ + "/.groundgate.yaml.tmp") << "version: 2\n";
  std::filesystem::rename(dir_ + "/.groundgate.yaml.tmp", file);
  EXPECT_EQ(1, reloads_.wait_for(1));
}

TEST_F(ConfigWatchTest, EveryNamedFileIsWatchedInItsOwnDirectory) {
  // A TLS Secret mounted apart from the ConfigMap.
  KubeletVolume config(dir_ + "/config");
  KubeletVolume tls(dir_ + "/tls");
  config.publish({{"groundgate.yaml", "tls: ...\n"}});
  tls.publish({{"tls.crt", "cert 1"}, {"tls.key", "key 1"}});
  start({config.path("groundgate.yaml"), tls.path("tls.crt"), tls.path("tls.key")});
  tls.publish({{"tls.crt", "cert 2"}, {"tls.key", "key 2"}});
  EXPECT_EQ(1, reloads_.wait_for(1));
  const auto dirs = watch_->watched_directories();
  EXPECT_NE(std::find(dirs.begin(), dirs.end(), tls.dir()), dirs.end());
  EXPECT_NE(std::find(dirs.begin(), dirs.end(), config.dir()), dirs.end());
}

TEST_F(ConfigWatchTest, OtherFilesInTheDirectoryDoNotReload) {
  const std::string file = dir_ + "/groundgate.yaml";
  std::ofstream(file) << "version: 1\n";
  start({file});
  std::ofstream(dir_ + "/unrelated.txt") << "noise\n";
  EXPECT_EQ(0, reloads_.wait_for(1, kQuiet));
}

TEST_F(ConfigWatchTest, AFileThatAppearsLaterIsFound) {
  const std::string file = dir_ + "/later/groundgate.yaml";
  start({file});
  std::filesystem::create_directories(dir_ + "/later");
  std::ofstream(file) << "version: 1\n";
  EXPECT_EQ(1, reloads_.wait_for(1));
}

TEST_F(ConfigWatchTest, NoFilesNoReloadsButRequestsStillRunOnTheWatchThread) {
  const std::string file = dir_ + "/groundgate.yaml";
  std::ofstream(file) << "version: 1\n";
  start({});
  std::ofstream(file) << "version: 2\n";
  EXPECT_EQ(0, reloads_.wait_for(1, kQuiet));
  watch_->request_reload();
  EXPECT_EQ(1, reloads_.wait_for(1));
  EXPECT_NE(std::this_thread::get_id(), reloads_.thread());
}

TEST_F(ConfigWatchTest, TheFilesAReloadReturnsAreWatchedFromThen) {
  const std::string first = dir_ + "/first.yaml";
  const std::string second = dir_ + "/second/groundgate.yaml";
  std::filesystem::create_directories(dir_ + "/second");
  std::ofstream(first) << "version: 1\n";
  std::ofstream(second) << "version: 1\n";
  next_ = ConfigWatch::Watched{{second}, kDebounce};
  start({first});
  std::ofstream(first) << "version: 2\n";
  ASSERT_EQ(1, reloads_.wait_for(1));
  // The reload said the config now reads the other file: it is watched, the first is not.
  std::ofstream(first) << "version: 3\n";
  EXPECT_EQ(1, reloads_.wait_for(2, kQuiet));
  std::ofstream(second) << "version: 2\n";
  EXPECT_EQ(2, reloads_.wait_for(2));
}

TEST(ConfigWatchLifetime, StopWaitsForAReloadUnderWayAndNoneRunsAfter) {
  // The reload holds the test's state: stop() must not return while it runs, and nothing may
  // run it afterwards (the owner's state is gone then).
  std::mutex mutex;
  std::condition_variable changed;
  bool inside = false;
  bool release = false;
  int runs = 0;
  auto watch = std::make_unique<ConfigWatch>([&]() -> std::optional<ConfigWatch::Watched> {
    std::unique_lock lock(mutex);
    ++runs;
    inside = true;
    changed.notify_all();
    changed.wait(lock, [&] { return release; });
    return std::nullopt;
  });
  ASSERT_EQ("", watch->start());
  watch->request_reload();
  {
    std::unique_lock lock(mutex);
    ASSERT_TRUE(changed.wait_for(lock, kPatience, [&] { return inside; }));
  }
  std::atomic<bool> stopped{false};
  std::thread stopper([&] {
    watch->stop();
    stopped = true;
  });
  std::this_thread::sleep_for(100ms);
  EXPECT_FALSE(stopped) << "stop() returned while a reload was under way";
  {
    std::lock_guard lock(mutex);
    release = true;
    changed.notify_all();
  }
  stopper.join();
  EXPECT_TRUE(stopped);
  int runs_when_stopped;
  {
    std::lock_guard lock(mutex);
    runs_when_stopped = runs;
  }
  watch->request_reload();
  std::this_thread::sleep_for(kQuiet);
  watch.reset();
  std::lock_guard lock(mutex);
  EXPECT_EQ(runs_when_stopped, runs) << "a reload ran after stop()";
}

}  // namespace
}  // namespace groundgate::proxy::server
