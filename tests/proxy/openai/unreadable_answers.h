#pragma once
// What the tests of the whole-body transforms (chat completions, the Responses API) check
// alike of an answer they cannot read.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>

#include "proxy/openai/json_transform.h"
#include "tests/proxy/openai/test_filters.h"

namespace groundgate::proxy::openai::test_filters {

// `body`, an answer the transform (transform_completion_json, transform_responses_json) cannot
// read: a closed verifier refuses it whole (nothing shown, the reason annotated, the stream
// stopped); an open one lets it through as it came, with what the verifier said.
template <typename Transform>
void expect_unreadable_answer_handled(Transform transform, std::string_view body) {
  auto closed = make_chain(std::make_unique<HoldingVerifier>(/*closed=*/true));
  const JsonTransformResult refused = transform(body, closed.get());
  EXPECT_TRUE(refused.refused) << body;
  EXPECT_TRUE(refused.stopped);
  EXPECT_EQ("", refused.body);
  ASSERT_GE(refused.annotations.size(), 2u);
  EXPECT_NE(std::string::npos, refused.annotations[0].find(R"("unverified":"upstream_)"));
  EXPECT_EQ(R"({"type":"stopped","reason":"test.unverified"})", refused.annotations[1]);

  auto open = make_chain(std::make_unique<HoldingVerifier>(/*closed=*/false));
  const JsonTransformResult annotated = transform(body, open.get());
  EXPECT_FALSE(annotated.refused);
  EXPECT_TRUE(annotated.changed);  // the body as it came, plus what the verifier said
  EXPECT_NE(std::string::npos, annotated.body.find(R"("groundgate":[{"unverified":)"))
      << annotated.body;
}

}  // namespace groundgate::proxy::openai::test_filters
