#pragma once
// Where the SPL of an answer is: fenced code blocks whose language is SPL (```spl, ```splunk,
// ```splunk-spl), or that carry no language and start like a search (`index=`, `| tstats`, a
// macro in backticks); the whole answer on routes that answer in SPL; named arguments of tool
// calls. Spans are bytes of the text searched.

#include <optional>
#include <string_view>
#include <vector>

#include "filters/text/fenced_blocks.h"

namespace groundgate::filters::spl {

using SplSpan = text::CodeSpan;

bool is_spl_block(std::string_view language, std::string_view code);

// Every fenced SPL block of a whole answer, in order.
std::vector<SplSpan> find_fenced_spl(std::string_view answer);

// The searches of a text that may be an answer or a bare search: its fenced SPL blocks when it
// has any, else the whole text.
std::vector<SplSpan> find_spl(std::string_view text);

}  // namespace groundgate::filters::spl
