#pragma once
// The judge's prompts, one file each in filters/judge/prompts/ (documented in its README.md),
// compiled into the binary and parsed once.

#include <array>
#include <cstdint>
#include <string_view>

#include "filters/judge/prompt_template.h"

namespace groundgate::filters::judge {

enum class PromptId : std::uint8_t {
  kLabel,
  kNli,
  kTriplets,
  kDebateHallucinated,
  kDebateFaithful,
  kDebateJudgement,
  kMitigate,
};
inline constexpr std::size_t kPromptCount = 7;

// The file's text as compiled in.
std::string_view prompt_file(PromptId id);
// The parsed template (an empty one renders nothing: the unit tests parse every file).
const PromptTemplate& prompt(PromptId id);

}  // namespace groundgate::filters::judge
