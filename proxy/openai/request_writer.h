#pragma once
// Every request body the proxy sends that is not the client's as it came, written from the
// decoded request (request_decoder.h): the forwarded request without the members the filters
// read for themselves, a check's variant of it (the question rewritten), and the proxy's own
// requests (the judge's). Where a body is the client's, each byte not changed stays as it came.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "filters/model/model_calls.h"
#include "proxy/openai/endpoint_kind.h"
#include "proxy/openai/request_decoder.h"

namespace groundgate::proxy::openai {

// `body` without those of its top-level members that `names` names, the member, its comma and
// the whitespace after it gone; `layout` follows. Nullopt (and `layout` as it was) when it holds
// none of them or they cannot be found.
std::optional<std::string> without_members(std::string_view body,
                                           std::span<const std::string> names,
                                           RequestLayout& layout);

// `body` (the request as forwarded, `layout` its layout) asked again with `question` replaced
// by `variant` in its last user message (a string content, or the first text part that holds
// it): not streamed, one answer (chat), not stored, not in the background (Responses).
filters::model::RequestBody question_variant(EndpointKind api, std::string_view body,
                                             const RequestLayout& layout, std::string_view question,
                                             std::string_view variant);

// A request of the proxy's own to `model` with `instructions` (the system's) and `prompt` (the
// user's): not streamed, not stored (Responses), one answer (chat), at `options`' temperature
// and (when set) its token bound.
std::string own_request(EndpointKind api, std::string_view model, std::string_view instructions,
                        std::string_view prompt, const filters::model::AskOptions& options = {});

}  // namespace groundgate::proxy::openai
