#pragma once
// The filters' model calls (filters/model/model_calls.h) for a stream of one API: requests
// written by the request writer from the request as it went upstream, answers read as that
// API's responses.

#include <memory>
#include <string>

#include "filters/model/model_calls.h"
#include "proxy/openai/endpoint_kind.h"
#include "proxy/openai/request_decoder.h"

namespace groundgate::proxy::openai {

class ApiModelCalls final : public filters::model::ModelCalls {
 public:
  // `forwarded`: the request's body as it went upstream, `layout` its layout.
  ApiModelCalls(EndpointKind api, std::string forwarded, RequestLayout layout)
      : api_(api), forwarded_(std::move(forwarded)), layout_(std::move(layout)) {}

  filters::model::RequestBody ask_again(std::string_view question,
                                        std::string_view variant) const override;
  std::string ask(std::string_view model, std::string_view instructions, std::string_view prompt,
                  const filters::model::AskOptions& options) const override;
  std::optional<filters::model::ModelAnswer> read_answer(std::string_view body,
                                                         std::string& error) const override;
  // Responses for a path ending in /responses, else chat completions (a model server's own
  // path).
  std::shared_ptr<const filters::model::ModelCalls> for_path(std::string_view path) const override;

 private:
  EndpointKind api_;
  std::string forwarded_;
  RequestLayout layout_;
};

// The model calls of a stream of `kind`, or null when the proxy sends no side requests on that
// endpoint (legacy completions: no API to ask a question of its own in).
std::shared_ptr<const filters::model::ModelCalls> model_calls(EndpointKind kind,
                                                              std::string forwarded,
                                                              RequestLayout layout);

}  // namespace groundgate::proxy::openai
