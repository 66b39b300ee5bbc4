// The SSE transform and side requests: an event whose text a filter holds for side answers
// waits with its output, and the events after it, until answer(); the end of the answer waits
// while answers are out, when the filters only report.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "proxy/sse/sse_transform.h"
#include "tests/proxy/openai/asks_filter.h"

namespace groundgate::proxy::openai {
namespace {

using sse::AnnotationPlacement;
using sse::SseTransform;
using sse::SseTransformCounters;

using filters::stream::FilterChain;
using testing::chain_of;

std::string chunk(const std::string& content, const char* finish = nullptr) {
  std::string out = R"(data: {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,)"
                    R"("delta":{"content":")" +
                    content + R"("},"finish_reason":)" +
                    (finish ? "\"" + std::string(finish) + "\"" : std::string("null")) + "}]}\n\n";
  return out;
}

TEST(SideAnswersTransform, HeldTextWaitsInItsEventWithTheEventsAfterIt) {
  FilterChain chain = chain_of(true);
  SseTransform transform(&chain, 1 << 16);
  std::string out;
  transform.feed(chunk("Why?") + chunk(" Because.", "stop") + "data: [DONE]\n\n", out);
  EXPECT_TRUE(transform.waiting());
  EXPECT_EQ(out.find("Why"), std::string::npos) << out;
  EXPECT_EQ(out.find("[DONE]"), std::string::npos) << out;
  std::vector<filters::stream::SideBatch> batches = chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  // More bytes while waiting are taken, not checked.
  std::string more;
  transform.feed("", more);
  EXPECT_TRUE(more.empty());
  transform.answer(batches[0].filter, {{1, 200, "ok", ""}}, out);
  EXPECT_FALSE(transform.waiting());
  const std::size_t why = out.find(R"("content":"Why?")");
  const std::size_t because = out.find(R"("content":" Because.")");
  const std::size_t answered = out.find(R"("answered":true)");
  const std::size_t done = out.find("[DONE]");
  ASSERT_NE(why, std::string::npos) << out;
  EXPECT_LT(why, because) << out;
  EXPECT_LT(answered, because) << out;  // on the event that carried the held text
  EXPECT_LT(because, done) << out;
}

TEST(SideAnswersTransform, WhenFiltersOnlyReportTheEndWaitsForTheAnswers) {
  FilterChain chain = chain_of(false);
  SseTransform transform(&chain, 1 << 16);
  std::string out;
  transform.feed(chunk("Why?") + chunk(" Because.", "stop") + "data: [DONE]\n\n", out);
  EXPECT_NE(out.find(" Because."), std::string::npos) << out;  // the text went at once
  EXPECT_EQ(out.find("[DONE]"), std::string::npos) << out;
  EXPECT_TRUE(transform.waiting());
  std::vector<filters::stream::SideBatch> batches = chain.take_side_requests();
  ASSERT_EQ(batches.size(), 1u);
  transform.answer(batches[0].filter, {{1, 0, "", "timeout"}}, out);
  const std::size_t answered = out.find(R"("answered":true)");
  ASSERT_NE(answered, std::string::npos) << out;
  EXPECT_GT(answered, out.find(" Because.")) << out;
  EXPECT_LT(answered, out.find("[DONE]")) << out;
}

}  // namespace
}  // namespace groundgate::proxy::openai
