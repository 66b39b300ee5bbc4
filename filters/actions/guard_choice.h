#pragma once
// One choice of an answer as the guard follows it: its text cut into units (sentences and fenced
// code blocks by the incremental segmenter, or the whole answer for a check that reads it
// whole), how far units were decided, and when held text arrived, to measure how long it waited.

#include <array>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "filters/stream/stream_filter.h"
#include "filters/text/incremental_segmenter.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::actions {

class GuardChoice {
 public:
  using Clock = std::chrono::steady_clock;

  // Set: no unit of this choice can be verified (the request could not be read); each is
  // unverified and on_error decides.
  verify::VerifyError unverifiable = verify::VerifyError::kNone;
  std::size_t decided_until = 0;  // full-text offset up to which units were decided
  bool finished = false;          // the segmenter was told the choice ended
  // Units segmented and not decided yet: behind a unit that waits for its side answers.
  std::vector<text::StreamSentence> undecided;
  std::string answer;  // read whole: the text so far, up to one byte over the bound

  // The new text of `event` to the segmenter; the units it finishes (at the end of the choice,
  // all of them) join `undecided`. `holding`: the text waits, its arrival is noted.
  void feed(const stream::TextEvent& event, bool holding);
  // The new text of `event` to `answer`, kept up to `bound` + 1 bytes (one byte over the bound
  // is enough to know the answer is too long to check).
  void feed_whole(const stream::TextEvent& event, bool holding, std::size_t bound);
  // When the byte at `offset` arrived.
  Clock::time_point arrival_of(std::size_t offset) const { return arrivals_.of(offset); }

  // The unconfirmed sentence at the end of `tail` (pending text not yet handed on) when its end
  // already looks final; see the definition.
  std::optional<text::StreamSentence> eager_sentence(std::string_view tail) const;
  // The part of `sentence` from full-text offset `from` on, leading spaces skipped.
  static text::StreamSentence remainder(const text::StreamSentence& sentence, std::size_t from);

 private:
  // When the choice's bytes arrived (end offset → time). Bounded: the oldest entries give way.
  class Arrivals {
   public:
    void note(std::size_t end, Clock::time_point at);
    Clock::time_point of(std::size_t offset) const;  // arrival of the byte at `offset`

   private:
    static constexpr std::size_t kSize = 64;
    std::array<std::pair<std::size_t, Clock::time_point>, kSize> ring_{};
    std::size_t next_ = 0;
    std::size_t count_ = 0;
  };

  // The part of `event` not fed yet (empty when none), its arrival noted when `holding`.
  std::string_view fresh(const stream::TextEvent& event, bool holding);

  text::IncrementalSegmenter segmenter_;
  std::size_t fed_ = 0;  // full-text offset up to which text was fed
  Arrivals arrivals_;
};

}  // namespace groundgate::filters::actions
