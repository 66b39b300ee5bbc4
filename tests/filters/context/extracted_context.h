#pragma once
// The context a request carries, as the context tests read it.

#include <string>
#include <string_view>
#include <vector>

#include "filters/context/context_extractor.h"
#include "tests/support/request_view.h"

namespace groundgate::filters::context::testing {

// The context of a request body (decoded as the proxy decodes a guarded request).
inline ExtractedContext extracted(std::string_view body, const ContextOptions& options = {}) {
  return extract_context(groundgate::testing::view_of(body), options);
}

// The passages' texts, in order.
inline std::vector<std::string> texts(const ExtractedContext& c) {
  std::vector<std::string> out;
  for (const Passage& p : c.passages)
    out.push_back(p.text);
  return out;
}

}  // namespace groundgate::filters::context::testing
