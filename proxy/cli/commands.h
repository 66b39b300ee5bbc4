#pragma once
// The proxy's subcommands of the `groundgate` binary (the offline ones: offline/commands.h).
// Each returns the process exit code.

namespace groundgate::proxy::cli {

int serve_command(int argc, char** argv, int first);
int validate_command(int argc, char** argv, int first);
int mock_upstream_command(int argc, char** argv, int first);
int demo_command(int argc, char** argv, int first);

}  // namespace groundgate::proxy::cli
