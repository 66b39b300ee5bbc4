#include "filters/spl/macro_expansion.h"

#include <gtest/gtest.h>

#include "filters/spl/splunk_defaults.h"
#include "tests/filters/spl/spl_test_support.h"

namespace groundgate::filters::spl {
namespace {

TEST(MacroExpansion, ArgumentsAreSubstitutedAndMapBackToTheCall) {
  const std::string_view q =
      "| stats min(_time) as firstTime | `security_content_ctime(firstTime)`";
  const Expansion e = expand_macros(q, *testing::prompt(), &builtin_macros());
  EXPECT_EQ(e.text(),
            "| stats min(_time) as firstTime | convert timeformat=\"%Y-%m-%dT%H:%M:%S\" "
            "ctime(firstTime)");
  ASSERT_EQ(e.calls().size(), 1u);
  EXPECT_EQ(e.calls()[0].status, MacroStatus::kExpanded);
  // `firstTime` came from the model's argument; `convert` from the definition.
  const std::size_t arg = e.text().rfind("firstTime");
  EXPECT_TRUE(e.written_by_model(arg, arg + 9));
  const auto [b, end] = e.query_span(arg, arg + 9);
  EXPECT_EQ(q.substr(b, end - b), "firstTime");
  const std::size_t convert = e.text().find("convert");
  EXPECT_FALSE(e.written_by_model(convert, convert + 7));
  const auto [cb, ce] = e.query_span(convert, convert + 7);
  EXPECT_EQ(q.substr(cb, ce - cb), "`security_content_ctime(firstTime)`");
}

TEST(MacroExpansion, BuiltinCimMacroAndQuotedArguments) {
  const Expansion e = expand_macros("| `drop_dm_object_name(\"Processes\")`", *testing::prompt(),
                                    &builtin_macros());
  EXPECT_EQ(e.text(), "| rename Processes.* AS *");
}

TEST(MacroExpansion, UnknownWrongArityAndOpaqueMacrosStayAsWritten) {
  SplMetadata m = *testing::prompt();
  m.add_macro_name("named_only");
  const Expansion e = expand_macros("`nope` `sysmon(1)` `named_only` x", m, &builtin_macros());
  EXPECT_EQ(e.text(), "`nope` `sysmon(1)` `named_only` x");
  ASSERT_EQ(e.calls().size(), 3u);
  EXPECT_EQ(e.calls()[0].status, MacroStatus::kUnknown);
  EXPECT_EQ(e.calls()[1].status, MacroStatus::kWrongArguments);
  EXPECT_EQ(e.calls()[2].status, MacroStatus::kOpaque);
  EXPECT_EQ(to_string(MacroStatus::kWrongArguments), "wrong_arguments");
}

TEST(MacroExpansion, NestedDefinitionsExpandAndStringsAreLeftAlone) {
  SplMetadata m;
  m.add_macro({"outer", "`inner` b=2", {}});
  m.add_macro({"inner", "a=1", {}});
  const Expansion e = expand_macros("`outer` msg=\"`inner`\"", m, nullptr);
  EXPECT_EQ(e.text(), "a=1 b=2 msg=\"`inner`\"");
  EXPECT_EQ(e.calls().size(), 1u);  // only the call the model wrote is recorded
}

TEST(MacroExpansion, SelfReferenceStopsAtTheDepthBound) {
  SplMetadata m;
  m.add_macro({"loop", "x `loop`", {}});
  const Expansion e = expand_macros("`loop`", m, nullptr, {.max_depth = 4, .max_bytes = 1024});
  EXPECT_EQ(e.text(), "x x x x `loop`");
  EXPECT_FALSE(e.truncated());
}

TEST(MacroExpansion, OutputIsBoundedAndSaysSo) {
  SplMetadata m;
  m.add_macro({"big", std::string(600, 'a') + " `big` `big`", {}});
  const Expansion e = expand_macros("`big`", m, nullptr, {.max_depth = 8, .max_bytes = 4096});
  EXPECT_TRUE(e.truncated());
  EXPECT_LE(e.text().size(), 4096u);
}

TEST(MacroExpansion, CallTextSplitsAtTopLevelCommas) {
  const MacroCallText c = split_macro_call(R"(m( a , "b,c" , f(x, y)))");
  EXPECT_EQ(c.name, "m");
  ASSERT_EQ(c.arguments.size(), 3u);
  const std::string_view inner = R"(m( a , "b,c" , f(x, y)))";
  EXPECT_EQ(inner.substr(c.arguments[1].first, c.arguments[1].second - c.arguments[1].first),
            "b,c");
  EXPECT_EQ(inner.substr(c.arguments[2].first, c.arguments[2].second - c.arguments[2].first),
            "f(x, y)");
  EXPECT_TRUE(split_macro_call("m()").arguments.empty());
}

}  // namespace
}  // namespace groundgate::filters::spl
