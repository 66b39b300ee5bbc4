#pragma once
// How a filter asks the stream's model (side requests, stream/stream_filter.h): the bodies of
// its requests and the reading of its answers, in the shape of the API the app used. The proxy
// writes and reads them (proxy/openai), so the filters never know a shape, and a new API shape
// is the proxy's alone.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "filters/model/model_answer.h"

namespace groundgate::filters::model {

// A request body, or why there is none: a machine-readable reason (the summary's skip
// reasons): "request_unreadable" (no conversation to rewrite), "question_not_in_request" (the
// last user message does not hold the question), "request_in_conversation" (a Responses
// request adding to a stored conversation: a variant would be added to it too).
struct RequestBody {
  std::optional<std::string> body;
  std::string_view skip_reason;
};

// How a request of the proxy's own is sampled.
struct AskOptions {
  double temperature = 0;
  std::uint32_t max_tokens = 0;  // the answer's bound; 0: the endpoint's own
};

class ModelCalls {
 public:
  virtual ~ModelCalls() = default;
  // The app's own request as it went upstream, with `question` replaced by `variant` in its
  // last user message (so that the model sees the same instructions, schema and tools): not
  // streamed, one answer, not stored with the provider.
  virtual RequestBody ask_again(std::string_view question, std::string_view variant) const = 0;
  // A request of the proxy's own to `model`: `instructions` as the system's, `prompt` as the
  // user's; not streamed, not stored, sampled as `options` say.
  virtual std::string ask(std::string_view model, std::string_view instructions,
                          std::string_view prompt, const AskOptions& options) const = 0;
  // What a successful (200) answer says; nullopt and `error` when the body is not such an
  // answer, or the response failed.
  virtual std::optional<ModelAnswer> read_answer(std::string_view body,
                                                 std::string& error) const = 0;
  // The calls of another endpoint of the family (a judge on a path of its own): a path that
  // ends in /responses speaks the Responses API, any other chat completions. Null when the
  // proxy cannot speak to it.
  virtual std::shared_ptr<const ModelCalls> for_path(std::string_view path) const = 0;
};

}  // namespace groundgate::filters::model
