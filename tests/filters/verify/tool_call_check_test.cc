#include "filters/verify/tool_call_check.h"

#include <gtest/gtest.h>

#include "tests/support/request_view.h"

#include <memory>
#include <string>
#include <vector>

namespace groundgate::filters::verify {
namespace {

constexpr const char* kContext =
    "Order A-1042 was placed by Allison Goertz on March 2, 1991 and shipped to Toronto. "
    "It holds 3 copies of the album Cool Parent.";

constexpr const char* kTools = R"({"model":"m","tools":[{"type":"function","function":{
  "name":"track_order","parameters":{"type":"object","properties":{
    "order_id":{"type":"string"},
    "carrier":{"type":"string","enum":["UPS","DHL"]},
    "detail":{"type":"string","default":"summary"},
    "items":{"type":"array","items":{"type":"object","properties":{"sku":{"type":"string"}}}}}}}}],
  "functions":[{"name":"legacy","parameters":{"properties":{"unit":{"const":"km"}}}}]})";

class ToolCallCheckTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto loaded = text::Lexicon::shared();
    ASSERT_TRUE(loaded.lexicon) << loaded.error;
    config_.pieces.lexicon = loaded.lexicon;
    std::vector<context::Passage> passages(1);
    passages[0].text = kContext;
    index_ = index::ContextIndex::build(std::move(passages));
    schema_ = ToolSchemaValues::from_request(groundgate::testing::view_of(kTools));
  }

  ToolCallVerdict check(std::string_view arguments, bool truncated = false,
                        std::string_view name = "track_order") {
    SentenceVerifier verifier(std::make_shared<const VerifyConfig>(config_), index_,
                              "Where is my order?", 0);
    return check_tool_call(verifier, name, arguments, truncated, schema_);
  }

  VerifyConfig config_;
  std::shared_ptr<const index::ContextIndex> index_;
  ToolSchemaValues schema_;
};

TEST_F(ToolCallCheckTest, SchemaValuesComeFromEnumsConstsAndDefaultsOfEachTool) {
  EXPECT_EQ(4u, schema_.size());
  EXPECT_TRUE(schema_.offers("track_order", "ups"));
  EXPECT_TRUE(schema_.offers("track_order", " DHL "));
  EXPECT_TRUE(schema_.offers("track_order", "summary"));
  EXPECT_TRUE(schema_.offers("legacy", "km"));
  EXPECT_FALSE(schema_.offers("legacy", "UPS"));  // per tool
  EXPECT_FALSE(schema_.offers("track_order", "FedEx"));
  EXPECT_EQ(0u, ToolSchemaValues::from_request(groundgate::testing::view_of("not json {")).size());
  EXPECT_EQ(
      0u, ToolSchemaValues::from_request(groundgate::testing::view_of(R"({"tools":null})")).size());
}

TEST_F(ToolCallCheckTest, ValuesFromTheContextAreSupported) {
  const ToolCallVerdict v = check(R"({"order_id":"A-1042","carrier":"UPS","detail":"summary"})");
  EXPECT_TRUE(v.verdict.ok());
  EXPECT_TRUE(v.verdict.claims);
  EXPECT_EQ(Label::kSupported, v.verdict.label);
  EXPECT_EQ(1u, v.values);  // the schema's own values are not claims
}

TEST_F(ToolCallCheckTest, AnInventedValueIsUnsupportedAndNamesItsArgument) {
  const ToolCallVerdict v =
      check(R"({"order_id":"A-1042","items":[{"sku":"A-1042"},{"sku":"Q-7731"}]})");
  EXPECT_EQ(Label::kUnsupported, v.verdict.label);
  EXPECT_EQ("items[1].sku", v.argument);
  EXPECT_EQ(3u, v.values);
}

TEST_F(ToolCallCheckTest, AChangedDateContradictsTheContext) {
  const ToolCallVerdict v = check(R"({"order_id":"A-1042","note":"placed on March 2, 1994"})");
  EXPECT_EQ(Label::kContradicted, v.verdict.label);
  EXPECT_EQ("note", v.argument);
}

TEST_F(ToolCallCheckTest, NumbersAreClaimsToo) {
  EXPECT_EQ(Label::kSupported, check(R"({"copies":3})").verdict.label);
  EXPECT_NE(Label::kSupported, check(R"({"copies":250})").verdict.label);
}

TEST_F(ToolCallCheckTest, NoValuesMeansNoClaims) {
  for (const char* arguments : {"", "{}", R"({"express":true,"note":null})", "  "}) {
    const ToolCallVerdict v = check(arguments);
    EXPECT_TRUE(v.verdict.ok()) << arguments;
    EXPECT_FALSE(v.verdict.claims) << arguments;
  }
}

TEST_F(ToolCallCheckTest, BrokenOrCutArgumentsAreErrorsNotVerdicts) {
  EXPECT_EQ(VerifyError::kUnparsable, check(R"({"order_id":"A-10)").verdict.error);
  EXPECT_EQ(VerifyError::kTooLong, check(R"({"order_id":"A-1042"})", true).verdict.error);
}

}  // namespace
}  // namespace groundgate::filters::verify
