// groundgate: a streaming grounding guard for OpenAI-compatible APIs.
#include <cstdio>
#include <string_view>

#include "proxy/cli/commands.h"
#include "proxy/cli/malloc_tuning.h"

namespace {

constexpr std::string_view kUsage = R"(usage: groundgate [COMMAND] [OPTIONS]

commands:
  serve -c FILE            run the proxy (the default command)
  validate -c FILE         check a config; print every error with its location
  mock-upstream --listen HOST:PORT [--script FILE] [--tokens-per-second N] [--stamp]
                           an OpenAI-compatible mock endpoint
  demo                     the mock upstream and the proxy in one process, built-in config
  check --context FILE [--context FILE...] --answer FILE [--question TEXT]
                           verify one answer against context files; JSON verdicts on stdout
  eval DATA.jsonl [--out PRED.jsonl] [--verifiers LIST] [--scorer builtin|off|FILE]
                           score the verifiers on labelled samples, as a policy would
  train DATA.jsonl... [--out MODEL.json]
                           train the scorer on labelled samples; prints its cross-validation
  pairs DATA.jsonl... [--out PAIRS.jsonl] [--window N] [--per-change N]
                           minimal pairs from the contexts (a copied sentence, one value or
                           its verb's polarity changed), as samples for `eval`
  sqlcheck --schema FILE [--database FILE] [--question TEXT] QUERY_FILE|-
                           check generated SQL against a schema; JSON findings on stdout
  triplets FILE|- [--table] [--rules-only]
                           print the (subject, relation, object) triplets of a text
  help                     this text
)";

}  // namespace

int main(int argc, char** argv) {
  using namespace groundgate::proxy::cli;
  tune_malloc();  // before any allocation of note; a refusal only costs speed
  std::string_view command = argc > 1 ? argv[1] : "serve";
  int first = 2;
  if (command.starts_with("-")) {  // options only: `groundgate -c FILE` means serve
    command = "serve";
    first = 1;
  }
  if (command == "serve") return serve_command(argc, argv, first);
  if (command == "validate") return validate_command(argc, argv, first);
  if (command == "mock-upstream") return mock_upstream_command(argc, argv, first);
  if (command == "demo") return demo_command(argc, argv, first);
  if (command == "triplets") return triplets_command(argc, argv, first);
  if (command == "check") return check_command(argc, argv, first);
  if (command == "eval") return eval_command(argc, argv, first);
  if (command == "sqlcheck") return sqlcheck_command(argc, argv, first);
  if (command == "train") return train_command(argc, argv, first);
  if (command == "pairs") return pairs_command(argc, argv, first);
  if (command == "help" || command == "--help" || command == "-h") {
    std::fputs(kUsage.data(), stdout);
    return 0;
  }
  std::fprintf(stderr, "groundgate: unknown command '%.*s'\n%s", static_cast<int>(command.size()),
               command.data(), kUsage.data());
  return 2;
}
