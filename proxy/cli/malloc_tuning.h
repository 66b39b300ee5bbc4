#pragma once

namespace groundgate::proxy::cli {

// Sets glibc malloc for a long-running proxy, once at process start (main does it for every
// command, and the benchmarks that measure the product's code do the same).
//
// glibc's defaults return a heap's free top to the kernel as soon as it exceeds 128 KiB, and
// its adaptive mmap threshold starts at 128 KiB too. A context index of a few hundred KiB is
// built and freed per distinct context, so with the defaults every build grows the heap with
// brk, faults its pages in again (a page fault costs microseconds in a VM) and trims them on
// free: about a third of context preparation's CPU time on the development machine (see
// bench/RESULTS.md). Here a heap keeps up to kTrimThreshold of free memory for the next
// request, and blocks up to kMmapThreshold come from the heap instead of fresh mappings.
inline constexpr int kTrimThreshold = 8 << 20;  // bytes of free heap top kept per arena
inline constexpr int kMmapThreshold = 4 << 20;  // larger blocks are mapped and unmapped

// Returns false when the C library refused a setting (not glibc: a no-op that says so).
bool tune_malloc();

}  // namespace groundgate::proxy::cli
