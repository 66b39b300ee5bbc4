#pragma once
// The answers the mock gives when no script entry matches: realistic RAG-style text.

#include <span>
#include <string_view>

#include "proxy/mock/answer_tokens.h"

namespace groundgate::proxy::mock {

std::span<const AnswerTokens> canned_answers();
// The same prompt always gets the same answer; choice i of n gets the next one along.
const AnswerTokens& pick_canned_answer(std::string_view prompt, size_t choice);

}  // namespace groundgate::proxy::mock
