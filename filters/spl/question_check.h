#pragma once
// Misinterpretation: constraints the question did not ask for. A time range (earliest=,
// latest=) when the question names no time; a result limit (head N) when it names no number
// or "top"/"first"; an index restriction when the data it asks about lives in several indexes
// and it names none. Findings are unsupported, never contradicted: the search may still be
// what the user wanted.

#include <string_view>

#include "filters/spl/finding_sink.h"
#include "filters/spl/pipeline_walk.h"
#include "filters/spl/spl_metadata.h"

namespace groundgate::filters::spl {

void check_question(std::string_view question, const Constraints& constraints,
                    const SplMetadata& metadata, FindingSink& sink);

// Whether the question speaks of a time (last week, since Monday, 24h, 2024-05-01, gestern).
bool question_names_time(std::string_view question);
// Whether it asks for a number of results (a number, "top", "first", "a few").
bool question_names_count(std::string_view question);

}  // namespace groundgate::filters::spl
