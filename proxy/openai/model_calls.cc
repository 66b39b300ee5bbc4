#include "proxy/openai/model_calls.h"

#include "proxy/openai/model_answer_reader.h"
#include "proxy/openai/request_inspector.h"
#include "proxy/openai/request_writer.h"

namespace groundgate::proxy::openai {

filters::model::RequestBody ApiModelCalls::ask_again(std::string_view question,
                                                     std::string_view variant) const {
  return question_variant(api_, forwarded_, layout_, question, variant);
}

std::string ApiModelCalls::ask(std::string_view model, std::string_view instructions,
                               std::string_view prompt,
                               const filters::model::AskOptions& options) const {
  return own_request(api_, model, instructions, prompt, options);
}

std::optional<filters::model::ModelAnswer> ApiModelCalls::read_answer(std::string_view body,
                                                                      std::string& error) const {
  return api_ == EndpointKind::kResponses ? responses_answer(body, error)
                                          : chat_answer(body, error);
}

std::shared_ptr<const filters::model::ModelCalls> ApiModelCalls::for_path(
    std::string_view path) const {
  // Only the proxy's own requests go there: nothing of the stream's request to ask again.
  const EndpointKind kind = RequestInspector::kind_of(path) == EndpointKind::kResponses
                                ? EndpointKind::kResponses
                                : EndpointKind::kChatCompletions;
  return std::make_shared<const ApiModelCalls>(kind, std::string(), RequestLayout{});
}

std::shared_ptr<const filters::model::ModelCalls> model_calls(EndpointKind kind,
                                                              std::string forwarded,
                                                              RequestLayout layout) {
  if (kind != EndpointKind::kChatCompletions && kind != EndpointKind::kResponses) return nullptr;
  return std::make_shared<const ApiModelCalls>(kind, std::move(forwarded), std::move(layout));
}

}  // namespace groundgate::proxy::openai
