#include "filters/text/incremental_segmenter.h"

#include "filters/text/segment_scanner.h"

namespace groundgate::filters::text {

void IncrementalSegmenter::drain(bool at_end, std::vector<StreamSentence>& out) {
  std::vector<Sentence> spans;
  const std::size_t consumed = scan_sentences(buffer_, base_, at_end, state_, spans);
  out.reserve(out.size() + spans.size());
  for (const Sentence& s : spans) {
    out.push_back({s, buffer_.substr(s.begin - base_, s.end - s.begin)});
  }
  buffer_.erase(0, consumed);
  base_ += consumed;
}

std::vector<StreamSentence> IncrementalSegmenter::feed(std::string_view delta) {
  std::vector<StreamSentence> out;
  if (delta.empty()) return out;
  // Most deltas are a word or two inside a sentence: scanning the sentence so far again would
  // find nothing new.
  const bool may_decide = scan_may_decide(state_, buffer_.size(), delta);
  buffer_.append(delta);
  if (may_decide) drain(false, out);
  return out;
}

std::vector<StreamSentence> IncrementalSegmenter::finish() {
  std::vector<StreamSentence> out;
  drain(true, out);
  *this = IncrementalSegmenter{};
  return out;
}

}  // namespace groundgate::filters::text
