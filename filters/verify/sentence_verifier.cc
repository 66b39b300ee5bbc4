#include "filters/verify/sentence_verifier.h"

#include <algorithm>
#include <type_traits>
#include <utility>

#include "filters/text/entities.h"
#include "filters/text/sentence_segmenter.h"
#include "filters/text/tokenizer.h"
#include "filters/verify/scored_label.h"

namespace groundgate::filters::verify {
namespace {

using Clock = std::chrono::steady_clock;

// Both engines' verdicts carry the same fields (filters/verdict); only the reason codes differ.
template <typename EngineVerdict>
Finding finding_of(const EngineVerdict& v, Engine engine, bool abstains) {
  Finding f;
  f.engine = engine;
  f.label = v.label;
  f.score = v.score;
  f.answer_begin = v.answer_begin;
  f.answer_end = v.answer_end;
  f.evidence = v.evidence;
  f.reason = v.reason;
  f.code = to_string(v.reason_code);
  f.type = v.type;
  f.correction = v.correction;
  f.abstains = abstains;
  if constexpr (std::is_same_v<EngineVerdict, semantic_piece::Verdict>) f.signals = v.signals;
  return f;
}

// A figure the figures check placed, as a finding: supported with the cell or the arithmetic
// that gives it, or contradicted with the value the context gives and its evidence.
Finding finding_of(const figures::FigureVerdict& v, std::size_t offset) {
  using Outcome = figures::FigureVerdict::Outcome;
  Finding f;
  f.engine = Engine::kFigures;
  f.answer_begin = offset + v.begin;
  f.answer_end = offset + v.end;
  f.reason = v.reason;
  f.derivation = v.derivation;
  if (!v.derivation.operands.empty()) f.evidence = v.derivation.operands.front().evidence;
  switch (v.outcome) {
    case Outcome::kRead:
      f.code = "figure_read";
      break;
    case Outcome::kDerived:
      f.code = "figure_derived";
      break;
    case Outcome::kContradicted:
      f.label = Label::kContradicted;
      f.score = 0;
      f.code = "figure_mismatch";
      f.type = HallucinationType::kDetailedInformationModification;
      f.correction = Correction{f.answer_begin, f.answer_end, v.correction};
      break;
  }
  return f;
}

}  // namespace

SentenceVerifier::SentenceVerifier(std::shared_ptr<const VerifyConfig> config,
                                   std::shared_ptr<const index::ContextIndex> index,
                                   std::string_view question, std::uint32_t choice)
    : config_(std::move(config)), choice_(choice) {
  for (const std::string& stem : index::ContextIndex::query_terms(question))
    question_stems_.push_back(stem);
  std::sort(question_stems_.begin(), question_stems_.end());
  question_stems_.erase(std::unique(question_stems_.begin(), question_stems_.end()),
                        question_stems_.end());
  setting_.question_stems = question_stems_;
  setting_.has_question = !question_stems_.empty();
  setting_.structured_context = std::any_of(
      index->passages().begin(), index->passages().end(),
      [](const context::Passage& p) { return p.shape != context::Passage::Shape::kProse; });
  if (config_->semantic_pieces) pieces_.emplace(index, question, config_->pieces);
  if (config_->semantic_pieces && config_->figures.enabled)
    figures_.emplace(index, question, config_->figures);
  if (config_->triplets && config_->extractor && config_->triplet_cache) {
    triplets_.emplace(index, config_->extractor, config_->triplet_cache, config_->triplet_options);
  }
}

SentenceVerdict SentenceVerifier::verify(std::string_view sentence, std::size_t offset) {
  SentenceVerdict verdict;
  verdict.answer_begin = offset;
  verdict.answer_end = offset + sentence.size();
  if (sentence.size() > config_->max_sentence_bytes) {
    verdict.error = VerifyError::kTooLong;
    return verdict;
  }
  if ((config_->triplets && !triplets_) || (config_->scorer_wanted && !config_->scorer)) {
    verdict.error = VerifyError::kEngineMissing;
    return verdict;
  }

  const Clock::time_point start = Clock::now();
  const auto over_budget = [&] {
    return config_->budget.count() > 0 && Clock::now() - start > config_->budget;
  };
  if (pieces_) {
    const std::vector<text::Token> tokens = text::tokenize(sentence);
    const std::vector<text::Entity> entities = text::extract_entities(sentence, tokens);
    figure_verdicts_.clear();
    placed_.clear();
    if (figures_) figures_->check(sentence, tokens, entities, figure_verdicts_);
    for (const figures::FigureVerdict& v : figure_verdicts_) {
      placed_.push_back(
          {v.begin, v.end, v.outcome != figures::FigureVerdict::Outcome::kContradicted});
      verdict.findings.push_back(finding_of(v, offset));
    }
    piece_verdicts_.clear();
    pieces_->verify_sentence(sentence, tokens, entities, placed_, offset, choice_, piece_verdicts_);
    for (const semantic_piece::Verdict& v : piece_verdicts_) {
      verdict.findings.push_back(finding_of(v, Engine::kSemanticPieces,
                                            v.reason_code == semantic_piece::ReasonCode::kNoClaim));
    }
  }
  if (triplets_ && !over_budget()) {
    triplet_verdicts_.clear();
    triplets_->verify_sentence(sentence, offset, choice_, triplet_verdicts_);
    for (const triplet::Verdict& v : triplet_verdicts_) {
      Finding f = finding_of(v, Engine::kTriplets, v.reason_code == triplet::ReasonCode::kNoClaim);
      verdict.findings.push_back(std::move(f));
    }
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
  verdict.features = sentence_features(verdict, sentence, setting_);
  ++setting_.index;
  if (config_->scorer && verdict.claims) {
    label_by_score(verdict, config_->scorer->sentence.probability(verdict.features),
                   config_->thresholds);
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
