#pragma once

#include <string>
#include <string_view>

#include "filters/index/context_index.h"
#include "filters/semantic_piece/verdict.h"
#include "filters/verdict/json_string.h"

namespace groundgate::filters::semantic_piece {

using verdict::append_json_string;

// Appends one verdict as a JSON object. With `answer`, the piece's text is included; with
// `index`, the evidence's text too.
void append_json(std::string& out, const Verdict& verdict, std::string_view answer = {},
                 const index::ContextIndex* index = nullptr);

}  // namespace groundgate::filters::semantic_piece
