#include "filters/sql/request_schema.h"

#include <gtest/gtest.h>

namespace groundgate::filters::sql {
namespace {

TEST(RequestSchema, ChatMessagesButNotTheAssistantsTurns) {
  const RequestSchema s = read_request_schema(
      R"({"messages":[{"role":"system","content":"CREATE TABLE staff (id INT, pay REAL);"},)"
      R"({"role":"assistant","content":"CREATE TABLE invented (x INT);"},)"
      R"({"role":"user","content":[{"type":"text","text":"CREATE VIEW v AS SELECT id FROM staff;"}]}]})");
  ASSERT_EQ(s.statements.size(), 2u);
  EXPECT_NE(s.statements[0].find("staff"), std::string::npos);
  EXPECT_NE(s.statements[1].find("VIEW v"), std::string::npos);
}

TEST(RequestSchema, ResponsesInstructionsInputItemsAndToolOutputs) {
  const RequestSchema s = read_request_schema(
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
      read_request_schema(R"({"input":"CREATE TABLE staff (id INT); Who earns most?"})");
  EXPECT_EQ(plain.statements.size(), 1u);
}

}  // namespace
}  // namespace groundgate::filters::sql
