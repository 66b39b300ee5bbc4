#pragma once
// The offline subcommands of the `groundgate` binary: evaluation, scorer training and the
// one-shot checks. Each returns the process exit code. They are linked into the binary only,
// never into the server's libraries.

#include "proxy/cli/args.h"

namespace groundgate::offline {

using proxy::cli::Args;

int triplets_command(int argc, char** argv, int first);
int check_command(int argc, char** argv, int first);
int eval_command(int argc, char** argv, int first);
int sqlcheck_command(int argc, char** argv, int first);
int splcheck_command(int argc, char** argv, int first);
int train_command(int argc, char** argv, int first);

}  // namespace groundgate::offline
