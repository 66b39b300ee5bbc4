#pragma once
// Reloads the config when its file, or a file it names (TLS certificate, key, CA bundle),
// changes, and when asked to (SIGHUP): both on one thread of its own, never on an I/O thread,
// one reload at a time.
//
// Files are watched through their directories (inotify), so that a file replaced by a rename
// or behind a swapped symlink is seen: a Kubernetes ConfigMap or Secret volume holds
// `name -> ..data/name` and `..data -> ..<timestamp>/`, and the kubelet updates it by writing
// a new timestamped directory and renaming a new `..data` symlink over the old one. The
// directory of each path as written and of the file it resolves to are watched. Any event
// there starts a quiet period (the debounce); after it the files' contents are compared with
// those of the last reload, and only a difference reloads.
//
// The reload it runs returns the files to watch next, which the watch takes on its own thread:
// the reload never calls back into the watch. The watch owns its thread: stop() (and the
// destructor) joins it, a reload under way finishing first; none starts after.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace groundgate::proxy::server {

class ConfigWatch {
 public:
  using Millis = std::chrono::milliseconds;
  // What to watch: files (empty: none) and the quiet period after a change.
  struct Watched {
    std::vector<std::string> files;
    Millis debounce{0};
  };
  // Runs on the watch's thread; returns what the reloaded config reads (the files are taken
  // at once), or nullopt when the reload failed (the watch goes on as it was).
  using Reload = std::function<std::optional<Watched>()>;
  explicit ConfigWatch(Reload reload);
  ~ConfigWatch();
  ConfigWatch(const ConfigWatch&) = delete;
  ConfigWatch& operator=(const ConfigWatch&) = delete;

  // Starts the thread. Empty on success, else why files cannot be watched (reload requests
  // still work).
  std::string start();
  // Watches `files` (empty: none) from now on: taken soon, on the watch's thread. A new list's
  // contents when it is taken are its baseline.
  void watch(std::vector<std::string> files, Millis debounce);
  // Returns once the last watch() is taken: a change after this is seen. Not from a reload
  // (the watch's thread would wait for itself).
  void wait_until_watching();
  // Runs the reload on the watch's thread soon, whatever the files hold.
  void request_reload();
  // Stops the thread and waits for it (a reload under way finishes first); the destructor does
  // it too. After it, nothing runs the reload.
  void stop();

  // The directories being watched now (for logs and tests).
  std::vector<std::string> watched_directories() const;

 private:
  struct Request {
    bool stop = false;
    bool reload = false;
    std::optional<std::vector<std::string>> files;
    Millis debounce{0};
  };
  // A digest of each file's contents; nullopt where a file cannot be read.
  using Fingerprint = std::vector<std::optional<std::uint64_t>>;

  void run();
  // Runs the reload and takes the files it returns.
  void reload_and_watch();
  void wake();
  // Takes `files` on the watch's thread: arms their directories, and a new list's baseline.
  void apply(std::vector<std::string> files, Millis debounce);
  // Watches the directories the files need now, and drops watches no longer needed. False
  // when one of them could not be watched (it may appear later).
  bool arm();
  // Reads and discards pending inotify events; true when one concerned a watched directory.
  bool drain_events();
  Fingerprint fingerprint() const;

  Reload reload_;
  int inotify_fd_ = -1;
  int wake_fd_ = -1;
  std::thread thread_;

  mutable std::mutex mutex_;
  std::condition_variable applied_;     // a files request was taken
  Request request_;                     // under mutex_
  std::uint64_t files_requested_ = 0;   // under mutex_
  std::uint64_t files_applied_ = 0;     // under mutex_
  std::map<int, std::string> watches_;  // under mutex_: watch descriptor -> directory
  std::vector<std::string> files_;      // the watch thread's
  Millis debounce_{0};                  // the watch thread's
  Fingerprint baseline_;                // the watch thread's
  bool armed_all_ = true;               // the watch thread's: every directory is watched
};

}  // namespace groundgate::proxy::server
