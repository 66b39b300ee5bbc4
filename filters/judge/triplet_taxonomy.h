#pragma once
// The thesis's hallucination taxonomy (research/triplets.md) for a triplet the judge found
// False, read from the source triplets its reasoning cited: the same subject and relation with
// another object is a detailed information modification (contradicted: the source says
// otherwise); the same two entities in another relation is a contextual fabrication, and
// anything else an absolute fabrication (both unsupported: the source does not say otherwise,
// it says something else or nothing). Words are compared as content words, folded.

#include <string>
#include <vector>

#include "filters/verdict/verdict_labels.h"

namespace groundgate::filters::judge {

struct TripletText {
  std::string subject;
  std::string relation;
  std::string object;
};

struct TripletType {
  verdict::HallucinationType type = verdict::HallucinationType::kAbsoluteFabrication;
  verdict::Label label = verdict::Label::kUnsupported;
  std::size_t source = 0;  // the cited source (1-based) that decided it; 0: none
};

// `cited`: the source triplets (1-based into `sources`) the judge's reasoning named.
TripletType classify_false_triplet(const TripletText& triplet,
                                   const std::vector<TripletText>& sources,
                                   const std::vector<std::size_t>& cited);

// "(subject; relation; object)", line breaks as spaces.
std::string triplet_line(const TripletText& t);

}  // namespace groundgate::filters::judge
