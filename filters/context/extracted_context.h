#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "filters/context/passage.h"

namespace groundgate::filters::context {

struct ExtractedContext {
  // The request could be read; false: nothing in it could be (no passages, and no telling
  // whether it held any).
  bool readable = false;
  std::vector<Passage> passages;
  bool truncated = false;  // more context than max_bytes; the rest was dropped
  std::size_t bytes = 0;   // total bytes of passage text kept
  std::string question;    // last user message (its tagged blocks removed when they are context)
  std::vector<std::string> warnings;
  // Parts of the request that may hold context but could not be read (a file, an image, an
  // item stored upstream): the context is incomplete, so a sentence it does not support is
  // unverified rather than unsupported. A few descriptions, for the summary and the log.
  std::vector<std::string> unreadable;
};

}  // namespace groundgate::filters::context
