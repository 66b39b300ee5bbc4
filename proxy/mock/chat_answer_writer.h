#pragma once
// Chat completions and legacy completions answers (CompletionWriter's chunks and bodies).

#include <string>

#include "proxy/mock/answer_writer.h"

namespace groundgate::proxy::mock {

class ChatAnswerWriter final : public AnswerWriter {
 public:
  // `call_id`: the tool call's id when the plan calls a tool.
  ChatAnswerWriter(const ResponseIdentity& identity, const ResponsePlan& plan, std::string call_id);

  void start(std::string& out) override;
  void token(std::string& out, std::size_t choice, std::string_view piece) override;
  void finish(std::string& out, std::size_t choice) override;
  void end(std::string& out, Usage usage) override;
  void whole(std::string& out, Usage usage) override;

 private:
  CompletionWriter writer_;
  const ResponsePlan& plan_;
  std::string call_id_;
  bool include_usage_;
};

}  // namespace groundgate::proxy::mock
