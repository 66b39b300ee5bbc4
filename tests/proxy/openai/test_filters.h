#pragma once
// Small stream filters with obvious behaviour, to drive the transforms in tests.

#include <cctype>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filters/stream/filter_chain.h"
#include "filters/stream/stream_filter.h"
#include "proxy/openai/json_string.h"

namespace groundgate::proxy::openai::test_filters {

using filters::stream::ChoiceOutput;
using filters::stream::StreamFilter;
using filters::stream::TextEvent;

// `text` with its ASCII letters uppercased.
inline std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// Uppercases ASCII letters.
class UppercaseFilter : public StreamFilter {
 public:
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    out.replace(event.pending.size(), upper(event.pending));
  }
};

// Holds everything until the choice ends.
class HoldFilter : public StreamFilter {
 public:
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    if (event.end_of_choice) out.release(event.pending.size());
  }
};

// Stops the stream once the pending text contains `word`.
class StopFilter : public StreamFilter {
 public:
  explicit StopFilter(std::string word) : word_(std::move(word)) {}
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    if (event.pending.find(word_) != std::string_view::npos) {
      out.stop("test.stop");
    } else {
      out.release(event.pending.size());
    }
  }

 private:
  std::string word_;
};

// Releases all but the last byte (so output often ends inside a UTF-8 sequence).
class LagByteFilter : public StreamFilter {
 public:
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    out.release(event.end_of_choice || event.pending.empty() ? event.pending.size()
                                                             : event.pending.size() - 1);
  }
};

// Releases everything and annotates every call that carries text.
class AnnotateFilter : public StreamFilter {
 public:
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    if (!event.pending.empty()) {
      out.annotate(R"({"choice":)" + std::to_string(event.choice) + R"(,"offset":)" +
                   std::to_string(event.offset) + "}");
    }
    out.release(event.pending.size());
  }
};

// Sees tool calls with the given interest: stops the stream on a call named `stop_on`, and
// annotates every other call with its choice, position, name, arguments and truncation.
class ToolCallFilter : public StreamFilter {
 public:
  explicit ToolCallFilter(filters::stream::ToolCallInterest interest, std::string stop_on = {})
      : interest_(interest), stop_on_(std::move(stop_on)) {}
  filters::stream::ToolCallInterest tool_call_interest() const override { return interest_; }
  void on_tool_call(const filters::stream::ToolCallEvent& event,
                    filters::stream::ToolCallOutcome& outcome) override {
    if (event.name == stop_on_) {
      outcome.stop_reason = "test.tool_call";
      return;
    }
    std::string note = R"({"choice":)" + std::to_string(event.choice) + R"(,"call":)" +
                       std::to_string(event.call) + R"(,"name":)";
    append_json_string(note, event.name);
    note += R"(,"arguments":)";
    append_json_string(note, event.arguments);
    note += event.truncated ? R"(,"truncated":true})" : "}";
    outcome.annotations.push_back(std::move(note));
  }

 private:
  filters::stream::ToolCallInterest interest_;
  std::string stop_on_;
};

// Releases everything; at the end of the answer adds a summary annotation.
class SummaryFilter : public StreamFilter {
 public:
  void on_answer_end(std::vector<std::string>& annotations) override {
    annotations.push_back(R"({"type":"summary"})");
  }
};

// Releases the pending text up to `word`, then stops (a guard blocking a sentence).
class ReleaseThenStopFilter : public StreamFilter {
 public:
  explicit ReleaseThenStopFilter(std::string word) : word_(std::move(word)) {}
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    const std::size_t at = event.pending.find(word_);
    if (at == std::string_view::npos) {
      if (event.end_of_choice) out.release(event.pending.size());
      return;
    }
    out.release(at);
    out.stop("test.stop");
  }

 private:
  std::string word_;
};

// Holds everything until the choice ends, as a verifier holds a sentence; input it cannot see
// stops the stream when `closed` (on_error: closed), else goes on with an annotation.
class HoldingVerifier : public HoldFilter {
 public:
  explicit HoldingVerifier(bool closed) : closed_(closed) {}
  void on_unverified(const filters::stream::UnverifiedInput& input,
                     filters::stream::FilterOutcome& outcome) override {
    std::string note = R"({"unverified":)";
    append_json_string(note, input.reason);
    note += R"(,"choice":)" + std::to_string(input.choice) + "}";
    outcome.annotations.push_back(std::move(note));
    if (closed_) outcome.stop_reason = "test.unverified";
  }

 private:
  bool closed_;
};

// Uppercases the text it reads, and the model's reasoning too when `reads_reasoning`; records
// how much reasoning went to the client and whether it was read; with `reads_refusals` false,
// a refusal is input it cannot see (annotated, and it stops the stream when `closed`).
class TextKindsFilter : public UppercaseFilter {
 public:
  TextKindsFilter(bool reads_reasoning, bool reads_refusals, bool closed = false)
      : reads_reasoning_(reads_reasoning), reads_refusals_(reads_refusals), closed_(closed) {}
  bool reads_reasoning() const override { return reads_reasoning_; }
  bool reads_refusals() const override { return reads_refusals_; }
  void on_reasoning(std::size_t bytes, bool read) override {
    reasoning_bytes += bytes;
    reasoning_read = reasoning_read || read;
  }
  void on_unverified(const filters::stream::UnverifiedInput& input,
                     filters::stream::FilterOutcome& outcome) override {
    std::string note = R"({"unverified":)";
    append_json_string(note, input.reason);
    note += "}";
    outcome.annotations.push_back(std::move(note));
    if (closed_) outcome.stop_reason = "test.unverified";
  }
  void on_answer_end(std::vector<std::string>& annotations) override {
    annotations.push_back(R"({"type":"summary","reasoning_bytes":)" +
                          std::to_string(reasoning_bytes) +
                          (reasoning_read ? R"(,"read":true})" : R"(,"read":false})"));
  }

  std::size_t reasoning_bytes = 0;
  bool reasoning_read = false;

 private:
  bool reads_reasoning_;
  bool reads_refusals_;
  bool closed_;
};

// The same filter, declared as one that only reports (it must release all text at once and
// never stop, as AnnotateFilter and SummaryFilter do).
template <typename Filter>
class OnlyReports : public Filter {
 public:
  bool only_reports() const override { return true; }
};

template <typename... Filters>
std::unique_ptr<filters::stream::FilterChain> make_chain(std::unique_ptr<Filters>... filters) {
  std::vector<std::unique_ptr<StreamFilter>> list;
  (list.push_back(std::move(filters)), ...);
  return std::make_unique<filters::stream::FilterChain>(std::move(list));
}

}  // namespace groundgate::proxy::openai::test_filters
