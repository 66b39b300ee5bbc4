#pragma once
// Rows of the embedded data tables: lines split at tabs, blank lines and `#` comments skipped.

#include <string_view>
#include <vector>

namespace groundgate::filters::spl {

std::vector<std::vector<std::string_view>> tsv_rows(std::string_view text);

// `list` split at `separator`, empty pieces dropped; "-" alone is the empty list.
std::vector<std::string_view> split_list(std::string_view list, char separator);

}  // namespace groundgate::filters::spl
