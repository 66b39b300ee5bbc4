#include "filters/verify/engine_table.h"

#include <array>
#include <type_traits>

#include "filters/semantic_piece/piece_verifier.h"
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

class SemanticPieces final : public SentenceEngine {
 public:
  SemanticPieces(const VerifyConfig& config, std::shared_ptr<const index::ContextIndex> index,
                 std::string_view question)
      : verifier_(std::move(index), question, config.pieces) {}
  void verify(std::string_view sentence, std::size_t offset, std::uint32_t choice,
              std::vector<Finding>& out) override {
    verdicts_.clear();
    verifier_.verify_sentence(sentence, offset, choice, verdicts_);
    for (const semantic_piece::Verdict& v : verdicts_) {
      out.push_back(finding_of(v, Engine::kSemanticPieces,
                               v.reason_code == semantic_piece::ReasonCode::kNoClaim));
    }
  }

 private:
  semantic_piece::PieceVerifier verifier_;
  std::vector<semantic_piece::Verdict> verdicts_;  // scratch, reused per sentence
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
