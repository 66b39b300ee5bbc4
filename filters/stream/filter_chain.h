#pragma once
// The per-stream chain of filters: text deltas in, per choice; text to emit out. Output of
// filter i is the input of filter i+1. Held text is kept per filter per choice, bounded.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filters/stream/stream_filter.h"

namespace groundgate::filters::stream {

struct ChainOutput {
  std::string text;                      // what the client gets now for this choice
  std::vector<std::string> annotations;  // JSON objects to attach to the chunk carrying it
};

class FilterChain {
 public:
  FilterChain() = default;
  explicit FilterChain(std::vector<std::unique_ptr<StreamFilter>> filters);

  bool empty() const { return filters_.empty(); }
  // A delta of choice `choice` arrived. Returns what may be emitted now.
  ChainOutput on_delta(int choice, std::string_view delta);
  // The choice finished (finish_reason, or end of stream): every filter must let go of it.
  ChainOutput on_choice_end(int choice);
  // Some filter stopped the stream; nothing more is emitted.
  bool stopped() const { return stopped_; }
  std::string_view stop_reason() const { return stop_reason_; }

 private:
  std::vector<std::unique_ptr<StreamFilter>> filters_;
  // Implementation state (per filter, per choice pending text, offsets) lives here.
  struct ChoiceState;
  std::vector<std::unique_ptr<ChoiceState>> choices_;
  bool stopped_ = false;
  std::string stop_reason_;
};

}  // namespace groundgate::filters::stream
