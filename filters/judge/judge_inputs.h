#pragma once
// What each method reads beside a sentence, made from the engines' work on the stream's context:
// the context around the sentence's evidence (label, debate, mitigation); its pieces, each with
// its top evidence sentences by BM25 (nli, HSP's top-3 matching); its triplets and those of its
// evidence sentences (triplets). Bounded: the judge never gets more than `context_bytes` of
// context per sentence.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "filters/index/context_index.h"
#include "filters/judge/judge_task.h"
#include "filters/judge/nli_method.h"
#include "filters/judge/triplet_method.h"
#include "filters/triplet/triplet_cache.h"
#include "filters/triplet/triplet_extractor.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::judge {

// The context the judge reads for `verdict`: the passages its findings cite, each cut to a
// window around the cited pieces, within `max_bytes` in all; without evidence, the context's
// first bytes.
std::string judge_evidence(const verify::SentenceVerdict& verdict, const index::ContextIndex& index,
                           std::size_t max_bytes);

SentenceInput sentence_input(std::uint64_t unit, std::string_view sentence,
                             std::string_view question, const verify::SentenceVerdict& verdict,
                             const index::ContextIndex& index, std::size_t context_bytes);

// The sentence's pieces (the semantic-piece engine's clauses that claim something; the whole
// sentence when it has none) and, per piece, its three best context sentences, all passages
// within `context_bytes`.
NliInput nli_input(std::uint64_t unit, std::string_view sentence,
                   const verify::SentenceVerdict& verdict, const index::ContextIndex& index,
                   std::size_t context_bytes);

// The sentence's triplets as a unit, and the triplets of its three best context sentences as
// the sources (from `cache` when another sentence read them already). Nullopt when the
// sentence has no triplet (nothing for this method to judge).
struct TripletInput {
  TripletUnit unit;
  std::vector<SourceTriplet> sources;
};
std::optional<TripletInput> triplet_input(std::uint64_t unit, std::string_view sentence,
                                          const index::ContextIndex& index,
                                          const triplet::TripletExtractor& extractor,
                                          triplet::TripletCache* cache, std::size_t context_bytes);

}  // namespace groundgate::filters::judge
