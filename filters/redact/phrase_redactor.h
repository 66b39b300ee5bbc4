#pragma once
// Streaming phrase redaction: every occurrence of a listed phrase is replaced, the longest
// match starting earliest winning. Only a tail that could still grow into a phrase is held.

#include <memory>

#include "filters/redact/phrase_matcher.h"
#include "filters/stream/stream_filter.h"

namespace groundgate::filters::redact {

class PhraseRedactor : public stream::StreamFilter {
 public:
  explicit PhraseRedactor(std::shared_ptr<const PhraseMatcher> matcher);

  void on_text(const stream::TextEvent& event, stream::ChoiceOutput& out) override;

 private:
  std::shared_ptr<const PhraseMatcher> matcher_;
};

}  // namespace groundgate::filters::redact
