#pragma once
// The context a Responses API request (POST …/responses) holds: `instructions` (a system
// message), `input` (the question as a string, or a list of items: messages with text parts,
// tool results such as `function_call_output`, earlier `file_search_call` results). Items and
// parts that may hold context but cannot be read here (files, images, references to stored
// items, `previous_response_id`, `conversation`, a stored `prompt`) are reported as unreadable.

#include <simdjson.h>

#include "filters/context/context_collector.h"

namespace groundgate::filters::context {

// True when `root` is a Responses request: no `messages`, and `input`, `instructions` or a
// stored `prompt` (an object; a legacy completion's prompt is text).
bool is_responses_request(simdjson::dom::object root);
void read_responses_request(simdjson::dom::object root, ContextCollector& collector);

}  // namespace groundgate::filters::context
