#pragma once

#include <string>
#include <string_view>

namespace groundgate::filters::text {

// English Snowball stem of a lowercase word ("published" → "publish"); a negated auxiliary
// ("can't", "cannot", "doesn't") stems to "not". Thread-safe: each thread owns its own
// libstemmer object and a small table of recent stems. Words over 64 bytes are returned
// unchanged.
std::string stem(std::string_view lower_word);

}  // namespace groundgate::filters::text
