#include "filters/judge/prompts.h"

#include <optional>
#include <string>

namespace groundgate::filters::judge {

const PromptTemplate& prompt(PromptId id) {
  static const std::array<PromptTemplate, kPromptCount> kParsed = [] {
    std::array<PromptTemplate, kPromptCount> out;
    for (std::size_t i = 0; i < kPromptCount; ++i) {
      std::string error;
      if (std::optional<PromptTemplate> t =
              PromptTemplate::parse(prompt_file(static_cast<PromptId>(i)), error))
        out[i] = std::move(*t);
    }
    return out;
  }();
  return kParsed[static_cast<std::size_t>(id)];
}

}  // namespace groundgate::filters::judge
