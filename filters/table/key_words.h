#pragma once
// The words that name a table row or column, and the words of a question or sentence that
// could name one, stemmed the same way: every word but the function words of a question ("the",
// "of", "what", "was"), so that the labels reports use ("Other", "Income before taxes", "Less:
// depreciation") keep their words; footnote marks and references ("(1)", "(see Note 16)") are
// no part of a name.

#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::table {

// Stemmed, sorted and unique.
std::vector<std::string> key_stems(std::string_view text);

// Whether `lower_word` is one of the function words left out of names.
bool is_function_word(std::string_view lower_word);

}  // namespace groundgate::filters::table
