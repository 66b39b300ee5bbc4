#pragma once
// Shell-style wildcard match for model names.

#include <string_view>

namespace groundgate::config {

// '*' matches any run of characters (also none), '?' exactly one; everything else literally,
// case-sensitive. Linear time in practice (greedy with one backtrack point).
bool glob_match(std::string_view pattern, std::string_view text);

}  // namespace groundgate::config
