#pragma once
// Puts a choice's streamed tool calls back together (the name arrives once, the arguments in
// pieces) until the choice finishes and its calls are handed to the filters. Bounded: bytes
// past the bound are dropped and the call is marked truncated.

#include <cstddef>
#include <string>
#include <vector>

#include "proxy/openai/chunk_decoder.h"

namespace groundgate::proxy::openai {

struct CollectedCall {
  std::string name;
  std::string arguments;
  bool truncated = false;
};

class ToolCallCollector {
 public:
  explicit ToolCallCollector(std::size_t max_bytes) : max_bytes_(max_bytes) {}

  // Adds a tool-call piece of `choice`; pieces of a choice already taken are ignored (their
  // call was decided).
  void add(int choice, const ToolCallDelta& delta);
  // The choice has calls not yet taken.
  bool has_calls(int choice) const;
  // Choices with calls not yet taken, in the order they first came.
  std::vector<int> undecided_choices() const;
  // The choice's calls, in call order; the choice counts as decided from now on.
  std::vector<CollectedCall> take(int choice);
  // Forgets every call not yet taken (the stream broke off).
  void clear();

 private:
  struct Choice {
    int index = 0;
    bool taken = false;
    std::vector<std::pair<int, CollectedCall>> calls;  // by call index, in arrival order
  };
  Choice& choice_for(int index);
  const Choice* find(int index) const;

  std::size_t max_bytes_;
  std::size_t bytes_ = 0;
  std::vector<Choice> choices_;  // few: one per choice that called a tool
};

}  // namespace groundgate::proxy::openai
