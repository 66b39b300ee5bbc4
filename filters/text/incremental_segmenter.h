#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "filters/text/segment_scanner.h"
#include "filters/text/sentence_segmenter.h"

namespace groundgate::filters::text {

// A finished sentence from a stream: span in the full streamed text plus its bytes.
struct StreamSentence {
  Sentence span;
  std::string text;
};

// Streaming segmentation: a boundary is final only once the text after it decides it (the
// next non-space character, the next word after an abbreviation) or the stream ends. Spans
// equal SentenceSegmenter::split of the concatenated deltas, for any split into deltas.
// Holds only the unfinished sentence (at most kMaxSentenceBytes plus a short lookahead).
class IncrementalSegmenter {
 public:
  std::vector<StreamSentence> feed(std::string_view delta);
  std::vector<StreamSentence> finish();  // the rest; the segmenter is then reset

  std::size_t bytes_seen() const { return base_ + buffer_.size(); }
  std::size_t buffered_bytes() const { return buffer_.size(); }

 private:
  void drain(bool at_end, std::vector<StreamSentence>& out);

  std::string buffer_;  // unfinished text, starting at full-text offset base_
  std::size_t base_ = 0;
  ScanState state_;  // of the scans so far: where buffer_ begins, and where the last one stopped
};

}  // namespace groundgate::filters::text
