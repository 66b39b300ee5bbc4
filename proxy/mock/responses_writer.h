#pragma once
// The mock's answers through the Responses API (POST /v1/responses): the event stream
// (response.created … response.completed, with sequence numbers and `event:` names) and the
// whole response object. A scripted file search comes first as a file_search_call item with its
// results; a tool call is a function_call item; a cut at max_output_tokens ends the answer
// `incomplete`, as OpenAI does.

#include <cstdint>
#include <string>
#include <string_view>

#include "proxy/mock/answer_writer.h"

namespace groundgate::proxy::mock {

struct ResponsesIdentity {
  std::string_view response_id;  // "resp_…"
  std::string_view message_id;   // "msg_…" (or the function_call item's "fc_…")
  std::string_view call_id;      // "call_…", for a tool call
  std::string_view search_id;    // "fs_…", for a file search
  int64_t created_at = 0;        // unix seconds
  std::string_view model;
  bool stamp = false;       // each delta's `obfuscation` is "gg-ts-<steady_clock ns>"
  bool background = false;  // a whole response is the queued one; the stream says so too
};

class ResponsesWriter final : public AnswerWriter {
 public:
  ResponsesWriter(const ResponsesIdentity& identity, const ResponsePlan& plan);

  void start(std::string& out) override;
  void token(std::string& out, std::size_t choice, std::string_view piece) override;
  void finish(std::string& out, std::size_t choice) override;
  void end(std::string& out, Usage usage) override;
  // The response object; with `background`, the queued one (see completed()).
  void whole(std::string& out, Usage usage) override;
  // The finished response object, whatever the mode (what GET /v1/responses/{id} returns).
  void completed(std::string& out, Usage usage) const;

 private:
  bool tool() const { return plan_.tool_call != nullptr; }
  bool cut() const;  // the answer stopped at max_output_tokens
  std::size_t answer_index() const { return plan_.file_search != nullptr ? 1 : 0; }
  // `data:` lines of one event, with its name and the next sequence_number; `body` continues
  // the object after "sequence_number":N (a leading comma included) and closes it.
  void event(std::string& out, std::string_view type, std::string_view body);
  void response_object(std::string& out, std::string_view status, bool with_output,
                       const Usage* usage) const;
  void search_item(std::string& out, bool done) const;
  void answer_item(std::string& out, bool done) const;
  void text_part(std::string& out, std::string_view text) const;
  void usage_object(std::string& out, Usage usage) const;

  ResponsesIdentity identity_;
  const ResponsePlan& plan_;
  int64_t sequence_ = 0;
  std::string scratch_;
};

}  // namespace groundgate::proxy::mock
