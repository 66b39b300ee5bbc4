#pragma once
// The scale a table's figures are stated in, as reports write it: "(in millions)", "in
// thousands, except per share data", "$ in millions", "US$ million", "€m", "$'000", "(000s)".

#include <string_view>

namespace groundgate::filters::table {

// 1e3, 1e6 or 1e9 for the first scale `text` states; 0 when it states none.
double stated_scale(std::string_view text);

// The same, when `text` states exactly one scale (two different ones: 0, the figures' scale
// depends on which table they belong to).
double only_stated_scale(std::string_view text);

}  // namespace groundgate::filters::table
