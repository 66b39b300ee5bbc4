#pragma once
// How the mock writes one answer in the shape of the API it was asked through: the events of a
// streamed answer, in the order the session's pacing loop calls for them, or the whole
// response. One writer per request; it may keep what it wrote (the Responses API repeats the
// text when a part ends).

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "proxy/mock/completion_writer.h"
#include "proxy/mock/response_plan.h"

namespace groundgate::proxy::mock {

class AnswerWriter {
 public:
  virtual ~AnswerWriter() = default;

  // Streaming: what comes before the first token (chat's role chunks; the Responses API's
  // lifecycle events, file search results, the opened item and part).
  virtual void start(std::string& out) = 0;
  // The next token of choice `choice` (answer text, or the tool call's arguments).
  virtual void token(std::string& out, std::size_t choice, std::string_view piece) = 0;
  // Choice `choice` has all its tokens.
  virtual void finish(std::string& out, std::size_t choice) = 0;
  // After the last choice finished.
  virtual void end(std::string& out, Usage usage) = 0;
  // The whole (non-streamed) response.
  virtual void whole(std::string& out, Usage usage) = 0;
};

}  // namespace groundgate::proxy::mock
