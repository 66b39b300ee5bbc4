// FilterChain::keep_annotations: a copy of every annotation the chain hands out, in order, for
// the verdict look-up; the answer-level ones always, the others within the bound.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "filters/stream/filter_chain.h"

namespace groundgate::filters::stream {
namespace {

// Annotates every sentence it releases and the answer's end; reports unverified input.
class Annotator : public StreamFilter {
 public:
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    out.annotate(R"({"type":"verdict","text":")" + std::string(event.pending) + R"("})");
    out.release(event.pending.size());
  }
  void on_unverified(const UnverifiedInput&, FilterOutcome& outcome) override {
    outcome.annotations.push_back(R"({"type":"verdict","label":"unverified"})");
  }
  void on_answer_end(std::vector<std::string>& annotations) override {
    annotations.push_back(R"({"type":"summary"})");
  }
};

FilterChain chain() {
  std::vector<std::unique_ptr<StreamFilter>> filters;
  filters.push_back(std::make_unique<Annotator>());
  return FilterChain(std::move(filters));
}

TEST(AnnotationLog, NoneUnlessAsked) {
  FilterChain c = chain();
  c.on_delta(0, "a");
  EXPECT_EQ(nullptr, c.annotation_log());
}

TEST(AnnotationLog, KeepsWhatTheChainHandsOutInOrder) {
  FilterChain c = chain();
  c.keep_annotations(1 << 20);
  std::vector<std::string> handed;
  for (const std::string& a : c.on_delta(0, "one").annotations)
    handed.push_back(a);
  for (const std::string& a : c.on_unverified({0, "content_type", 3, 3}))
    handed.push_back(a);
  for (const std::string& a : c.answer_end())
    handed.push_back(a);
  ASSERT_NE(nullptr, c.annotation_log());
  EXPECT_EQ(handed, c.annotation_log()->kept);
  EXPECT_EQ(3u, handed.size());
  EXPECT_EQ(0u, c.annotation_log()->dropped);
}

TEST(AnnotationLog, CountsWhatIsOverTheBoundButAlwaysKeepsTheAnswersEnd) {
  FilterChain c = chain();
  c.keep_annotations(40);  // one sentence's verdict fits
  c.on_delta(0, "one");
  c.on_delta(0, "two");
  c.on_delta(0, "three");
  c.answer_end();
  const AnnotationLog* log = c.annotation_log();
  ASSERT_NE(nullptr, log);
  ASSERT_EQ(2u, log->kept.size());
  EXPECT_EQ(R"({"type":"verdict","text":"one"})", log->kept[0]);
  EXPECT_EQ(R"({"type":"summary"})", log->kept[1]);
  EXPECT_EQ(2u, log->dropped);
}

}  // namespace
}  // namespace groundgate::filters::stream
