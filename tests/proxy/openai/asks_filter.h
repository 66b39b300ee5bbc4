#pragma once
// A stream filter for the side-request tests of the transforms (SSE and whole JSON).

#include <memory>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "filters/stream/filter_chain.h"
#include "filters/stream/stream_filter.h"
#include "proxy/openai/model_calls.h"

namespace groundgate::proxy::openai::testing {

using filters::stream::ChoiceOutput;
using filters::stream::FilterOutcome;
using filters::stream::SideAnswer;
using filters::stream::SideRequestBatch;
using filters::stream::StreamFilter;
using filters::stream::TextEvent;

// Asks once about the text up to and including a '?': in `hold`, it keeps that text (and all
// after it) until the answer, which annotates, and stops the stream when the answer's body is
// "block"; otherwise it only reports.
class Asks : public StreamFilter {
 public:
  explicit Asks(bool hold) : hold_(hold) {}
  void serve_side_requests(std::shared_ptr<const filters::model::ModelCalls>) override {
    served_ = true;
  }
  bool only_reports() const override { return !hold_; }
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    if (!asked_ && served_ && event.pending.find('?') != std::string_view::npos) {
      asked_ = true;
      waiting_ = true;
      batch_.emplace();
      batch_->requests.emplace_back().id = 1;
      batch_->requests.back().body = "body";
      if (hold_) return;  // all of it waits
    }
    out.release(event.pending.size());
  }
  std::optional<SideRequestBatch> take_side_requests() override {
    auto batch = std::move(batch_);
    batch_.reset();
    return batch;
  }
  bool holds_for_answers() const override { return hold_ && waiting_; }
  void on_side_answers(std::vector<SideAnswer> answers, FilterOutcome& outcome) override {
    waiting_ = false;
    outcome.annotations.push_back(R"({"answered":true})");
    if (!answers.empty() && answers[0].body == "block") outcome.stop_reason = "asks.blocked";
  }

 private:
  bool hold_;
  bool served_ = false;
  bool asked_ = false;
  bool waiting_ = false;
  std::optional<SideRequestBatch> batch_;
};

// A chain of one Asks, served side requests.
inline filters::stream::FilterChain chain_of(bool hold) {
  std::vector<std::unique_ptr<StreamFilter>> filters;
  filters.push_back(std::make_unique<Asks>(hold));
  filters::stream::FilterChain chain(std::move(filters));
  chain.serve_side_requests(model_calls(EndpointKind::kChatCompletions, {}, {}));
  return chain;
}

}  // namespace groundgate::proxy::openai::testing
