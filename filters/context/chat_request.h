#pragma once
// The context a chat completions request holds in `messages` (or a legacy completions request
// in `prompt`): tool results, tagged blocks, the system message and the question.

#include <simdjson.h>

#include "filters/context/context_collector.h"

namespace groundgate::filters::context {

void read_chat_messages(simdjson::dom::array messages, ContextCollector& collector);
void read_prompt(simdjson::dom::element prompt, ContextCollector& collector);

}  // namespace groundgate::filters::context
