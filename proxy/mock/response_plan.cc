#include "proxy/mock/response_plan.h"

#include <algorithm>

#include "proxy/mock/canned_answers.h"

namespace groundgate::proxy::mock {

ResponsePlan plan_response(const MockRequest& request, const MockScript& script,
                           double default_tokens_per_second) {
  ResponsePlan plan;
  plan.tokens_per_second = default_tokens_per_second;
  const ScriptEntry* entry = script.find(request);
  // A request answered by turns takes the next one (the last repeats), for all its choices.
  const AnswerTokens* turn = nullptr;
  if (entry != nullptr && !entry->turns.empty()) {
    const std::size_t n = entry->next_turn->fetch_add(1);
    turn = &entry->turns[std::min(n, entry->turns.size() - 1)];
  }
  if (entry != nullptr) {
    plan.first_byte_delay = entry->first_byte_delay;
    plan.close_after_tokens = entry->close_after_tokens;
    if (entry->tokens_per_second) plan.tokens_per_second = *entry->tokens_per_second;
    if (entry->status != 0) {
      plan.status = entry->status;
      plan.error_message = entry->message;
      return plan;
    }
    if (entry->tool_call) plan.tool_call = &*entry->tool_call;
    if (!entry->file_search.empty() && request.api == Api::kResponses) {
      plan.file_search = &entry->file_search;
    }
  }

  plan.choices.resize(request.n);
  for (size_t i = 0; i < plan.choices.size(); ++i) {
    ChoicePlan& choice = plan.choices[i];
    if (plan.tool_call != nullptr) {
      choice.text = &plan.tool_call->arguments;
      choice.tokens = choice.text->size();
      choice.finish_reason = "tool_calls";
    } else {
      choice.text = turn != nullptr ? turn
                    : entry != nullptr && !entry->answers.empty()
                        ? &entry->answers[i % entry->answers.size()]
                        : &pick_canned_answer(request.last_user_text, i);
      choice.tokens = choice.text->size();
      choice.finish_reason = "stop";
      if (request.max_tokens && *request.max_tokens < choice.tokens) {
        choice.tokens = *request.max_tokens;
        choice.finish_reason = "length";
      }
    }
    plan.completion_tokens += choice.tokens;
  }
  return plan;
}

}  // namespace groundgate::proxy::mock
