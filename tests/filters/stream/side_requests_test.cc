// The chain's side requests (stream_filter.h): a filter that asks its model again keeps its
// text, and what reaches it meanwhile, until the answers are in; the end of a choice waits too.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "filters/stream/filter_chain.h"

namespace groundgate::filters::stream {
namespace {

// Model calls no test here makes: the filters below write their own bodies.
class NoModelCalls : public model::ModelCalls {
 public:
  model::RequestBody ask_again(std::string_view, std::string_view) const override { return {}; }
  std::string ask(std::string_view, std::string_view, std::string_view,
                  const model::AskOptions&) const override {
    return {};
  }
  std::optional<model::ModelAnswer> read_answer(std::string_view, std::string&) const override {
    return std::nullopt;
  }
  std::shared_ptr<const model::ModelCalls> for_path(std::string_view) const override {
    return nullptr;
  }
};

const std::shared_ptr<const model::ModelCalls> kCalls = std::make_shared<NoModelCalls>();

// Holds text up to a '?', asks one side request about it, and on the answer releases the text
// (the answer "block" stops the stream instead; "note" annotates).
class AsksAbout : public StreamFilter {
 public:
  void serve_side_requests(std::shared_ptr<const model::ModelCalls>) override { served_ = true; }
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    texts.emplace_back(event.pending);
    ends += event.end_of_choice ? 1 : 0;
    const auto mark = event.pending.find('?');
    if (!served_ || mark == std::string_view::npos) return out.release(event.pending.size());
    if (answered_) {
      answered_ = false;
      return out.release(event.pending.size());
    }
    out.release(mark);  // the text before the question goes on; the rest waits
    batch_.emplace();
    batch_->requests.emplace_back().id = 7;
    batch_->requests.back().body = std::string(event.pending.substr(mark));
    waiting_ = true;
  }
  std::optional<SideRequestBatch> take_side_requests() override {
    auto batch = std::move(batch_);
    batch_.reset();
    return batch;
  }
  bool holds_for_answers() const override { return waiting_; }
  void on_side_answers(std::vector<SideAnswer> answers, FilterOutcome& outcome) override {
    waiting_ = false;
    answered_ = true;
    ASSERT_EQ(answers.size(), 1u);
    EXPECT_EQ(answers[0].id, 7u);
    if (answers[0].body == "block") outcome.stop_reason = "asks.blocked";
    if (answers[0].body == "note") outcome.annotations.push_back(R"({"note":1})");
  }

  std::vector<std::string> texts;
  int ends = 0;

 private:
  bool served_ = false;
  bool waiting_ = false;
  bool answered_ = false;
  std::optional<SideRequestBatch> batch_;
};

class Tail : public StreamFilter {
 public:
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    seen += std::string(event.pending);
    ends += event.end_of_choice ? 1 : 0;
    out.release(event.pending.size());
  }
  std::string seen;
  int ends = 0;
};

struct Chain {
  Chain() {
    auto a = std::make_unique<AsksAbout>();
    auto t = std::make_unique<Tail>();
    asks = a.get();
    tail = t.get();
    std::vector<std::unique_ptr<StreamFilter>> filters;
    filters.push_back(std::move(a));
    filters.push_back(std::move(t));
    chain = FilterChain(std::move(filters));
  }
  FilterChain chain;
  AsksAbout* asks = nullptr;
  Tail* tail = nullptr;
};

TEST(SideRequests, HeldTextAndTheChoiceEndWaitForTheAnswers) {
  Chain c;
  c.chain.serve_side_requests(kCalls);
  EXPECT_EQ(c.chain.on_delta(0, "Is it? yes").text, "Is it");
  EXPECT_TRUE(c.chain.holds_for_answers());
  std::vector<SideBatch> batches = c.chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  EXPECT_EQ(batches[0].filter, 0u);
  EXPECT_EQ(batches[0].batch.requests[0].body, "? yes");
  EXPECT_TRUE(c.chain.awaits_answers());
  // Meanwhile more text and the end of the choice reach the chain: kept, the filter not called.
  const std::size_t calls = c.asks->texts.size();
  EXPECT_EQ(c.chain.on_delta(0, " more").text, "");
  EXPECT_EQ(c.chain.on_choice_end(0).text, "");
  EXPECT_EQ(c.asks->texts.size(), calls);
  EXPECT_EQ(c.tail->ends, 0);

  SideAnswersOutput out = c.chain.on_side_answers(0, {{7, 200, "ok", ""}});
  EXPECT_FALSE(c.chain.awaits_answers());
  EXPECT_FALSE(c.chain.holds_for_answers());
  ASSERT_EQ(out.released.size(), 1u);
  EXPECT_EQ(out.released[0].choice, 0);
  EXPECT_EQ(out.released[0].output.text, "? yes more");
  EXPECT_EQ(c.asks->texts.back(), "? yes more");
  EXPECT_EQ(c.asks->ends, 1);
  EXPECT_EQ(c.tail->ends, 1);
  EXPECT_EQ(c.tail->seen, "Is it? yes more");
  EXPECT_EQ(c.chain.counters().end_leftover_releases, 0u);
}

TEST(SideRequests, AnAnswerMayStopTheStreamAndNothingHeldGoesOn) {
  Chain c;
  c.chain.serve_side_requests(kCalls);
  c.chain.on_delta(0, "Drop? this");
  ASSERT_EQ(c.chain.take_side_requests().size(), 1u);
  SideAnswersOutput out = c.chain.on_side_answers(0, {{7, 200, "block", ""}});
  EXPECT_TRUE(c.chain.stopped());
  EXPECT_EQ(c.chain.stop_reason(), "asks.blocked");
  EXPECT_TRUE(out.released.empty());
  EXPECT_EQ(c.tail->seen, "Drop");
}

TEST(SideRequests, AnswersAnnotate) {
  Chain c;
  c.chain.serve_side_requests(kCalls);
  c.chain.on_delta(0, "Why?");
  ASSERT_EQ(c.chain.take_side_requests().size(), 1u);
  SideAnswersOutput out = c.chain.on_side_answers(0, {{7, 200, "note", ""}});
  ASSERT_EQ(out.annotations.size(), 1u);
  EXPECT_EQ(out.released[0].output.text, "?");
}

TEST(SideRequests, WithoutServiceNothingIsPostedOrHeld) {
  Chain c;
  EXPECT_EQ(c.chain.on_delta(0, "Is it? yes").text, "Is it? yes");
  EXPECT_TRUE(c.chain.take_side_requests().empty());
  EXPECT_FALSE(c.chain.awaits_answers());
}

}  // namespace
}  // namespace groundgate::filters::stream
