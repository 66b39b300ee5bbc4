#include "proxy/cli/malloc_tuning.h"

#include <cstdlib>  // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace groundgate::proxy::cli {

bool tune_malloc() {
#if defined(__GLIBC__)
  // Setting either one turns off glibc's adaptive thresholds: both are set.
  const bool mmap_ok = mallopt(M_MMAP_THRESHOLD, kMmapThreshold) == 1;
  const bool trim_ok = mallopt(M_TRIM_THRESHOLD, kTrimThreshold) == 1;
  return mmap_ok && trim_ok;
#else
  return false;
#endif
}

}  // namespace groundgate::proxy::cli
