#pragma once
// The offline subcommands of the `groundgate` binary: evaluation, scorer training and the
// one-shot checks. Each returns the process exit code. They are linked into the binary only,
// never into the server's libraries.

#include <string_view>

#include "proxy/cli/args.h"

namespace groundgate::offline {

using proxy::cli::Args;

// Each command's usage text, as `groundgate help NAME` and `NAME --help` print it.
std::string_view triplets_usage();
std::string_view check_usage();
std::string_view eval_usage();
std::string_view sqlcheck_usage();
std::string_view splcheck_usage();
std::string_view train_usage();
std::string_view pairs_usage();

int triplets_command(int argc, char** argv, int first);
int check_command(int argc, char** argv, int first);
int eval_command(int argc, char** argv, int first);
int sqlcheck_command(int argc, char** argv, int first);
int splcheck_command(int argc, char** argv, int first);
int train_command(int argc, char** argv, int first);
int pairs_command(int argc, char** argv, int first);

}  // namespace groundgate::offline
