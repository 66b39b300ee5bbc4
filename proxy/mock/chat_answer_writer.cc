#include "proxy/mock/chat_answer_writer.h"

#include <vector>

namespace groundgate::proxy::mock {

ChatAnswerWriter::ChatAnswerWriter(const ResponseIdentity& identity, const ResponsePlan& plan,
                                   std::string call_id)
    : writer_(identity),
      plan_(plan),
      call_id_(std::move(call_id)),
      include_usage_(identity.include_usage) {}

void ChatAnswerWriter::start(std::string& out) {
  if (writer_.api() != Api::kChat) return;
  for (std::size_t i = 0; i < plan_.choices.size(); ++i) {
    if (plan_.tool_call != nullptr) {
      writer_.tool_call_start_event(out, i, call_id_, plan_.tool_call->name);
    } else {
      writer_.role_event(out, i);
    }
  }
}

void ChatAnswerWriter::token(std::string& out, std::size_t choice, std::string_view piece) {
  if (plan_.tool_call != nullptr) {
    writer_.tool_arguments_event(out, choice, piece);
  } else {
    writer_.content_event(out, choice, piece);
  }
}

void ChatAnswerWriter::finish(std::string& out, std::size_t choice) {
  writer_.finish_event(out, choice, plan_.choices[choice].finish_reason);
}

void ChatAnswerWriter::end(std::string& out, Usage usage) {
  if (include_usage_) writer_.usage_event(out, usage);
  CompletionWriter::done_event(out);
}

void ChatAnswerWriter::whole(std::string& out, Usage usage) {
  std::vector<FullChoice> choices;
  choices.reserve(plan_.choices.size());
  for (const ChoicePlan& choice : plan_.choices) {
    FullChoice& full = choices.emplace_back();
    full.content = choice.text->prefix(choice.tokens);
    full.finish_reason = choice.finish_reason;
    if (plan_.tool_call != nullptr) {
      full.tool_call_id = call_id_;
      full.tool_name = plan_.tool_call->name;
    }
  }
  writer_.full_response(out, choices, usage);
}

}  // namespace groundgate::proxy::mock
