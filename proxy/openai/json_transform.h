#pragma once
// The non-streaming path: a whole chat.completion or text_completion response through a
// FilterChain. Each choice's text goes through on_delta then on_choice_end; the result is spliced
// back with every other byte as the upstream sent it.

#include <string>
#include <string_view>

#include "filters/stream/filter_chain.h"
#include "proxy/openai/status.h"

namespace groundgate::proxy::openai {

struct JsonTransformResult {
  std::string body;      // what the client gets
  bool changed = false;  // false: `body` is the upstream's bytes, untouched
  bool stopped = false;  // a filter stopped: stopped choices end with "content_filter"
  Status status;         // not ok: the response did not decode and was left as it was
};

// `chain` null or empty: the body is returned unchanged.
JsonTransformResult transform_completion_json(std::string_view body,
                                              filters::stream::FilterChain* chain);

}  // namespace groundgate::proxy::openai
