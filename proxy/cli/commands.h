#pragma once
// The subcommands of the `groundgate` binary. Each returns the process exit code.

namespace groundgate::proxy::cli {

int serve_command(int argc, char** argv, int first);
int validate_command(int argc, char** argv, int first);
int mock_upstream_command(int argc, char** argv, int first);
int demo_command(int argc, char** argv, int first);
int triplets_command(int argc, char** argv, int first);
int check_command(int argc, char** argv, int first);
int eval_command(int argc, char** argv, int first);
int sqlcheck_command(int argc, char** argv, int first);
int train_command(int argc, char** argv, int first);
int pairs_command(int argc, char** argv, int first);

}  // namespace groundgate::proxy::cli
