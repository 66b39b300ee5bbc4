// The report channel: every filter speaks once, in chain order, when the stream is over.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "filters/stream/filter_chain.h"

namespace groundgate::filters::stream {
namespace {

// Counts the bytes it saw and how often it was asked for its report.
class ByteCounter : public StreamFilter {
 public:
  ByteCounter(std::string name, int* reports) : name_(std::move(name)), reports_(reports) {}
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    bytes_ += event.pending.size();
    out.release(event.pending.size());
  }
  void on_stream_end(StreamReport& report) override {
    ++*reports_;
    report.counts.emplace_back(name_ + ".bytes", bytes_);
    report.fields.emplace_back(name_ + ".seen", bytes_ > 0 ? "yes" : "no");
  }

 private:
  std::string name_;
  int* reports_;
  std::uint64_t bytes_ = 0;
};

std::vector<std::unique_ptr<StreamFilter>> filters(int* first, int* second) {
  std::vector<std::unique_ptr<StreamFilter>> out;
  out.push_back(std::make_unique<ByteCounter>("first", first));
  out.push_back(std::make_unique<StreamFilter>());  // pass-through: reports nothing
  out.push_back(std::make_unique<ByteCounter>("second", second));
  return out;
}

TEST(StreamReport, EveryFilterReportsInChainOrder) {
  int first = 0, second = 0;
  FilterChain chain(filters(&first, &second));
  EXPECT_EQ("Hello", chain.on_delta(0, "Hello").text);
  EXPECT_EQ(" world", chain.on_delta(1, " world").text);
  chain.on_choice_end(0);
  chain.on_choice_end(1);

  const StreamReport report = chain.report();
  using Count = std::pair<std::string, std::uint64_t>;
  using Field = std::pair<std::string, std::string>;
  EXPECT_EQ((std::vector<Count>{{"first.bytes", 11}, {"second.bytes", 11}}), report.counts);
  EXPECT_EQ((std::vector<Field>{{"first.seen", "yes"}, {"second.seen", "yes"}}), report.fields);
  EXPECT_EQ(1, first);
  EXPECT_EQ(1, second);
}

TEST(StreamReport, SecondCallReturnsTheSameReportWithoutAskingAgain) {
  int first = 0, second = 0;
  FilterChain chain(filters(&first, &second));
  chain.on_delta(0, "abc");
  const StreamReport once = chain.report();
  chain.on_delta(0, "more text after the report");  // must not change what was reported
  const StreamReport twice = chain.report();
  EXPECT_EQ(once.counts, twice.counts);
  EXPECT_EQ(once.fields, twice.fields);
  EXPECT_EQ(1, first);
  EXPECT_EQ(1, second);
}

TEST(StreamReport, StoppedAndUnfinishedStreamsStillReport) {
  int first = 0, second = 0;
  FilterChain chain(filters(&first, &second));
  chain.on_delta(0, "broken off");  // no on_choice_end: the upstream went away
  const StreamReport report = chain.report();
  ASSERT_EQ(2u, report.counts.size());
  EXPECT_EQ(10u, report.counts[0].second);
}

TEST(StreamReport, EmptyChainReportsNothing) {
  FilterChain chain;
  chain.on_delta(0, "text");
  const StreamReport report = chain.report();
  EXPECT_TRUE(report.counts.empty());
  EXPECT_TRUE(report.fields.empty());
}

}  // namespace
}  // namespace groundgate::filters::stream
