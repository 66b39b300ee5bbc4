#pragma once
// The SQL checks' "did you mean": the shared name distance (filters/text/name_distance.h).

#include "filters/text/name_distance.h"

namespace groundgate::filters::sql {

using text::closest_name;
using text::fold_name;
using text::name_distance;
using text::name_function_word;
using text::name_parts;
using text::NameSuggestion;
using text::same_name;

}  // namespace groundgate::filters::sql
