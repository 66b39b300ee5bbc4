#pragma once
// The units of an answer whose checks wait for side work (filters/checks/check.h, Pending): in
// `sentence` hold one at a time (the text after it waits with it), in `stream_first` several.
// Their requests go out in batches, one per check per round, each request's id naming the
// unit it is for; a batch's answers resume every unit it carried (a unit its answers miss
// resumes with none: nothing waits forever).

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "filters/checks/check.h"
#include "filters/stream/stream_filter.h"
#include "filters/text/incremental_segmenter.h"

namespace groundgate::filters::actions {

class AwaitedUnits {
 public:
  struct Unit {
    int choice = 0;
    checks::Unit::Kind kind = checks::Unit::Kind::kSentence;
    text::StreamSentence text;  // its span and text
    std::optional<checks::UnitVerdict> verdict;
    bool holding = false;  // its text waits (sentence hold; a tool call's chunks)
    bool answered = false;
    std::size_t check = 0;  // the check it waits for
    std::uint64_t ticket = 0;
    checks::Continuation resume;
    // kToolCall: the tool, the call's position among its choice's calls, whether `text` (its
    // arguments) is only a prefix.
    std::string tool;
    std::size_t call = 0;
    bool truncated = false;
  };

  // `unit` waits for the work `pending` of check `check`: its requests go with the next batch.
  void await(Unit unit, std::size_t check, checks::Pending pending);
  // The next batch to post (one per check with requests not posted yet), or nothing.
  std::optional<stream::SideRequestBatch> take_batch();
  // A held unit waits for its answers.
  bool holds() const;
  // Work a unit waits for next: check `check`'s.
  struct Waiting {
    std::size_t check = 0;
    checks::Pending pending;
  };
  // The answers to one batch posted: each unit it carried is resumed with its own
  // answers (in its check's request ids); it waits again for its check's next round, when the
  // check asks for one, else `resumed` says whether it waits again (a later check's work) or is
  // answered.
  using Resumed = std::function<std::optional<Waiting>(Unit& unit)>;
  void answer(std::vector<stream::SideAnswer> answers, const Resumed& resumed);
  // The verdict of the held unit of choice `choice` that waited, once answered, when `unit` is
  // it (an empty `unit`: the whole answer). A sentence judged as it looked at its end, which the
  // text after it made part of a longer one ("5 p.m. and ..."), is dropped: that one is checked
  // afresh.
  std::optional<checks::UnitVerdict> take_decided(int choice, const text::StreamSentence& unit);
  // The answered units whose text went on already (stream_first), taken out in order.
  std::vector<Unit> take_reported();
  // The answered tool calls, held or not, taken out in order: each is decided as its answers
  // come (the chain offers a call only once).
  std::vector<Unit> take_answered_calls();

 private:
  struct Posted {
    std::vector<std::uint64_t> tickets;  // the units whose requests it carried
  };
  // The answered units: tool calls (`calls`), else the others not held.
  std::vector<Unit> take_answered(bool calls);
  // Request ids: the unit's ticket above, its check's own id below.
  static constexpr unsigned kTicketShift = 16;

  std::vector<Unit> units_;
  std::vector<std::pair<std::uint64_t, checks::Pending>> unposted_;  // ticket → work
  std::deque<Posted> posted_;
  std::uint64_t next_ticket_ = 0;
};

}  // namespace groundgate::filters::actions
