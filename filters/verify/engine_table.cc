#include "filters/verify/engine_table.h"

#include <array>
#include <optional>
#include <type_traits>

#include "filters/figures/figure_checker.h"
#include "filters/semantic_piece/piece_verifier.h"
#include "filters/text/entities.h"
#include "filters/text/tokenizer.h"
#include "filters/triplet/triplet_verifier.h"
#include "filters/verify/sentence_verifier.h"

namespace groundgate::filters::verify {
namespace {

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

// The semantic pieces, with the figures check first when the policy keeps it on: the figures
// it places (a cell of the row and year named, or arithmetic over the context's figures) are
// findings of their own (Engine::kFigures), and the pieces' value check counts them as placed
// instead of looking for them as written.
class SemanticPieces final : public SentenceEngine {
 public:
  SemanticPieces(const VerifyConfig& config, std::shared_ptr<const index::ContextIndex> index,
                 std::string_view question)
      : verifier_(index, question, config.pieces) {
    if (config.figures.enabled) figures_.emplace(std::move(index), question, config.figures);
  }
  void verify(std::string_view sentence, std::size_t offset, std::uint32_t choice,
              std::vector<Finding>& out) override {
    const std::vector<text::Token> tokens = text::tokenize(sentence);
    const std::vector<text::Entity> entities = text::extract_entities(sentence, tokens);
    figure_verdicts_.clear();
    placed_.clear();
    if (figures_) figures_->check(sentence, tokens, entities, figure_verdicts_);
    for (const figures::FigureVerdict& v : figure_verdicts_) {
      placed_.push_back({v.begin, v.end,
                         v.outcome != figures::FigureVerdict::Outcome::kContradicted,
                         v.outcome == figures::FigureVerdict::Outcome::kDerived});
      out.push_back(finding_of(v, offset));
    }
    verdicts_.clear();
    verifier_.verify_sentence(sentence, tokens, entities, placed_, offset, choice, verdicts_);
    for (const semantic_piece::Verdict& v : verdicts_) {
      out.push_back(finding_of(v, Engine::kSemanticPieces,
                               v.reason_code == semantic_piece::ReasonCode::kNoClaim));
    }
  }

 private:
  semantic_piece::PieceVerifier verifier_;
  std::optional<figures::FigureChecker> figures_;
  // Scratch, reused per sentence.
  std::vector<figures::FigureVerdict> figure_verdicts_;
  std::vector<semantic_piece::PlacedFigure> placed_;
  std::vector<semantic_piece::Verdict> verdicts_;
};

class Triplets final : public SentenceEngine {
 public:
  Triplets(const VerifyConfig& config, std::shared_ptr<const index::ContextIndex> index)
      : verifier_(std::move(index), config.extractor, config.triplet_cache,
                  config.triplet_options) {}
  void verify(std::string_view sentence, std::size_t offset, std::uint32_t choice,
              std::vector<Finding>& out) override {
    verdicts_.clear();
    verifier_.verify_sentence(sentence, offset, choice, verdicts_);
    for (const triplet::Verdict& v : verdicts_) {
      out.push_back(
          finding_of(v, Engine::kTriplets, v.reason_code == triplet::ReasonCode::kNoClaim));
    }
  }

 private:
  triplet::TripletVerifier verifier_;
  std::vector<triplet::Verdict> verdicts_;
};

std::unique_ptr<SentenceEngine> make_pieces(const VerifyConfig& config,
                                            std::shared_ptr<const index::ContextIndex> index,
                                            std::string_view question) {
  return std::make_unique<SemanticPieces>(config, std::move(index), question);
}

std::unique_ptr<SentenceEngine> make_triplets(const VerifyConfig& config,
                                              std::shared_ptr<const index::ContextIndex> index,
                                              std::string_view) {
  if (!config.extractor || !config.triplet_cache) return nullptr;  // the dictionary did not load
  return std::make_unique<Triplets>(config, std::move(index));
}

// In the order a sentence goes through them.
constexpr std::array kKnownEngines{
    KnownEngine{"semantic_pieces", Engine::kSemanticPieces, &VerifyConfig::semantic_pieces,
                &make_pieces},
    KnownEngine{"triplets", Engine::kTriplets, &VerifyConfig::triplets, &make_triplets},
};

}  // namespace

std::span<const KnownEngine> known_engines() {
  return kKnownEngines;
}

const KnownEngine* find_engine(std::string_view name) {
  for (const KnownEngine& engine : kKnownEngines) {
    if (engine.name == name) return &engine;
  }
  return nullptr;
}

}  // namespace groundgate::filters::verify
