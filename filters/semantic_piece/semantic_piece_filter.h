#pragma once
// The semantic-piece verifier as a stream filter, in `stream_first` hold: text goes on at once
// (no added latency) and every finished sentence is verified beside it; the verdicts reach the
// proxy as counts and fields when the stream is over.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filters/context/context_options.h"
#include "filters/index/context_index.h"
#include "filters/index/context_index_cache.h"
#include "filters/semantic_piece/answer_verifier.h"
#include "filters/semantic_piece/verifier_options.h"
#include "filters/stream/stream_filter.h"
#include "filters/text/incremental_segmenter.h"

namespace groundgate::filters::semantic_piece {

// Compiled once per policy per config snapshot, shared by every stream of the policy.
struct SemanticPieceFilterConfig {
  context::ContextOptions context;
  VerifierOptions verifier;
  // Shared by the snapshot's streams (thread-safe); null: every stream builds its own index.
  std::shared_ptr<index::ContextIndexCache> cache;
  // Choices verified per stream; later ones pass unchecked (and are counted), which bounds
  // the per-stream memory (each verifier holds the context's entities).
  int max_choices = 16;
};

class SemanticPieceFilter final : public stream::StreamFilter {
 public:
  // Extracts the context from the request body and gets its index. When the extraction
  // removed extension fields, the body to forward is moved to `forwarded_body` (if given).
  SemanticPieceFilter(std::shared_ptr<const SemanticPieceFilterConfig> config,
                      std::string_view request_body, std::string* forwarded_body);

  void on_text(const stream::TextEvent& event, stream::ChoiceOutput& out) override;
  void on_stream_end(stream::StreamReport& report) override;

 private:
  // Counts by label; the answer rule is applied to them (see summary()).
  struct Tally {
    std::uint64_t supported = 0;
    std::uint64_t unsupported = 0;
    std::uint64_t contradicted = 0;
    double weakest = 1;  // lowest score seen
  };
  struct Choice {
    std::unique_ptr<AnswerVerifier> verifier;               // with context
    std::unique_ptr<text::IncrementalSegmenter> sentences;  // without: counts sentences only
    Tally tally;
    std::uint64_t no_context = 0;  // sentences that could not be checked
    bool finished = false;
  };

  Choice* choice_for(int index);
  void feed(Choice& choice, std::string_view delta, bool end);
  void count(Choice& choice, const std::vector<Verdict>& verdicts);

  std::shared_ptr<const SemanticPieceFilterConfig> config_;
  std::shared_ptr<const index::ContextIndex> index_;  // null: no context found
  std::string question_;
  std::size_t context_bytes_ = 0;
  std::size_t passages_ = 0;
  bool truncated_ = false;
  std::chrono::nanoseconds prepare_time_{0};
  std::chrono::nanoseconds verify_time_{0};
  std::uint64_t sentences_ = 0;
  std::uint64_t unchecked_choices_ = 0;
  std::vector<std::unique_ptr<Choice>> choices_;
};

}  // namespace groundgate::filters::semantic_piece
