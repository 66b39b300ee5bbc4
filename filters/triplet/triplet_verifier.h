#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/index/context_index.h"
#include "filters/triplet/triplet_cache.h"
#include "filters/triplet/triplet_extractor.h"
#include "filters/triplet/triplet_matcher.h"
#include "filters/triplet/triplet_verdict.h"

namespace groundgate::filters::triplet {

struct TripletVerifierOptions {
  std::size_t top_k = 3;  // evidence pieces retrieved per answer sentence
};

// Checks the claims of one answer sentence at a time against the context: the sentence's
// triplets, against the triplets of its top-k evidence pieces only, extracted lazily and
// cached per piece sentence, so the cost per answer sentence is bounded however long the
// context is. One verifier per answer stream (it keeps the previous subject for pronouns);
// the index, extractor and cache are shared.
class TripletVerifier {
 public:
  TripletVerifier(std::shared_ptr<const index::ContextIndex> index,
                  std::shared_ptr<const TripletExtractor> extractor,
                  std::shared_ptr<TripletCache> cache, TripletVerifierOptions options);

  // Appends one verdict per claim of `sentence` (one kNoClaim verdict when it has none);
  // `sentence` starts at byte `offset` of the answer.
  void verify_sentence(std::string_view sentence, std::size_t offset, std::uint32_t choice,
                       std::vector<Verdict>& out);

 private:
  struct EvidenceTriplets {
    index::ContextIndex::Hit hit;
    std::string_view text;
    std::shared_ptr<const SentenceTriplets> triplets;
  };

  // The context-free triplets of a sentence, from the cache or extracted and cached. The
  // cache is shared by both sources: an answer sentence found there as read for the context
  // under its lower parse limit is read again as an answer (and cached so).
  std::shared_ptr<const SentenceTriplets> triplets_of(std::string_view text,
                                                      TripletExtractor::Source source) const;
  std::vector<EvidenceTriplets> evidence_for(std::string_view sentence) const;
  // `sentence` is the answer sentence the claim came from (corrections are located in it).
  Verdict judge(const Triplet& claim, std::span<const EvidenceTriplets> evidence,
                std::string_view sentence) const;

  std::shared_ptr<const index::ContextIndex> index_;
  std::shared_ptr<const TripletExtractor> extractor_;
  std::shared_ptr<TripletCache> cache_;
  TripletVerifierOptions options_;
  TripletMatcher matcher_;
  std::string previous_subject_;
};

}  // namespace groundgate::filters::triplet
