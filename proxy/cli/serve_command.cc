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

std::optional<std::string> config_path(const Args& args) {
  if (auto c = args.value("c")) return c;
  return args.value("config");
}

}  // namespace

int serve_command(int argc, char** argv, int first) {
  Args args(argc, argv, first, {});
  auto path = config_path(args);
  if (!args.error().empty() || !path) {
    std::fprintf(stderr, "usage: groundgate serve -c FILE\n");
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
    std::fprintf(stderr, "usage: groundgate validate -c FILE\n");
    return 2;
  }
  auto config = load_or_report(*path);
  if (!config) return 1;
  std::printf("%s: ok (%zu upstreams, %zu routes, %zu policies)\n", path->c_str(),
              config->upstreams.size(), config->routes.size(), config->policies.size());
  return 0;
}

}  // namespace groundgate::proxy::cli
