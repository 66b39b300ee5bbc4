#include "filters/redact/phrase_redactor.h"

#include <utility>

namespace groundgate::filters::redact {

PhraseRedactor::PhraseRedactor(std::shared_ptr<const PhraseMatcher> matcher)
    : matcher_(std::move(matcher)) {}

void PhraseRedactor::on_text(const stream::TextEvent& event, stream::ChoiceOutput& out) {
  const std::string_view text = event.pending;
  std::size_t run_start = 0;  // start of the unmatched text not yet released
  std::size_t pos = 0;
  while (pos < text.size()) {
    const PhraseMatcher::Match match = matcher_->match_at(text, pos);
    // The choice of match at `pos` is final only if no unseen text could make it longer.
    if (match.may_extend && !event.end_of_choice) break;
    if (match.length == 0) {
      ++pos;
      continue;
    }
    out.release(pos - run_start);
    out.replace(match.length, matcher_->replacement());
    pos += match.length;
    run_start = pos;
  }
  out.release(pos - run_start);
}

}  // namespace groundgate::filters::redact
