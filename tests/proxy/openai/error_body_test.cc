#include "proxy/openai/error_body.h"

#include <gtest/gtest.h>

namespace groundgate::proxy::openai {
namespace {

TEST(ErrorBodyTest, OpenAiShape) {
  EXPECT_EQ(R"({"error":{"message":"upstream closed","type":"server_error","param":null,)"
            R"("code":"upstream_disconnected"}})",
            error_body("upstream closed", "server_error", "upstream_disconnected"));
}

TEST(ErrorBodyTest, EmptyCodeIsNullAndTextIsEscaped) {
  EXPECT_EQ(R"({"error":{"message":"bad \"x\"\n","type":"invalid_request_error","param":null,)"
            R"("code":null}})",
            error_body("bad \"x\"\n", "invalid_request_error"));
}

}  // namespace
}  // namespace groundgate::proxy::openai
