#pragma once

#include <string_view>

#include "filters/context/context_options.h"
#include "filters/context/extracted_context.h"

namespace groundgate::filters::context {

// Finds the retrieved context in a chat completions, legacy completions or Responses API
// request body per the route's options (the body's members tell the shape). Never throws and
// never fails: a body that is not JSON yields no passages and a warning, and the original body
// is forwarded unchanged.
ExtractedContext extract_context(std::string_view request_body, const ContextOptions& options);

}  // namespace groundgate::filters::context
