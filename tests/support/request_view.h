#pragma once
// A request body as the filters see it: decoded by the proxy's request decoder, as a guarded
// request is (proxy/openai/request_decoder.h), the shape told by its members.

#include <memory>
#include <string>
#include <string_view>

#include "filters/model/model_calls.h"
#include "filters/request/request_view.h"
#include "proxy/openai/model_calls.h"
#include "proxy/openai/request_decoder.h"

namespace groundgate::testing {

inline filters::request::RequestView view_of(
    std::string_view body, proxy::openai::EndpointKind kind = proxy::openai::EndpointKind::kOther) {
  return proxy::openai::decode_request(body, kind).view;
}

// The model calls of a stream whose request went upstream as `body`, to endpoint `kind`.
inline std::shared_ptr<const filters::model::ModelCalls> model_calls_for(
    std::string_view body,
    proxy::openai::EndpointKind kind = proxy::openai::EndpointKind::kChatCompletions) {
  return proxy::openai::model_calls(kind, std::string(body),
                                    proxy::openai::decode_request(body, kind).layout);
}

}  // namespace groundgate::testing
