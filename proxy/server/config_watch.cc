#include "proxy/server/config_watch.h"

#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>

#include <spdlog/spdlog.h>

namespace groundgate::proxy::server {
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;
constexpr Clock::time_point kNever = Clock::time_point::max();

// Changes that can alter what a path in the directory reads as: a write, a rename or a swapped
// symlink, a new or removed entry, new permissions; and the directory itself going away.
constexpr std::uint32_t kEvents = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE |
                                  IN_DELETE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF;
// A directory that could not be watched (not there yet) is tried again this often.
constexpr auto kRetryArm = std::chrono::seconds(2);
// Changes that never stop still reload after this many quiet periods.
constexpr int kMaxDebounces = 10;
// Files larger than this are compared by their first bytes and their size.
constexpr std::size_t kMaxDigestBytes = 16u << 20;

// FNV-1a, 64 bits: enough to tell one version of a file from the next.
std::uint64_t digest(std::ifstream& in, std::uint64_t size) {
  std::uint64_t h = 14695981039346656037ull ^ size;
  std::array<char, 64 * 1024> chunk;
  std::size_t total = 0;
  while (total < kMaxDigestBytes && (in.read(chunk.data(), chunk.size()) || in.gcount() > 0)) {
    for (std::streamsize i = 0; i < in.gcount(); ++i) {
      h ^= static_cast<unsigned char>(chunk[static_cast<std::size_t>(i)]);
      h *= 1099511628211ull;
    }
    total += static_cast<std::size_t>(in.gcount());
  }
  return h;
}

std::optional<std::uint64_t> file_digest(const std::string& path) {
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  if (ec) return std::nullopt;
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return digest(in, size);
}

// The directories to watch for `file`: where its path points, and where it resolves to.
void directories_of(const std::string& file, std::set<std::string>& out) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(file, ec);
  if (ec) return;
  out.insert(absolute.parent_path().string());
  const fs::path resolved = fs::weakly_canonical(absolute, ec);
  if (!ec) out.insert(resolved.parent_path().string());
}

}  // namespace

ConfigWatch::ConfigWatch(Reload reload) : reload_(std::move(reload)) {}

ConfigWatch::~ConfigWatch() {
  stop();
  if (inotify_fd_ >= 0) ::close(inotify_fd_);
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

void ConfigWatch::stop() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    request_.stop = true;
  }
  wake();
  thread_.join();
}

std::string ConfigWatch::start() {
  wake_fd_ = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (wake_fd_ < 0) return std::string("eventfd: ") + std::strerror(errno);
  std::string error;
  inotify_fd_ = ::inotify_init1(IN_CLOEXEC | IN_NONBLOCK);
  if (inotify_fd_ < 0) error = std::string("inotify: ") + std::strerror(errno);
  thread_ = std::thread([this] { run(); });
  return error;
}

void ConfigWatch::watch(std::vector<std::string> files, Millis debounce) {
  {
    std::lock_guard lock(mutex_);
    request_.files = std::move(files);
    request_.debounce = debounce;
    ++files_requested_;
  }
  wake();
}

void ConfigWatch::wait_until_watching() {
  std::unique_lock lock(mutex_);
  const std::uint64_t ticket = files_requested_;
  if (thread_.joinable()) applied_.wait(lock, [&] { return files_applied_ >= ticket; });
}

void ConfigWatch::apply(std::vector<std::string> files, Millis debounce) {
  debounce_ = debounce;
  // The same files keep their baseline: it was taken before the reload that read them, so a
  // change made since is still found.
  const bool same = files == files_;
  files_ = std::move(files);
  armed_all_ = arm();
  if (!same) baseline_ = fingerprint();
}

void ConfigWatch::request_reload() {
  {
    std::lock_guard lock(mutex_);
    request_.reload = true;
  }
  wake();
}

void ConfigWatch::wake() {
  const std::uint64_t one = 1;
  [[maybe_unused]] auto n = ::write(wake_fd_, &one, sizeof one);
}

std::vector<std::string> ConfigWatch::watched_directories() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  for (const auto& [wd, dir] : watches_)
    out.push_back(dir);
  std::sort(out.begin(), out.end());
  return out;
}

ConfigWatch::Fingerprint ConfigWatch::fingerprint() const {
  Fingerprint out;
  for (const std::string& file : files_)
    out.push_back(file_digest(file));
  return out;
}

bool ConfigWatch::arm() {
  if (inotify_fd_ < 0) return true;
  std::set<std::string> wanted;
  for (const std::string& file : files_)
    directories_of(file, wanted);
  bool all = true;
  std::lock_guard lock(mutex_);
  std::map<int, std::string> armed;
  for (const std::string& dir : wanted) {
    const int wd = ::inotify_add_watch(inotify_fd_, dir.c_str(), kEvents | IN_ONLYDIR);
    if (wd < 0) {
      all = false;
      continue;
    }
    armed[wd] = dir;  // the same directory under two names shares one descriptor
  }
  for (const auto& [wd, dir] : watches_) {
    if (!armed.contains(wd)) ::inotify_rm_watch(inotify_fd_, wd);
  }
  watches_ = std::move(armed);
  return all;
}

bool ConfigWatch::drain_events() {
  alignas(inotify_event) std::array<char, 16 * 1024> buffer;
  bool relevant = false;
  for (;;) {
    const ssize_t n = ::read(inotify_fd_, buffer.data(), buffer.size());
    if (n <= 0) break;  // EAGAIN: read them all
    for (ssize_t at = 0; at < n;) {
      const auto* event = reinterpret_cast<const inotify_event*>(buffer.data() + at);
      at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
      if (event->mask & IN_IGNORED) {
        std::lock_guard lock(mutex_);
        watches_.erase(event->wd);  // the directory is gone; arm() finds its successor
      }
      relevant = true;
    }
  }
  return relevant;
}

void ConfigWatch::run() {
  // Of the changes not yet looked at: the first one's time, and when to look (kNever: none).
  Clock::time_point first_change = kNever;
  Clock::time_point check_at = kNever;
  for (;;) {
    std::array<pollfd, 2> fds{pollfd{wake_fd_, POLLIN, 0}, pollfd{inotify_fd_, POLLIN, 0}};
    const Clock::time_point deadline =
        armed_all_ ? check_at : std::min(check_at, Clock::now() + kRetryArm);
    int timeout_ms = -1;
    if (deadline != kNever) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      timeout_ms = static_cast<int>(std::max<std::int64_t>(0, left.count()));
    }
    const int ready = ::poll(fds.data(), inotify_fd_ >= 0 ? 2 : 1, timeout_ms);
    if (ready < 0 && errno != EINTR) {
      spdlog::error("config watch: poll: {}; files are no longer watched", std::strerror(errno));
      std::lock_guard lock(mutex_);
      files_applied_ = std::numeric_limits<std::uint64_t>::max();  // nobody waits for it now
      applied_.notify_all();
      return;
    }

    Request request;
    std::uint64_t files_ticket = 0;
    if (fds[0].revents & POLLIN) {
      std::uint64_t count = 0;
      [[maybe_unused]] auto n = ::read(wake_fd_, &count, sizeof count);
      std::lock_guard lock(mutex_);
      request = std::exchange(request_, Request{});
      files_ticket = files_requested_;
    }
    if (request.stop) return;
    if (request.files) {
      apply(std::move(*request.files), request.debounce);
      std::lock_guard lock(mutex_);
      files_applied_ = files_ticket;
      applied_.notify_all();
    }
    if (inotify_fd_ >= 0 && (fds[1].revents & POLLIN) && drain_events() && !files_.empty()) {
      const auto now = Clock::now();
      if (first_change == kNever) first_change = now;
      check_at = std::min(now + debounce_, first_change + debounce_ * kMaxDebounces);
    }
    if (request.reload) {
      baseline_ = fingerprint();
      reload_and_watch();
      continue;
    }
    const bool checking = check_at != kNever && Clock::now() >= check_at;
    if (!checking && armed_all_) continue;
    if (checking) {
      check_at = kNever;
      first_change = kNever;
    }
    // A swap may have moved a file to a new directory, or made a missing one appear.
    armed_all_ = arm();
    Fingerprint now = fingerprint();
    if (now == baseline_) continue;
    baseline_ = std::move(now);  // a file that fails to load is not tried again until it changes
    spdlog::info("config watch: a watched file changed, reloading");
    reload_and_watch();
  }
}

void ConfigWatch::reload_and_watch() {
  std::optional<Watched> next = reload_();
  if (next) apply(std::move(next->files), next->debounce);
}

}  // namespace groundgate::proxy::server
