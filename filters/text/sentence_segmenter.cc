#include "filters/text/sentence_segmenter.h"

#include "filters/text/segment_scanner.h"

namespace groundgate::filters::text {

std::vector<Sentence> SentenceSegmenter::split(std::string_view text) {
  std::vector<Sentence> out;
  ScanState state;
  scan_sentences(text, 0, /*at_end=*/true, state, out);
  return out;
}

}  // namespace groundgate::filters::text
