#pragma once
// When a judge's verdict may decide a sentence's label: "labels are promises", so a verdict that
// says supported or contradicted must show the context it rests on, and the judge may not undo
// what the engines found with evidence on its word alone. The rules (a judgement that breaks
// one is refused, counted `rejected` by its code, and the scorer's label stands):
//   1. Supported and contradicted verdicts carry quotes, each a span of the context
//      (quote_check.h).
//   2. Supported: the quotes bear on the sentence (quote_bearing.h: they share its content
//      words and one of its numbers or names), or the engines themselves find they support
//      it: a real span that speaks of something else is no evidence.
//   3. Supported: the engines, reading only the quotes, do not contradict the sentence; and
//      when the engines contradicted it on the whole context, they must find it supported by
//      the quotes (support that outweighs their evidence), and the quotes must address their
//      evidence (bear on the evidence span as a contradiction's quote bears on a sentence: the
//      same subject and a value of the same kind).
//   4. Unsupported never lowers a contradicted label that an engine's evidence made.
// Prompt injection (an answer or a context that tells the judge what to say) can at most make
// the judge fail, or agree with evidence that is there: it cannot lift a sentence by quoting a
// span that has nothing to do with it, nor pass one the engines contradict without quoting a
// span of the context that the engines accept as support and that answers their evidence.
//
// A mitigation's rewrite is sent only when the engines find it supported by the context.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/judge/judgement.h"
#include "filters/judge/quote_check.h"

namespace groundgate::filters::judge {

// The engines, asked about one sentence against given passages alone.
class EngineCheck {
 public:
  virtual ~EngineCheck() = default;
  virtual Label label(std::string_view sentence, std::span<const std::string> passages) const = 0;
};

// What the proxy knew of the sentence before the judge.
struct Prior {
  Label label = Label::kUnsupported;  // the scorer's
  bool engines_contradict = false;    // an engine's finding contradicted it, with evidence
  // The spans of the context the contradicting findings cite, as written (empty: none could be
  // read; rule 3 then asks only for the engines' support).
  std::vector<std::string> evidence;
};

// Why a judgement may not decide: `code` for the summary and the metrics
// (judge.rejected.<code>), `why` for people. Codes: no_verdict, lowers_contradiction, no_quote,
// quote_too_short, quote_not_in_context, quote_unrelated, quote_contradicts, evidence_stands.
struct Refusal {
  std::string_view code;  // empty: accepted
  std::string why;

  bool refused() const { return !code.empty(); }
};

// An empty Refusal when `judgement` may decide the label of `sentence`; else why not.
Refusal accept(const Judgement& judgement, std::string_view sentence, const Prior& prior,
               const QuoteIndex& context, const EngineCheck& engines);

// "" when the mitigation's `rewrite` of `original` may be sent: not empty, not the original
// again, at most twice its length plus 200 bytes, one line, and `engines_label` (the engines'
// label of the rewrite against the whole context) supported. Else why not.
std::string accept_rewrite(std::string_view rewrite, std::string_view original,
                           Label engines_label);

}  // namespace groundgate::filters::judge
