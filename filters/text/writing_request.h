#pragma once
// What kind of answer a request asks for, as far as it bears on wording: a request to write
// (summarize, write an overview, rewrite) gets an answer in the writer's own words; a question
// (or a search query) gets one that restates the context.

#include <string_view>

namespace groundgate::filters::text {

// True when `question` (the request's question or instruction) opens with a verb of writing
// ("Summarize ...", "Write an objective overview ...", "Please rewrite ..."), or with a verb of
// giving followed by a summary-like noun ("Give me a short summary of ..."). A question ("Can
// you summarize ...?"), a query ("refund window") or no text at all is not: without a request
// to write, the answer is held to the context's words.
bool asks_for_writing(std::string_view question);

}  // namespace groundgate::filters::text
