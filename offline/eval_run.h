#pragma once
// One labelled sample through the verification the proxy runs: its passages indexed (cached by
// content), its answer segmented and verified sentence by sentence. Shared by `groundgate
// eval` and `groundgate train`, so the model is trained on exactly what the guard computes.

#include <vector>

#include "filters/index/context_index_cache.h"
#include "filters/verify/sentence_verdict.h"
#include "offline/eval_samples.h"
#include "offline/verifier_setup.h"

namespace groundgate::offline {

struct VerifiedSample {
  std::shared_ptr<const filters::index::ContextIndex> index;
  std::vector<filters::verify::SentenceVerdict> verdicts;
  double prepare_us = 0;  // indexing (or the cache lookup)
  double verify_us = 0;   // every sentence
};

VerifiedSample verify_sample(const Sample& sample, const VerifierSetup& setup,
                             filters::index::ContextIndexCache& cache);

}  // namespace groundgate::offline
