#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "filters/index/context_index.h"
#include "filters/semantic_piece/piece_verifier.h"
#include "filters/semantic_piece/verdict.h"
#include "filters/semantic_piece/verifier_options.h"
#include "filters/text/incremental_segmenter.h"

namespace groundgate::filters::semantic_piece {

// Verifies one streamed answer (one choice): each sentence is checked the moment it is
// complete. The verdicts are the same for any split of the answer into deltas.
class AnswerVerifier {
 public:
  AnswerVerifier(std::shared_ptr<const index::ContextIndex> index, std::string_view question,
                 VerifierOptions options, std::uint32_t choice = 0);

  // Verdicts of the sentences the delta completed (often none).
  std::vector<Verdict> on_delta(std::string_view delta);
  // Verdicts of the rest of the answer; the verifier then starts a new answer.
  std::vector<Verdict> finish();

  std::size_t sentences_verified() const { return sentences_; }

 private:
  void verify(const std::vector<text::StreamSentence>& sentences, std::vector<Verdict>& out);

  PieceVerifier pieces_;
  text::IncrementalSegmenter segmenter_;
  std::uint32_t choice_;
  std::size_t sentences_ = 0;
};

// The whole answer at once: the same verdicts as feeding it to an AnswerVerifier.
std::vector<Verdict> verify_answer(std::shared_ptr<const index::ContextIndex> index,
                                   std::string_view question, std::string_view answer,
                                   const VerifierOptions& options);

}  // namespace groundgate::filters::semantic_piece
