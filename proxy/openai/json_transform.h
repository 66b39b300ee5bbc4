#pragma once
// The non-streaming path: a whole chat.completion or text_completion response through a
// FilterChain. Each choice's text goes through on_delta then on_choice_end; the result is spliced
// back with every other byte as the upstream sent it.
//
// In three steps, so that the filters' side requests (stream_filter.h) are answered before a
// byte goes: start() reads the body and runs its answer through the chain; while waiting(), the
// caller sends the chain's side requests (FilterChain::take_side_requests) and hands each
// batch's answers to answer(); finish() writes the body. A caller that serves no side requests
// calls start() then finish() (transform_completion_json does).

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/stream/filter_chain.h"
#include "proxy/openai/status.h"
#include "proxy/openai/whole_answer.h"

namespace groundgate::proxy::openai {

struct JsonTransformResult {
  std::string body;      // what the client gets
  bool changed = false;  // false: `body` is the upstream's bytes, untouched
  bool stopped = false;  // a filter stopped: stopped choices end with "content_filter"
  // The answer could not be read and the filters stop what they cannot check: no byte of the
  // body may go (it cannot be cut to a checked prefix); the caller answers with an error.
  bool refused = false;
  // With `stopped` or `refused`: what the filters said (verdicts, the stop, the summary), for
  // an error the caller may answer in place of the body.
  std::vector<std::string> annotations;
  Status status;  // not ok: the response did not decode
};

// A body whose answer the chain cannot see (`result.body`, the upstream's): the chain decides
// (FilterChain::on_unverified, `reason` saying why) whether it goes as it is, annotated if it
// can be, or is refused.
JsonTransformResult unverified_body(filters::stream::FilterChain& chain, std::string_view reason,
                                    JsonTransformResult result);

// One whole response's transform (see above). `body` must outlive it. With `chain` null or
// empty, the body goes unchanged.
class JsonTransform {
 public:
  virtual ~JsonTransform() = default;
  JsonTransform(const JsonTransform&) = delete;
  JsonTransform& operator=(const JsonTransform&) = delete;

  void start();
  bool waiting() const { return answer_ && answer_->waiting(); }
  void answer(std::size_t filter, std::vector<filters::stream::SideAnswer> answers);
  JsonTransformResult finish();

 protected:
  JsonTransform(std::string_view body, filters::stream::FilterChain* chain)
      : body_(body), chain_(chain) {}
  // Decodes the body and feeds `answer` its choices; or the result, when the body's answer
  // cannot go through the chain (it does not decode, it is an error).
  virtual std::optional<JsonTransformResult> feed(WholeAnswer& answer) = 0;
  // The body from what the choices became (`answer` is closed).
  virtual JsonTransformResult write(WholeAnswer& answer) = 0;
  // The upstream's bytes, unchanged.
  JsonTransformResult unchanged() const;
  // A body that does not decode (`status` says why): unverified, the chain decides.
  JsonTransformResult undecodable(Status status) const;

  std::string_view body_;
  filters::stream::FilterChain* chain_;

 private:
  std::optional<WholeAnswer> answer_;
  std::optional<JsonTransformResult> decided_;  // by feed(), or for a chain with no filters
};

// A chat.completion or text_completion body.
std::unique_ptr<JsonTransform> completion_json_transform(std::string_view body,
                                                         filters::stream::FilterChain* chain);
// start() and finish(): for a chain whose filters are not served side requests.
JsonTransformResult transform_completion_json(std::string_view body,
                                              filters::stream::FilterChain* chain);

}  // namespace groundgate::proxy::openai
