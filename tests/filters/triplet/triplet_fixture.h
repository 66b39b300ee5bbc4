#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filters/triplet/link_dictionary.h"
#include "filters/triplet/triplet_extractor.h"

namespace groundgate::filters::triplet {

// The process-wide dictionary and lexicon, loaded once for all tests of the binary. Tests of
// the parser's reading parse every clause (rules_first off) unless they ask otherwise.
inline std::shared_ptr<const TripletExtractor> shared_extractor(bool use_parser = true,
                                                                bool rules_first = false) {
  TripletExtractor::Options options;
  options.use_parser = use_parser;
  options.rules_first = rules_first;
  return std::make_shared<const TripletExtractor>(LinkDictionary::shared().dictionary,
                                                  text::Lexicon::shared().lexicon, options);
}

inline std::vector<Triplet> triplets_of(const TripletExtractor& extractor,
                                        std::string_view sentence,
                                        std::string_view previous_subject = {}) {
  return extractor.extract_sentence(sentence, previous_subject).triplets;
}

}  // namespace groundgate::filters::triplet
