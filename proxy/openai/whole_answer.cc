#include "proxy/openai/whole_answer.h"

#include <algorithm>
#include <utility>

#include "proxy/openai/chunk_writer.h"

namespace groundgate::proxy::openai {

using filters::stream::kMaxChainChoices;
using filters::stream::ToolCallInterest;

WholeAnswer::Choice* WholeAnswer::choice_at(int choice) {
  // Indices the chain refuses (it stops) have no text to keep.
  if (choice < 0 || choice >= kMaxChainChoices) return nullptr;
  const auto index = static_cast<std::size_t>(choice);
  if (choices_.size() <= index) choices_.resize(index + 1);
  return &choices_[index];
}

void WholeAnswer::append(std::vector<std::string>&& annotations) {
  for (std::string& a : annotations)
    annotations_.push_back(std::move(a));
}

void WholeAnswer::fed(int choice) {
  if (chain_.stopped()) stop_from_ = std::min(stop_from_, choice);
  if (chain_.awaits_answers()) first_waiting_ = std::min(first_waiting_, choice);
}

void WholeAnswer::text(int choice, std::string_view text, int place) {
  if (chain_.stopped() || text.empty()) return;
  Choice* c = choice_at(choice);
  if (c != nullptr) c->place = std::clamp(place, 0, kPlaces - 1);
  filters::stream::ChainOutput out = chain_.on_delta(choice, text);
  if (c != nullptr) c->text[static_cast<std::size_t>(c->place)] += out.text;
  append(std::move(out.annotations));
  fed(choice);
}

void WholeAnswer::unverified(int choice, std::string_view reason, std::size_t bytes) {
  if (chain_.stopped()) return;
  append(chain_.on_unverified({-1, reason, bytes, 0}));
  fed(choice);
}

void WholeAnswer::tool_call(const filters::stream::ToolCallEvent& call) {
  if (chain_.stopped() || chain_.tool_call_interest() == ToolCallInterest::kNone) return;
  append(chain_.on_tool_call(call));
  fed(call.choice);
}

void WholeAnswer::end(int choice) {
  Choice* c = choice_at(choice);
  if (c != nullptr) c->end_fed = true;
  if (chain_.stopped()) return;
  filters::stream::ChainOutput out = chain_.on_choice_end(choice);
  if (c != nullptr) {
    c->text[static_cast<std::size_t>(c->place)] += out.text;
    // A filter that holds for its answers keeps the end too (FilterChain::on_side_answers).
    c->ended = !chain_.stopped() && !chain_.holds_for_answers();
  }
  append(std::move(out.annotations));
  fed(choice);
}

void WholeAnswer::end_call(int choice) {
  Choice* c = choice_at(choice);
  if (c == nullptr) return;
  c->end_fed = true;
  c->ended = !chain_.stopped();
}

void WholeAnswer::answer(std::size_t filter, std::vector<filters::stream::SideAnswer> answers) {
  const bool stopped_before = chain_.stopped();
  filters::stream::SideAnswersOutput out = chain_.on_side_answers(filter, std::move(answers));
  append(std::move(out.annotations));
  for (filters::stream::HeldRelease& released : out.released) {
    if (Choice* c = choice_at(released.choice)) {
      c->text[static_cast<std::size_t>(c->place)] += released.output.text;
    }
    append(std::move(released.output.annotations));
  }
  if (!stopped_before && chain_.stopped()) stop_from_ = std::min(stop_from_, first_waiting_);
  if (chain_.stopped() || chain_.holds_for_answers()) return;
  // Nothing is kept any more: every end fed so far went through.
  for (Choice& c : choices_)
    c.ended = c.ended || c.end_fed;
}

void WholeAnswer::close() {
  if (stopped()) {
    // Answers that never came (the client left, or the caller served none) end it as a stop.
    const std::string_view reason =
        chain_.stopped() ? chain_.stop_reason() : std::string_view("side_answers_missing");
    annotations_.push_back(ChunkWriter::stopped_annotation(reason));
  }
  append(chain_.answer_end());
}

const std::string& WholeAnswer::text_of(int choice, int place) const {
  static const std::string kEmpty;
  if (choice < 0 || static_cast<std::size_t>(choice) >= choices_.size() || place < 0 ||
      place >= kPlaces) {
    return kEmpty;
  }
  return choices_[static_cast<std::size_t>(choice)].text[static_cast<std::size_t>(place)];
}

bool WholeAnswer::stopped(int choice) const {
  if (choice >= stop_from_) return true;
  if (choice < 0 || static_cast<std::size_t>(choice) >= choices_.size()) return chain_.stopped();
  const Choice& c = choices_[static_cast<std::size_t>(choice)];
  // A choice never fed (the chain stopped first) or whose end is still kept.
  return !c.ended && (chain_.stopped() || c.end_fed);
}

bool WholeAnswer::stopped() const {
  if (chain_.stopped()) return true;
  return std::any_of(choices_.begin(), choices_.end(),
                     [](const Choice& c) { return c.end_fed && !c.ended; });
}

}  // namespace groundgate::proxy::openai
