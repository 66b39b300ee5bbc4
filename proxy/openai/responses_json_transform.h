#pragma once
// The non-streaming path of the Responses API: a whole response object through a FilterChain.
// Output items are taken in order, as the stream adapter numbers them: each output_text part is
// a choice (its text through on_delta then on_choice_end), each function_call item a choice with
// one tool call, and file_search_call results are context for what follows them. Unchanged, every
// other byte stays as the upstream sent it. A stop ends the response the way OpenAI ends a
// filtered one: the stopped part keeps its verified prefix, later parts and function calls are
// dropped, `status: "incomplete"`, `incomplete_details: {"reason": "content_filter"}`.
// In steps, with the filters' side requests answered between them: json_transform.h.

#include <memory>
#include <string_view>

#include "filters/stream/filter_chain.h"
#include "proxy/openai/json_transform.h"

namespace groundgate::proxy::openai {

// `chain` null or empty: the body is returned unchanged.
std::unique_ptr<JsonTransform> responses_json_transform(std::string_view body,
                                                        filters::stream::FilterChain* chain);
// start() and finish(): for a chain whose filters are not served side requests.
JsonTransformResult transform_responses_json(std::string_view body,
                                             filters::stream::FilterChain* chain);

}  // namespace groundgate::proxy::openai
