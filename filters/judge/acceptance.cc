#include "filters/judge/acceptance.h"

namespace groundgate::filters::judge {
namespace {

constexpr std::size_t kRewriteSlackBytes = 200;

}  // namespace

std::string accept(const Judgement& judgement, std::string_view sentence, const Prior& prior,
                   const QuoteIndex& context, const EngineCheck& engines) {
  if (!judgement.decided()) return judgement.error;
  if (judgement.label == Label::kUnsupported) {
    if (prior.label == Label::kContradicted && prior.engines_contradict)
      return "unsupported does not lower the engines' contradiction";
    return {};
  }
  const std::string label(verdict::to_string(judgement.label));
  if (judgement.quotes.empty()) return label + " without a quote";
  for (const std::string& quote : judgement.quotes) {
    const std::string_view why = context.check(quote);
    if (!why.empty()) return "the quote of a " + label + " verdict is " + std::string(why);
  }
  if (judgement.label == Label::kContradicted) return {};
  const Label on_quotes = engines.label(sentence, judgement.quotes);
  if (on_quotes == Label::kContradicted) return "the engines find the quote contradicts it";
  if (prior.engines_contradict && on_quotes != Label::kSupported)
    return "the engines contradict it and do not find the quote supports it";
  return {};
}

std::string accept_rewrite(std::string_view rewrite, std::string_view original,
                           Label engines_label) {
  if (rewrite.empty()) return "an empty rewrite";
  if (normalise_for_quotes(rewrite) == normalise_for_quotes(original))
    return "the rewrite is the sentence again";
  if (rewrite.size() > 2 * original.size() + kRewriteSlackBytes) return "the rewrite is too long";
  if (rewrite.find('\n') != std::string_view::npos) return "the rewrite is not one line";
  if (engines_label != Label::kSupported)
    return "the engines find the rewrite " + std::string(verdict::to_string(engines_label));
  return {};
}

}  // namespace groundgate::filters::judge
