#pragma once
// The proxy's subcommands of the `groundgate` binary (the offline ones: offline/commands.h).
// Each returns the process exit code.

#include <string_view>

namespace groundgate::proxy::cli {

// Each command's usage text, as `groundgate help NAME` and `NAME --help` print it.
std::string_view serve_usage();
std::string_view validate_usage();
std::string_view mock_upstream_usage();
std::string_view demo_usage();

int serve_command(int argc, char** argv, int first);
int validate_command(int argc, char** argv, int first);
int mock_upstream_command(int argc, char** argv, int first);
int demo_command(int argc, char** argv, int first);

}  // namespace groundgate::proxy::cli
