// The streaming transform with a chain that changes nothing is byte-identical up to the
// answer's end (nothing goes after [DONE]), however the upstream bytes are split, in one step
// (feed) or two (take, then check, as the relay calls them for a chain that only reports); with a
// rewriting filter, one that holds tool calls and stops on some, or one that only annotates, it
// never crashes.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filters/stream/filter_chain.h"
#include "proxy/sse/sse_transform.h"
#include "tests/fuzz/fuzz_filters.h"

namespace {

using groundgate::filters::stream::ChoiceOutput;
using groundgate::filters::stream::FilterChain;
using groundgate::filters::stream::StreamFilter;
using groundgate::filters::stream::TextEvent;
using groundgate::proxy::sse::SseTransform;

constexpr std::size_t kMaxEvent = 1 << 20;  // above libFuzzer's input sizes: never hit here

// Releases everything, only reports: take() sends the upstream's events before it sees them.
class ReportingFilter : public StreamFilter {
 public:
  explicit ReportingFilter(bool annotate) : annotate_(annotate) {}
  bool only_reports() const override { return true; }
  void on_text(const TextEvent& event, ChoiceOutput& out) override {
    if (annotate_ && event.pending.find('.') != std::string_view::npos) {
      out.annotate(R"({"offset":)" + std::to_string(event.offset) + "}");
    }
    out.release(event.pending.size());
  }
  void on_answer_end(std::vector<std::string>& annotations) override {
    if (annotate_) annotations.push_back(R"({"type":"summary"})");
  }

 private:
  bool annotate_;
};

// In one step per piece (feed), or two (take, then check) as the relay calls them.
std::string run(FilterChain* chain, std::string_view input, std::size_t stride,
                bool two_steps = false) {
  SseTransform transform(chain, kMaxEvent);
  std::string out;
  for (std::size_t at = 0; at < input.size() && !transform.stopped(); at += stride) {
    if (two_steps) {
      (void)transform.take(input.substr(at, stride), out);
      transform.check(out);
    } else {
      (void)transform.feed(input.substr(at, stride), out);
    }
  }
  transform.finish(true, out);
  return out;
}

FilterChain chain_of(std::unique_ptr<StreamFilter> filter) {
  std::vector<std::unique_ptr<StreamFilter>> filters;
  filters.push_back(std::move(filter));
  return FilterChain(std::move(filters));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t stride = 1 + bytes[0] % 32;
  const std::string_view input(reinterpret_cast<const char*>(bytes) + 1, size - 1);

  if (run(nullptr, input, stride) != input) __builtin_trap();

  FilterChain pass = chain_of(std::make_unique<StreamFilter>());
  const std::string out = run(&pass, input, stride);
  // The chain itself stops on choice indexes it will not track; otherwise nothing may change.
  // Nothing goes after the answer's end ([DONE]).
  using groundgate::fuzz::relayed_up_to_the_end;
  if (!pass.stopped() && !relayed_up_to_the_end(input, out, false)) __builtin_trap();

  FilterChain quiet = chain_of(std::make_unique<ReportingFilter>(false));
  const std::string sent_first = run(&quiet, input, stride, /*two_steps=*/true);
  if (!quiet.stopped() && !relayed_up_to_the_end(input, sent_first, false)) __builtin_trap();
  FilterChain reporting = chain_of(std::make_unique<ReportingFilter>(true));
  (void)run(&reporting, input, stride, /*two_steps=*/true);

  FilterChain rewrite = chain_of(std::make_unique<groundgate::fuzz::UppercaseHalfFilter>());
  (void)run(&rewrite, input, stride);
  return 0;
}
