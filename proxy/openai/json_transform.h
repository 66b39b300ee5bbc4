#pragma once
// The non-streaming path: a whole chat.completion or text_completion response through a
// FilterChain. Each choice's text goes through on_delta then on_choice_end; the result is spliced
// back with every other byte as the upstream sent it.

#include <string>
#include <string_view>
#include <vector>

#include "filters/stream/filter_chain.h"
#include "proxy/openai/status.h"

namespace groundgate::proxy::openai {

struct JsonTransformResult {
  std::string body;      // what the client gets
  bool changed = false;  // false: `body` is the upstream's bytes, untouched
  bool stopped = false;  // a filter stopped: stopped choices end with "content_filter"
  // The answer could not be read and the filters stop what they cannot check: no byte of the
  // body may go (it cannot be cut to a checked prefix); the caller answers with an error.
  bool refused = false;
  std::vector<std::string> annotations;  // with `refused`: what the filters said, for the error
  Status status;                         // not ok: the response did not decode
};

// `chain` null or empty: the body is returned unchanged. A body whose answer text cannot be
// read (it does not decode, or has both `error` and `choices`) is unverified: the chain decides
// (FilterChain::on_unverified) whether it goes as it is, annotated if it can be, or is refused.
// A body whose answer the chain cannot see (`result.body`, the upstream's): the chain decides
// (FilterChain::on_unverified, `reason` saying why) whether it goes as it is, annotated if it
// can be, or is refused.
JsonTransformResult unverified_body(filters::stream::FilterChain& chain, std::string_view reason,
                                    JsonTransformResult result);

JsonTransformResult transform_completion_json(std::string_view body,
                                              filters::stream::FilterChain* chain);

}  // namespace groundgate::proxy::openai
