#pragma once

#include <string>
#include <string_view>

#include "filters/index/context_index.h"
#include "filters/semantic_piece/verdict.h"

namespace groundgate::filters::semantic_piece {

// Appends `s` as a JSON string literal (quotes included, control characters escaped).
void append_json_string(std::string& out, std::string_view s);

// Appends one verdict as a JSON object. With `answer`, the piece's text is included; with
// `index`, the evidence's text too.
void append_json(std::string& out, const Verdict& verdict, std::string_view answer = {},
                 const index::ContextIndex* index = nullptr);

}  // namespace groundgate::filters::semantic_piece
