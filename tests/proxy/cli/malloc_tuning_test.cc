#include "proxy/cli/malloc_tuning.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace groundgate::proxy::cli {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitizedMalloc = true;  // ASan replaces malloc; mallopt does not apply
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitizedMalloc = true;
#else
constexpr bool kSanitizedMalloc = false;
#endif
#else
constexpr bool kSanitizedMalloc = false;
#endif

#if defined(__GLIBC__)
TEST(MallocTuningTest, AFreedIndexSizedBlockStaysInTheHeapForTheNextBuild) {
  if (kSanitizedMalloc) GTEST_SKIP() << "malloc is the sanitizer's";
  ASSERT_TRUE(tune_malloc());
  // A block the size of a context index: from the heap, not a mapping of its own ...
  constexpr std::size_t kBlock = 1 << 20;
  const std::size_t mapped_before = mallinfo2().hblkhd;
  void* block = std::malloc(kBlock);
  ASSERT_NE(block, nullptr);
  std::memset(block, 1, kBlock);
  EXPECT_EQ(mallinfo2().hblkhd, mapped_before);
  // ... and once freed, its pages stay with the process (the arena does not shrink).
  const std::size_t arena_in_use = mallinfo2().arena;
  std::free(block);
  EXPECT_EQ(mallinfo2().arena, arena_in_use);
}
#endif

}  // namespace
}  // namespace groundgate::proxy::cli
