// The micro benchmarks' main: the process is set up as `groundgate` sets up its own (malloc
// settings), so that the code is measured as it runs in the product.
#include <benchmark/benchmark.h>

#include "proxy/cli/malloc_tuning.h"

int main(int argc, char** argv) {
  groundgate::proxy::cli::tune_malloc();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
