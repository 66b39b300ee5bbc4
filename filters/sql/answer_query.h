#pragma once
// The query in a model's answer to SQL check 5's variant requests (filters/model/model_calls.h):
// its text's first SQL block or a tool call's query argument. An answer without a query is an
// error with a reason.

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "config/config.h"
#include "filters/model/model_answer.h"

namespace groundgate::filters::sql {

// The query of an answer: its text's first SQL block (all of it when `whole`), else the
// argument `tool_arguments` names of its first call that has one. Nullopt and `error` when
// there is none.
std::optional<std::string> sql_of_answer(const model::ModelAnswer& answer, bool whole,
                                         std::span<const config::QueryToolArgument> tools,
                                         std::string& error);

}  // namespace groundgate::filters::sql
