#pragma once
// The scorer model groundgate ships with (filters/score/models/rag.json, trained by
// `groundgate train`; see the README), compiled into the binary so that a policy with no
// `scorer` key needs no file.

#include <string_view>

namespace groundgate::filters::score {

std::string_view builtin_model_json();

}  // namespace groundgate::filters::score
