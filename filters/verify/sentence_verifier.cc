#include "filters/verify/sentence_verifier.h"

#include <utility>

#include "filters/text/sentence_segmenter.h"
#include "filters/text/writing_request.h"
#include "filters/verify/scored_label.h"

namespace groundgate::filters::verify {
namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

SentenceVerifier::SentenceVerifier(std::shared_ptr<const VerifyConfig> config,
                                   std::shared_ptr<const index::ContextIndex> index,
                                   std::string_view question, std::uint32_t choice)
    : config_(std::move(config)), choice_(choice), own_words_(text::asks_for_writing(question)) {
  for (const KnownEngine& engine : known_engines()) {
    if (!(*config_.*engine.selected)) continue;
    std::unique_ptr<SentenceEngine> made = engine.make(*config_, index, question);
    engine_missing_ = engine_missing_ || made == nullptr;
    if (made) engines_.push_back(std::move(made));
  }
}

SentenceVerdict SentenceVerifier::verify(std::string_view sentence, std::size_t offset) {
  SentenceVerdict verdict;
  verdict.own_words = own_words_;
  verdict.answer_begin = offset;
  verdict.answer_end = offset + sentence.size();
  if (sentence.size() > config_->max_sentence_bytes) {
    verdict.error = VerifyError::kTooLong;
    return verdict;
  }
  if (engine_missing_ || (config_->scorer_wanted && !config_->scorer)) {
    verdict.error = VerifyError::kEngineMissing;
    return verdict;
  }

  const Clock::time_point start = Clock::now();
  const auto over_budget = [&] {
    return config_->budget.count() > 0 && Clock::now() - start > config_->budget;
  };
  // The first engine always runs; each later one only within the budget.
  for (std::size_t i = 0; i < engines_.size(); ++i) {
    if (i > 0 && over_budget()) break;
    engines_[i]->verify(sentence, offset, choice_, verdict.findings);
  }
  verdict.verify_ns = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - start).count());
  if (config_->budget.count() > 0 &&
      verdict.verify_ns >
          static_cast<std::uint64_t>(std::chrono::nanoseconds(config_->budget).count())) {
    verdict.error = VerifyError::kOverBudget;
    return verdict;
  }
  combine(verdict, config_->combine);
  verdict.features = sentence_features(verdict, sentence);
  if (config_->scorer && verdict.claims) {
    label_by_score(verdict, config_->scorer->sentence.probability(verdict.features),
                   config_->thresholds);
  } else if (verdict.label == Label::kContradicted &&
             conflict_kind(verdict) == ConflictKind::kNone) {
    // Without a scorer the engines' label stands, but a conflict that is no evidence that says
    // otherwise (a value said of another thing: scored_label.h) is no contradiction.
    verdict.label = Label::kUnsupported;
  }
  return verdict;
}

std::vector<SentenceVerdict> verify_answer(SentenceVerifier& verifier, std::string_view answer) {
  std::vector<SentenceVerdict> out;
  for (const text::Sentence& s : text::SentenceSegmenter::split(answer)) {
    if (s.kind == text::SentenceKind::kCodeBlock) continue;
    out.push_back(verifier.verify(answer.substr(s.begin, s.end - s.begin), s.begin));
  }
  return out;
}

}  // namespace groundgate::filters::verify
