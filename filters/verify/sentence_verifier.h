#pragma once
// One answer (one choice) checked sentence by sentence with the engines a policy names. The
// caller segments the answer (the guard holds text by sentence, eval feeds whole answers) and
// hands each finished sentence here; the verdict depends only on the sentence, its offset,
// the previous sentences' subjects (pronouns) and the immutable context.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "filters/figures/figure_checker.h"
#include "filters/index/context_index.h"
#include "filters/score/scorer_model.h"
#include "filters/semantic_piece/piece_verifier.h"
#include "filters/semantic_piece/verifier_options.h"
#include "filters/triplet/triplet_cache.h"
#include "filters/triplet/triplet_extractor.h"
#include "filters/triplet/triplet_verifier.h"
#include "filters/verify/combine.h"
#include "filters/verify/engine_table.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::verify {

// Compiled once per policy, shared (read-only; the triplet cache is thread-safe) by its streams.
struct VerifyConfig {
  bool semantic_pieces = true;
  bool triplets = false;
  semantic_piece::VerifierOptions pieces;
  // The sentence's figures against the context's tables and numbers (with semantic pieces).
  figures::FigureOptions figures;
  triplet::TripletVerifierOptions triplet_options;
  // Shared by the policy's streams. Null while `triplets` is on: the engine could not be set
  // up (e.g. no link-grammar dictionary) and every sentence reports kEngineMissing.
  std::shared_ptr<const triplet::TripletExtractor> extractor;
  std::shared_ptr<triplet::TripletCache> triplet_cache;
  CombineRule combine;
  // Longer sentences are not checked (kTooLong): the work per sentence stays bounded.
  std::size_t max_sentence_bytes = 4096;
  // Per-sentence time budget; zero: none. Exceeding it makes the verdict kOverBudget (the
  // policy's on_error decides), and an engine not yet run is skipped.
  std::chrono::microseconds budget{0};
  // The learned scorer (filters/score): the label comes from its calibrated probability. Null
  // with `scorer_wanted`: the model could not be loaded, and every sentence is kEngineMissing
  // (never the rules in its place without saying so). Null without: the engines' rule labels.
  std::shared_ptr<const score::ScorerModel> scorer;
  bool scorer_wanted = false;
  score::Thresholds thresholds;  // the model's, or the policy's
};

class SentenceVerifier {
 public:
  SentenceVerifier(std::shared_ptr<const VerifyConfig> config,
                   std::shared_ptr<const index::ContextIndex> index, std::string_view question,
                   std::uint32_t choice);

  // `sentence` starts at byte `offset` of the answer.
  SentenceVerdict verify(std::string_view sentence, std::size_t offset);

 private:
  std::shared_ptr<const VerifyConfig> config_;
  std::uint32_t choice_;
  bool own_words_ = false;  // the question asks for writing (text::asks_for_writing)
  // The policy's engines (engine_table.h), in table order.
  std::vector<std::unique_ptr<SentenceEngine>> engines_;
  bool engine_missing_ = false;  // one the policy names could not be set up
};

// Segments a whole answer and verifies every prose sentence (code blocks are not claims): the
// same sentences, in the same order, the streaming guard checks.
std::vector<SentenceVerdict> verify_answer(SentenceVerifier& verifier, std::string_view answer);

}  // namespace groundgate::filters::verify
