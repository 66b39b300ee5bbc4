// groundgate: a streaming grounding guard for OpenAI-compatible APIs.
#include <array>
#include <cstdio>
#include <string_view>

#include "offline/commands.h"
#include "proxy/cli/commands.h"
#include "proxy/cli/malloc_tuning.h"

namespace {

namespace cli = groundgate::proxy::cli;
namespace offline = groundgate::offline;

// One subcommand: its name, what it does (one line for the list), its usage (the whole text
// `groundgate help NAME` and `NAME --help` print) and its entry point.
struct Command {
  std::string_view name;
  std::string_view summary;
  std::string_view (*usage)();
  int (*run)(int argc, char** argv, int first);
};

constexpr std::array kCommands = {
    Command{"serve", "run the proxy (the default command)", cli::serve_usage, cli::serve_command},
    Command{"validate", "check a config; print every error with its location", cli::validate_usage,
            cli::validate_command},
    Command{"demo", "the mock upstream and the proxy in one process, built-in config",
            cli::demo_usage, cli::demo_command},
    Command{"mock-upstream", "an OpenAI-compatible mock endpoint", cli::mock_upstream_usage,
            cli::mock_upstream_command},
    Command{"check", "verify one answer against context files; JSON verdicts on stdout",
            offline::check_usage, offline::check_command},
    Command{"eval", "score the verifiers on labelled samples, as a policy would",
            offline::eval_usage, offline::eval_command},
    Command{"train", "train the scorer on labelled samples; prints its cross-validation",
            offline::train_usage, offline::train_command},
    Command{"pairs", "minimal pairs from the contexts (one value or the verb's polarity changed)",
            offline::pairs_usage, offline::pairs_command},
    Command{"sqlcheck", "check generated SQL against a schema; JSON findings on stdout",
            offline::sqlcheck_usage, offline::sqlcheck_command},
    Command{"splcheck", "check a generated Splunk search against the prompt's metadata",
            offline::splcheck_usage, offline::splcheck_command},
    Command{"triplets", "print the (subject, relation, object) triplets of a text",
            offline::triplets_usage, offline::triplets_command},
};

const Command* find_command(std::string_view name) {
  for (const Command& command : kCommands) {
    if (command.name == name) return &command;
  }
  return nullptr;
}

void print_overview(std::FILE* to) {
  std::fputs("usage: groundgate [COMMAND] [OPTIONS]\n\ncommands:\n", to);
  for (const Command& command : kCommands) {
    std::fprintf(to, "  %-16.*s %.*s\n", static_cast<int>(command.name.size()), command.name.data(),
                 static_cast<int>(command.summary.size()), command.summary.data());
  }
  std::fputs("  help [COMMAND]   this list, or a command's usage (also: COMMAND --help)\n", to);
}

bool is_help(std::string_view arg) {
  return arg == "--help" || arg == "-h";
}

int print_usage(const Command& command) {
  std::fputs(command.usage().data(), stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  cli::tune_malloc();  // before any allocation of note; a refusal only costs speed
  std::string_view name = argc > 1 ? argv[1] : "serve";
  int first = 2;
  if (is_help(name) || (name == "help" && argc == 2)) {
    print_overview(stdout);
    return 0;
  }
  if (name == "help") {
    const Command* command = find_command(argv[2]);
    if (command == nullptr) {
      std::fprintf(stderr, "groundgate: unknown command '%s'\n", argv[2]);
      print_overview(stderr);
      return 2;
    }
    return print_usage(*command);
  }
  if (name.starts_with("-")) {  // options only: `groundgate -c FILE` means serve
    name = "serve";
    first = 1;
  }
  const Command* command = find_command(name);
  if (command == nullptr) {
    std::fprintf(stderr, "groundgate: unknown command '%.*s'\n", static_cast<int>(name.size()),
                 name.data());
    print_overview(stderr);
    return 2;
  }
  for (int i = first; i < argc; ++i) {
    if (is_help(argv[i])) return print_usage(*command);
  }
  return command->run(argc, argv, first);
}
