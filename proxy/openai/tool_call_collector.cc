#include "proxy/openai/tool_call_collector.h"

#include <algorithm>
#include <utility>

namespace groundgate::proxy::openai {

void ToolCallCollector::add(int choice, const ToolCallDelta& delta) {
  Choice& state = choice_for(choice);
  if (state.taken) return;
  auto at = std::find_if(state.calls.begin(), state.calls.end(),
                         [&](const auto& call) { return call.first == delta.call; });
  if (at == state.calls.end()) {
    state.calls.emplace_back(delta.call, CollectedCall{});
    at = state.calls.end() - 1;
  }
  CollectedCall& call = at->second;
  for (const auto& [to, piece] :
       {std::pair{&call.name, &delta.name}, std::pair{&call.arguments, &delta.arguments}}) {
    const std::size_t room = max_bytes_ - std::min(max_bytes_, bytes_);
    if (piece->size() > room) call.truncated = true;
    const std::size_t n = std::min(room, piece->size());
    to->append(*piece, 0, n);
    bytes_ += n;
  }
}

std::vector<int> ToolCallCollector::undecided_choices() const {
  std::vector<int> out;
  for (const Choice& choice : choices_)
    if (!choice.taken && !choice.calls.empty()) out.push_back(choice.index);
  return out;
}

bool ToolCallCollector::has_calls(int choice) const {
  const Choice* state = find(choice);
  return state != nullptr && !state->taken && !state->calls.empty();
}

std::vector<CollectedCall> ToolCallCollector::take(int choice) {
  Choice& state = choice_for(choice);
  std::vector<CollectedCall> calls;
  if (state.taken) return calls;
  state.taken = true;
  std::stable_sort(state.calls.begin(), state.calls.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [index, call] : state.calls)
    calls.push_back(std::move(call));
  state.calls.clear();
  return calls;
}

void ToolCallCollector::clear() {
  choices_.clear();
  bytes_ = 0;
}

ToolCallCollector::Choice& ToolCallCollector::choice_for(int index) {
  for (Choice& choice : choices_)
    if (choice.index == index) return choice;
  choices_.push_back(Choice{index, false, {}});
  return choices_.back();
}

const ToolCallCollector::Choice* ToolCallCollector::find(int index) const {
  for (const Choice& choice : choices_)
    if (choice.index == index) return &choice;
  return nullptr;
}

}  // namespace groundgate::proxy::openai
