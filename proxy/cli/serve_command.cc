#include <cstdio>

#include "config/config_loader.h"
#include "proxy/cli/args.h"
#include "proxy/cli/commands.h"
#include "proxy/cli/proxy_runner.h"

namespace groundgate::proxy::cli {

namespace {

// Loads and prints every error; null when there were any.
std::shared_ptr<const config::Config> load_or_report(const std::string& path) {
  auto loaded = config::load_config_file(path);
  for (const auto& error : loaded.errors)
    std::fprintf(stderr, "%s\n", error.to_string().c_str());
  return loaded.config;
}

constexpr std::string_view kServeUsage =
    "usage: groundgate serve -c FILE\n"
    "  runs the proxy with the config FILE (also the command when none is given: groundgate -c\n"
    "  FILE); reloads it when it changes or on SIGHUP; SIGTERM stops accepting and drains the\n"
    "  streams in flight\n";
constexpr std::string_view kValidateUsage =
    "usage: groundgate validate -c FILE\n"
    "  checks the config FILE as serve would load it; prints every error as file:line:col,\n"
    "  exit 1 when there is one\n";

std::optional<std::string> config_path(const Args& args) {
  if (auto c = args.value("c")) return c;
  return args.value("config");
}

}  // namespace

std::string_view serve_usage() {
  return kServeUsage;
}

std::string_view validate_usage() {
  return kValidateUsage;
}

int serve_command(int argc, char** argv, int first) {
  Args args(argc, argv, first, {});
  auto path = config_path(args);
  if (!args.error().empty() || !path) {
    std::fputs(kServeUsage.data(), stderr);
    return 2;
  }
  auto config = load_or_report(*path);
  if (!config) return 1;
  return run_proxy(std::move(config), *path);
}

int validate_command(int argc, char** argv, int first) {
  Args args(argc, argv, first, {});
  auto path = config_path(args);
  if (!args.error().empty() || !path) {
    std::fputs(kValidateUsage.data(), stderr);
    return 2;
  }
  auto config = load_or_report(*path);
  if (!config) return 1;
  std::printf("%s: ok (%zu upstreams, %zu routes, %zu policies)\n", path->c_str(),
              config->upstreams.size(), config->routes.size(), config->policies.size());
  return 0;
}

}  // namespace groundgate::proxy::cli
