#include "filters/actions/guard_choice.h"

#include <algorithm>
#include <cctype>
#include <iterator>

#include "filters/text/decimal_point.h"

namespace groundgate::filters::actions {

void GuardChoice::Arrivals::note(std::size_t end, Clock::time_point at) {
  ring_[next_] = {end, at};
  next_ = (next_ + 1) % kSize;
  count_ = std::min(count_ + 1, kSize);
}

GuardChoice::Clock::time_point GuardChoice::Arrivals::of(std::size_t offset) const {
  // Oldest to newest: the first delta that ended past `offset` brought that byte. When the
  // entry that did has been overwritten, the oldest kept one stands in (a shorter hold).
  const std::size_t first = (next_ + kSize - count_) % kSize;
  for (std::size_t i = 0; i < count_; ++i) {
    const auto& [end, at] = ring_[(first + i) % kSize];
    if (end > offset) return at;
  }
  return count_ == 0 ? Clock::now() : ring_[(next_ + kSize - 1) % kSize].second;
}

std::string_view GuardChoice::fresh(const stream::TextEvent& event, bool holding) {
  const std::size_t end = event.offset + event.pending.size();
  if (end <= fed_ || fed_ < event.offset) return {};
  // Arrival times only measure how long held text waited: text that goes on at once needs none.
  if (holding) arrivals_.note(end, Clock::now());
  const std::string_view text = event.pending.substr(fed_ - event.offset);
  fed_ = end;
  return text;
}

void GuardChoice::feed(const stream::TextEvent& event, bool holding) {
  if (const std::string_view text = fresh(event, holding); !text.empty()) {
    std::vector<text::StreamSentence> done = segmenter_.feed(text);
    undecided.insert(undecided.end(), std::make_move_iterator(done.begin()),
                     std::make_move_iterator(done.end()));
  }
  if (event.end_of_choice && !finished) {
    std::vector<text::StreamSentence> rest = segmenter_.finish();
    undecided.insert(undecided.end(), std::make_move_iterator(rest.begin()),
                     std::make_move_iterator(rest.end()));
    finished = true;
  }
}

void GuardChoice::feed_whole(const stream::TextEvent& event, bool holding, std::size_t bound) {
  const std::string_view text = fresh(event, holding);
  answer.append(text.substr(0, bound + 1 - std::min(bound + 1, answer.size())));
}

std::optional<text::StreamSentence> GuardChoice::eager_sentence(std::string_view tail) const {
  // The segmenter confirms a sentence end only when the next text arrives (an abbreviation, a
  // decimal or an initial could continue it), which would hold every sentence one token
  // longer. Where the end already looks final, ask a copy of the segmenter what it decides if
  // the most common continuation follows. A number before the full stop can still be a
  // decimal, unless it is a year, a score or a time.
  std::size_t n = tail.size();
  while (n > 0 && std::isspace(static_cast<unsigned char>(tail[n - 1])) != 0)
    --n;
  while (n > 0 && (tail[n - 1] == '"' || tail[n - 1] == '\'' || tail[n - 1] == ')'))
    --n;
  if (n == 0) return std::nullopt;
  const char end = tail[n - 1];
  if (end != '.' && end != '!' && end != '?') return std::nullopt;
  if (end == '.' && text::full_stop_may_be_decimal_point(tail.substr(0, n - 1)))
    return std::nullopt;
  text::IncrementalSegmenter probe = segmenter_;
  std::vector<text::StreamSentence> out = probe.feed(" The");
  if (out.size() != 1) return std::nullopt;
  return std::move(out.front());
}

text::StreamSentence GuardChoice::remainder(const text::StreamSentence& sentence,
                                            std::size_t from) {
  text::StreamSentence rest;
  std::size_t skip = from - sentence.span.begin;
  while (skip < sentence.text.size() &&
         std::isspace(static_cast<unsigned char>(sentence.text[skip])) != 0) {
    ++skip;
  }
  rest.span = sentence.span;
  rest.span.begin += skip;
  rest.text = sentence.text.substr(skip);
  return rest;
}

}  // namespace groundgate::filters::actions
