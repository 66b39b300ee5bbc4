#pragma once

#include "filters/context/context_options.h"
#include "filters/context/extracted_context.h"
#include "filters/request/request_view.h"

namespace groundgate::filters::context {

// The retrieved context of a request, per the route's options: tool results, the extension
// fields, tagged blocks in the app's messages (in the user's too with `user_messages`), the
// system message and the question when asked for. Never fails: an unreadable request yields no
// passages and says why.
ExtractedContext extract_context(const request::RequestView& request,
                                 const ContextOptions& options);

}  // namespace groundgate::filters::context
