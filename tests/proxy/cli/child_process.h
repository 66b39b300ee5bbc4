#pragma once
// The groundgate binary run as a child process, for tests of its commands and signals.

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace groundgate::testing {

struct CommandResult {
  int exit_code = -1;  // -1: did not exit normally (killed by a signal)
  std::string out;
  std::string err;
};

// Runs `groundgate args...` to completion and returns its exit code and output.
CommandResult run_groundgate(const std::vector<std::string>& args);

// A long-running `groundgate args...`; output goes to a file (`output()` reads it).
// Killed and reaped on destruction if still running.
class ChildProcess {
 public:
  explicit ChildProcess(const std::vector<std::string>& args);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  bool started() const { return pid_ > 0; }
  void signal(int signal_number) const;
  // The exit code once the process has exited within `timeout` (-1: killed by a signal);
  // nullopt if it is still running.
  std::optional<int> wait_for_exit(std::chrono::milliseconds timeout);
  std::string output() const;

 private:
  pid_t pid_ = -1;
  std::string log_path_;
  std::optional<int> exit_code_;
};

// A TCP port on 127.0.0.1 that was free a moment ago.
std::uint16_t free_port();

// A fresh temporary directory (removed by the caller's test fixture if it wants).
std::string make_temp_dir();
void write_file(const std::string& path, const std::string& text);

}  // namespace groundgate::testing
