#pragma once
// A stream filter for the transform fuzzers: it holds back half of what is pending and
// uppercases the rest (exercising splices and events made for released text), stops on STOP,
// holds tool calls, blocking those whose arguments mention STOP, and stops on input it cannot
// see (as a verifier with on_error: closed does), so that no text reaches the client unseen.

#include <cctype>
#include <string>
#include <string_view>

#include "filters/stream/stream_filter.h"

namespace groundgate::fuzz {

class UppercaseHalfFilter : public filters::stream::StreamFilter {
 public:
  void on_text(const filters::stream::TextEvent& event,
               filters::stream::ChoiceOutput& out) override {
    const std::size_t n = event.end_of_choice ? event.pending.size() : event.pending.size() / 2;
    std::string text(event.pending.substr(0, n));
    for (char& c : text)
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    out.replace(n, text);
    if (event.pending.find("STOP") != std::string_view::npos) out.stop("fuzz.stop");
  }
  filters::stream::ToolCallInterest tool_call_interest() const override {
    return filters::stream::ToolCallInterest::kHold;
  }
  void on_tool_call(const filters::stream::ToolCallEvent& event,
                    filters::stream::ToolCallOutcome& outcome) override {
    if (event.arguments.find("STOP") != std::string_view::npos) outcome.stop_reason = "fuzz.tool";
    outcome.annotations.push_back(R"({"call":)" + std::to_string(event.call) + "}");
  }
  void on_unverified(const filters::stream::UnverifiedInput& input,
                     filters::stream::FilterOutcome& outcome) override {
    (void)input;
    outcome.stop_reason = "fuzz.unverified";
  }
};

}  // namespace groundgate::fuzz
