#pragma once
// The model calls of the metamorphic check, as bytes: the app's own request with the user's
// question rewritten (so the model sees the same instructions, schema and tools), in the shape
// of the API the app used. One function per shape; variant_request picks by `api`. The answers
// are read in answer_query.h.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "filters/model/model_api.h"

namespace groundgate::filters::sql {

// The API of the app's request: its variants are requests of the same API.
// A variant request, or why there is none: a machine-readable reason (the summary's skip
// reasons) -- "request_unreadable" (not a JSON object, or no `messages` / `input`),
// "question_not_in_request" (no user message holds the question), "request_in_conversation"
// (a Responses request adding to a stored conversation: a variant would be added to it too).
struct VariantRequest {
  std::optional<std::string> body;
  std::string_view skip_reason;
};

// Chat completions: `body` (the request as forwarded upstream) with `question` replaced by
// `variant` in its last user message (string content or its first text part holding it), not
// streamed, one choice.
VariantRequest chat_variant_request(std::string_view body, std::string_view question,
                                    std::string_view variant);

// Responses API: `body` with `question` replaced by `variant` in `input` (a string, or the
// last user message among its items), not streamed, not stored, not in the background.
VariantRequest responses_variant_request(std::string_view body, std::string_view question,
                                         std::string_view variant);

VariantRequest variant_request(model::Api api, std::string_view body, std::string_view question,
                               std::string_view variant);

}  // namespace groundgate::filters::sql
