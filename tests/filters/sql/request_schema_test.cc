#include "filters/sql/request_schema.h"

#include <gtest/gtest.h>

#include "tests/support/request_view.h"

namespace groundgate::filters::sql {
namespace {

RequestSchema schema_of(std::string_view body) {
  return read_request_schema(groundgate::testing::view_of(body));
}

TEST(RequestSchema, ChatMessagesButNotTheAssistantsTurns) {
  const RequestSchema s = schema_of(
      R"({"messages":[{"role":"system","content":"CREATE TABLE staff (id INT, pay REAL);"},)"
      R"({"role":"assistant","content":"CREATE TABLE invented (x INT);"},)"
      R"({"role":"user","content":[{"type":"text","text":"CREATE VIEW v AS SELECT id FROM staff;"}]}]})");
  ASSERT_EQ(s.statements.size(), 2u);
  EXPECT_NE(s.statements[0].find("staff"), std::string::npos);
  EXPECT_NE(s.statements[1].find("VIEW v"), std::string::npos);
}

TEST(RequestSchema, ResponsesInstructionsInputItemsAndToolOutputs) {
  const RequestSchema s = schema_of(
      R"({"model":"m","instructions":"Answer in SQL. CREATE TABLE staff (id INT, pay REAL);",)"
      R"("input":[{"role":"user","content":[{"type":"input_text","text":)"
      R"("CREATE TABLE teams (id INT, name TEXT);"}]},)"
      R"({"type":"message","role":"assistant","content":[{"type":"output_text","text":)"
      R"("CREATE TABLE invented (x INT);"}]},)"
      R"({"type":"function_call_output","call_id":"c1","output":"CREATE TABLE logs (at TEXT);"}]})");
  ASSERT_EQ(s.statements.size(), 3u);
  EXPECT_NE(s.statements[0].find("staff"), std::string::npos);
  EXPECT_NE(s.statements[1].find("teams"), std::string::npos);
  EXPECT_NE(s.statements[2].find("logs"), std::string::npos);
  const RequestSchema plain =
      schema_of(R"({"input":"CREATE TABLE staff (id INT); Who earns most?"})");
  EXPECT_EQ(plain.statements.size(), 1u);
}

}  // namespace
}  // namespace groundgate::filters::sql
