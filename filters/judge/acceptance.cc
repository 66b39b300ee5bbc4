#include "filters/judge/acceptance.h"

#include <algorithm>

#include "filters/judge/quote_bearing.h"

namespace groundgate::filters::judge {
namespace {

constexpr std::size_t kRewriteSlackBytes = 200;

// Some quote bears on some evidence span as a contradiction's quote bears on its sentence (an
// empty `evidence`: nothing to address).
bool addresses(std::span<const std::string> quotes, const std::vector<std::string>& evidence) {
  if (evidence.empty()) return true;
  return std::any_of(evidence.begin(), evidence.end(), [&](const std::string& e) {
    return bearing(e, quotes, BearingFor::kContradiction).bears();
  });
}

}  // namespace

Refusal accept(const Judgement& judgement, std::string_view sentence, const Prior& prior,
               const QuoteIndex& context, const EngineCheck& engines) {
  if (!judgement.decided()) return {"no_verdict", judgement.error};
  if (judgement.label == Label::kUnsupported) {
    if (prior.label == Label::kContradicted && prior.engines_contradict)
      return {"lowers_contradiction", "unsupported does not lower the engines' contradiction"};
    return {};
  }
  const std::string label(verdict::to_string(judgement.label));
  if (judgement.quotes.empty()) return {"no_quote", label + " without a quote"};
  for (const std::string& quote : judgement.quotes) {
    const std::string_view why = context.check(quote);
    if (why.empty()) continue;
    return {why == "too short" ? "quote_too_short" : "quote_not_in_context",
            "the quote of a " + label + " verdict is " + std::string(why)};
  }
  if (judgement.label == Label::kContradicted) return {};
  const Label on_quotes = engines.label(sentence, judgement.quotes);
  if (on_quotes == Label::kContradicted)
    return {"quote_contradicts", "the engines find the quote contradicts it"};
  if (prior.engines_contradict) {
    if (on_quotes != Label::kSupported)
      return {"evidence_stands", "the engines contradict it and do not find the quote supports it"};
    if (!addresses(judgement.quotes, prior.evidence))
      return {"evidence_stands", "the quote does not address the engines' evidence"};
    return {};
  }
  if (on_quotes == Label::kSupported) return {};
  const Bearing b = bearing(sentence, judgement.quotes, BearingFor::kSupport);
  if (!b.bears())
    return {"quote_unrelated", "the quote does not bear on the sentence: it " + b.describe()};
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
