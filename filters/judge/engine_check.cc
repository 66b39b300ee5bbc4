#include "filters/judge/engine_check.h"

namespace groundgate::filters::judge {

Label VerifierEngineCheck::label(std::string_view sentence,
                                 std::span<const std::string> passages) const {
  std::vector<context::Passage> context;
  for (const std::string& p : passages) {
    context::Passage passage;
    passage.text = p;
    context.push_back(std::move(passage));
  }
  verify::SentenceVerifier verifier(config_, index::ContextIndex::build(std::move(context)), {}, 0);
  const verify::SentenceVerdict v = verifier.verify(sentence, 0);
  return v.ok() ? v.label : Label::kUnsupported;
}

}  // namespace groundgate::filters::judge
