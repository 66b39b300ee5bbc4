#pragma once
// The rewrite of one sentence before the client sees it: correct the contradicted value (HSP's
// mitigator, by rule), drop it, replace it with a notice, or cite the evidence (or a caveat).

#include <cstddef>
#include <string>
#include <string_view>

#include "config/config.h"
#include "filters/index/context_index.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::actions {

struct Rewrite {
  std::string text;          // what goes out in place of the sentence
  config::RewriteKind kind;  // what was applied (`correct` may fall back)
  bool mitigated = false;    // the judge's rewrite from the evidence (rewrite: mitigate)
};

// `sentence` is the verdict's sentence (bytes [answer_begin, answer_end) of the answer);
// `index` gives the evidence text for `cite` (null: the caveat).
Rewrite rewrite_sentence(std::string_view sentence, const verify::SentenceVerdict& verdict,
                         config::RewriteKind kind, const config::RewriteConfig& config,
                         const index::ContextIndex* index);

}  // namespace groundgate::filters::actions
