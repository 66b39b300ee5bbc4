#include "offline/eval_run.h"

#include <chrono>

namespace groundgate::offline {

VerifiedSample verify_sample(const Sample& sample, const VerifierSetup& setup,
                             filters::index::ContextIndexCache& cache) {
  using Clock = std::chrono::steady_clock;
  VerifiedSample out;
  std::vector<filters::context::Passage> passages;
  for (const std::string& text : sample.context) {
    filters::context::Passage p;
    p.text = text;
    passages.push_back(std::move(p));
  }
  const auto prepare_start = Clock::now();
  out.index = cache.get_or_build(passages);
  const auto start = Clock::now();
  filters::verify::SentenceVerifier verifier(setup.config, out.index, sample.question, 0);
  out.verdicts = filters::verify::verify_answer(verifier, sample.answer);
  out.prepare_us = std::chrono::duration<double, std::micro>(start - prepare_start).count();
  out.verify_us = std::chrono::duration<double, std::micro>(Clock::now() - start).count();
  return out;
}

}  // namespace groundgate::offline
