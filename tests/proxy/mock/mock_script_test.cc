#include "proxy/mock/mock_script.h"

#include <gtest/gtest.h>

#include "proxy/mock/response_plan.h"

namespace groundgate::proxy::mock {
namespace {

MockRequest request(Api api, std::string_view model, std::string_view text) {
  MockRequest r;
  r.api = api;
  r.model = std::string(model);
  r.last_user_text = std::string(text);
  return r;
}

TEST(MockScriptTest, ParsesEveryField) {
  const ScriptLoad load = MockScript::parse(R"(
- match: "Refund"
  model: "gpt-4o*"
  answers: ["first", "second"]
  first_byte_delay_ms: 250
  close_after_tokens: 4
  tokens_per_second: 12.5
- match: weather
  tool_call: {name: get_weather, arguments: '{"city":"Paris"}'}
- status: 429
  message: slow down
)");
  ASSERT_TRUE(load.ok()) << load.error;
  ASSERT_EQ(3u, load.entries.size());
  const ScriptEntry& first = load.entries[0];
  EXPECT_EQ(std::vector<std::string>{"refund"}, first.match);
  EXPECT_EQ("gpt-4o*", first.model);
  ASSERT_EQ(2u, first.answers.size());
  EXPECT_EQ("second", first.answers[1].text());
  EXPECT_EQ(std::chrono::milliseconds(250), first.first_byte_delay);
  EXPECT_EQ(4u, first.close_after_tokens.value());
  EXPECT_DOUBLE_EQ(12.5, first.tokens_per_second.value());
  ASSERT_TRUE(load.entries[1].tool_call.has_value());
  EXPECT_EQ("get_weather", load.entries[1].tool_call->name);
  EXPECT_EQ(R"({"city":"Paris"})", load.entries[1].tool_call->arguments.text());
  EXPECT_EQ(429u, load.entries[2].status);
  EXPECT_EQ("slow down", load.entries[2].message);
}

TEST(MockScriptTest, ReportsTheEntryAndTheProblem) {
  struct Case {
    const char* yaml;
    const char* error;
  } cases[] = {
      {"answer: x", "the script must be a list of entries"},
      {"- answr: x", "entry 1: unknown key 'answr'"},
      {"- answer: a\n- status: 200", "entry 2: 'status' must be an integer in [400, 599]"},
      {"- answer: a\n  answers: [b]", "entry 1: give either 'answer' or 'answers', not both"},
      {"- status: 500\n  answer: a",
       "entry 1: 'status' cannot be combined with 'answer(s)' or 'tool_call'"},
      {"- tool_call: {arguments: '{}'}", "entry 1: 'tool_call.name' is required"},
      {"- first_byte_delay_ms: -1",
       "entry 1: 'first_byte_delay_ms' must be an integer in [0, 600000]"},
      {"- tokens_per_second: fast", "entry 1: 'tokens_per_second' must be a number"},
      {"- answers: []", "entry 1: 'answers' must be a non-empty list"},
  };
  for (const Case& c : cases) {
    const ScriptLoad load = MockScript::parse(c.yaml);
    EXPECT_EQ(c.error, load.error) << c.yaml;
    EXPECT_TRUE(load.entries.empty());
  }
  EXPECT_EQ(0u, MockScript::parse("- [unclosed").error.find("invalid YAML: "));
  EXPECT_TRUE(MockScript::parse("").ok());
}

TEST(MockScriptTest, LoadFileNamesTheFile) {
  const ScriptLoad load = MockScript::load_file("/nonexistent/script.yaml");
  EXPECT_EQ("cannot open mock script '/nonexistent/script.yaml'", load.error);
}

TEST(MockScriptTest, FirstMatchingEntryWins) {
  ScriptLoad load = MockScript::parse(R"(
- match: weather
  tool_call: {name: get_weather}
- model: "claude-?"
  answer: glob
- match: REFUND
  answer: refund
- answer: anything
)");
  ASSERT_TRUE(load.ok()) << load.error;
  const MockScript script(std::move(load.entries));
  auto answer_of = [&](Api api, std::string_view model, std::string_view text) {
    const ScriptEntry* entry = script.find(request(api, model, text));
    if (entry == nullptr) return std::string("none");
    return entry->tool_call ? std::string("tool") : entry->answers.at(0).text();
  };
  EXPECT_EQ("tool", answer_of(Api::kChat, "gpt-4o", "What's the Weather like?"));
  EXPECT_EQ("anything", answer_of(Api::kCompletion, "gpt-4o", "the weather"));
  EXPECT_EQ("glob", answer_of(Api::kChat, "claude-3", "refund"));
  EXPECT_EQ("refund", answer_of(Api::kChat, "claude-35", "my refund please"));
  EXPECT_EQ("anything", answer_of(Api::kChat, "m", "hello"));
  EXPECT_EQ(nullptr, MockScript().find(request(Api::kChat, "m", "hello")));
}

// A judge's calls told apart by their prompts: the system message, the order of two parts of
// the user message, the temperature.
TEST(MockScriptTest, JudgeCallsAreAnsweredByTheirPromptsContent) {
  ScriptLoad load = MockScript::parse(R"(
- system: "assume the sentence is hallucinated"
  answer: explain-h
- match: ["EXPLAIN-H", "EXPLAIN-F"]
  temperature: 0
  answer: h-first
- match: ["EXPLAIN-F", "EXPLAIN-H"]
  temperature: 0
  answer: f-first
- match: "EXPLAIN"
  temperature: 0.5
  turns: [one, two]
- answer: other
)");
  ASSERT_TRUE(load.ok()) << load.error;
  const MockScript script(std::move(load.entries));
  auto answer_of = [&](std::string_view system, std::string_view text,
                       std::optional<double> temperature) {
    MockRequest r = request(Api::kChat, "judge", text);
    r.system_text = system;
    r.temperature = temperature;
    const ScriptEntry* entry = script.find(r);
    if (entry == nullptr) return std::string("none");
    if (!entry->turns.empty()) return std::string("turns");
    return entry->answers.at(0).text();
  };
  EXPECT_EQ("explain-h", answer_of("You... Assume the sentence is HALLUCINATED.", "x", 0.0));
  EXPECT_EQ("h-first", answer_of("judge", "a EXPLAIN-H b EXPLAIN-F", 0.0));
  EXPECT_EQ("f-first", answer_of("judge", "a EXPLAIN-F b EXPLAIN-H", 0.0));
  EXPECT_EQ("turns", answer_of("judge", "a EXPLAIN-F b EXPLAIN-H", 0.5));
  EXPECT_EQ("other", answer_of("judge", "a EXPLAIN-F b EXPLAIN-H", std::nullopt));  // 1
}

TEST(MockScriptTest, TurnsAnswerSuccessiveRequestsAndTheLastRepeats) {
  ScriptLoad load = MockScript::parse("- turns: [one, two]\n");
  ASSERT_TRUE(load.ok()) << load.error;
  const MockScript script(std::move(load.entries));
  const MockRequest r = request(Api::kChat, "m", "hi");
  std::vector<std::string> seen;
  for (int i = 0; i < 3; ++i)
    seen.push_back(plan_response(r, script, 0).choices.at(0).text->text());
  EXPECT_EQ((std::vector<std::string>{"one", "two", "two"}), seen);
}

TEST(MockScriptTest, RefusesBadJudgeKeys) {
  EXPECT_FALSE(MockScript::parse("- temperature: hot\n  answer: x").ok());
  EXPECT_FALSE(MockScript::parse("- temperature: 3\n  answer: x").ok());
  EXPECT_FALSE(MockScript::parse("- match: []\n  answer: x").ok());
  EXPECT_FALSE(MockScript::parse("- turns: [a]\n  answer: x").ok());
  EXPECT_FALSE(MockScript::parse("- turns: []").ok());
}

TEST(MockScriptTest, GlobMatch) {
  EXPECT_TRUE(glob_match("gpt-4o*", "gpt-4o-mini"));
  EXPECT_TRUE(glob_match("*mini", "gpt-4o-mini"));
  EXPECT_TRUE(glob_match("g?t-*-m*i", "gpt-4o-mini"));
  EXPECT_TRUE(glob_match("*", ""));
  EXPECT_FALSE(glob_match("gpt-4o", "gpt-4o-mini"));
  EXPECT_FALSE(glob_match("?", ""));
  EXPECT_FALSE(glob_match("a*b", "acbd"));
}

}  // namespace
}  // namespace groundgate::proxy::mock
