#include "tests/proxy/cli/child_process.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

extern char** environ;

namespace groundgate::testing {
namespace {

std::vector<char*> argv_of(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(GG_GROUNDGATE_BIN));
  for (const std::string& a : args)
    argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  return argv;
}

// Spawns the binary with stdout and stderr sent to the given files.
pid_t spawn_to_files(const std::vector<std::string>& args, const std::string& out_path,
                     const std::string& err_path) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  std::vector<char*> argv = argv_of(args);
  pid_t pid = -1;
  if (posix_spawn(&pid, GG_GROUNDGATE_BIN, &actions, nullptr, argv.data(), environ) != 0) pid = -1;
  posix_spawn_file_actions_destroy(&actions);
  return pid;
}

int exit_code_of(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::string make_temp_dir() {
  std::string pattern = "/tmp/gg-cli-test-XXXXXX";
  if (mkdtemp(pattern.data()) == nullptr) return "/tmp";
  return pattern;
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

CommandResult run_groundgate(const std::vector<std::string>& args) {
  const std::string dir = make_temp_dir();
  CommandResult result;
  const pid_t pid = spawn_to_files(args, dir + "/out", dir + "/err");
  if (pid <= 0) return result;
  int status = 0;
  if (waitpid(pid, &status, 0) == pid) result.exit_code = exit_code_of(status);
  result.out = read_file(dir + "/out");
  result.err = read_file(dir + "/err");
  std::remove((dir + "/out").c_str());
  std::remove((dir + "/err").c_str());
  rmdir(dir.c_str());
  return result;
}

ChildProcess::ChildProcess(const std::vector<std::string>& args) {
  const std::string dir = make_temp_dir();
  log_path_ = dir + "/output";
  pid_ = spawn_to_files(args, log_path_, log_path_ + ".err");
}

ChildProcess::~ChildProcess() {
  if (pid_ > 0 && !exit_code_) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
  }
}

void ChildProcess::signal(int signal_number) const {
  if (pid_ > 0 && !exit_code_) ::kill(pid_, signal_number);
}

std::optional<int> ChildProcess::wait_for_exit(std::chrono::milliseconds timeout) {
  if (exit_code_ || pid_ <= 0) return exit_code_;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  do {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      exit_code_ = exit_code_of(status);
      return exit_code_;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  } while (std::chrono::steady_clock::now() < deadline);
  return std::nullopt;
}

std::string ChildProcess::output() const {
  return read_file(log_path_) + read_file(log_path_ + ".err");
}

std::uint16_t free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  std::uint16_t port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    port = ntohs(address.sin_port);
  }
  ::close(fd);
  return port;
}

}  // namespace groundgate::testing
