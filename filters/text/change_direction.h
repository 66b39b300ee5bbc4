#pragma once
// Which way a change went, by the word that tells it: a rise ("grew", "increased", "up",
// "gained") or a fall ("shrank", "declined", "down", "lost"). Shared by the figures check
// (which operation a sentence names) and the pieces' flipped-word check (a rise where the
// evidence tells a fall).

#include <string_view>

namespace groundgate::filters::text {

enum class ChangeDirection : signed char { kFall = -1, kNone = 0, kRise = 1 };

// `norm`: a lowercase word.
ChangeDirection change_direction(std::string_view norm);

// One word tells a rise and the other a fall.
inline bool opposite_changes(std::string_view a, std::string_view b) {
  const ChangeDirection x = change_direction(a), y = change_direction(b);
  return x != ChangeDirection::kNone && y != ChangeDirection::kNone && x != y;
}

}  // namespace groundgate::filters::text
