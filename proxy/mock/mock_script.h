#pragma once
// The mock's script: a YAML list of entries that say how to answer which request.
//
//   - match: "refund"          # substring of the last user message / prompt (ASCII
//   case-insensitive); a list: substrings that occur in that order
//     model: "gpt-4o*"         # glob ('*', '?'); empty or absent: any model
//     system: "fact checker"   # substring of the system / developer messages or `instructions`
//     temperature: 0.5         # the request's temperature (absent in the request: 1)
//     turns: ["a", "b"]        # successive requests this entry answers get these in turn (the
//                              # last one repeats): a judge asked the same prompt again
//     answer: "text"           # or answers: [per-choice texts], or tool_call: {name, arguments}
//     status: 429              # answer with this HTTP error and an OpenAI error body
//     message: "..."           # the error message (with status)
//     first_byte_delay_ms: 500
//     close_after_tokens: 3    # the upstream dies mid-stream
//     tokens_per_second: 50
//     file_search:             # /v1/responses: a file_search_call item with these results
//       - {filename: "policy.md", text: "Refunds within 14 days."}   # comes before the answer
//
// The first matching entry wins. tool_call entries never match /v1/completions. With the
// system, temperature and ordered matches, a script answers a judge's calls by their prompt's
// content: which method, which step, which evidence, which order of explanations.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "proxy/mock/answer_tokens.h"
#include "proxy/mock/mock_request.h"

namespace groundgate::proxy::mock {

struct ScriptToolCall {
  std::string name;
  AnswerTokens arguments;  // JSON text, streamed in token-sized pieces
};

// One result of a scripted file search.
struct ScriptPassage {
  std::string filename;
  std::string text;
};

struct ScriptEntry {
  std::vector<std::string> match;  // lower-cased, in the order they must occur
  std::string model;
  std::string system;  // lower-cased
  std::optional<double> temperature;
  std::vector<AnswerTokens> answers;  // empty: canned answers; choice i gets answers[i % size]
  std::vector<AnswerTokens> turns;    // non-empty: the answer of each request in turn
  std::shared_ptr<std::atomic<std::size_t>> next_turn = std::make_shared<std::atomic<size_t>>(0);
  std::optional<ScriptToolCall> tool_call;
  unsigned status = 0;  // 0: answer normally
  std::string message;
  std::chrono::milliseconds first_byte_delay{0};
  std::optional<uint64_t> close_after_tokens;
  std::optional<double> tokens_per_second;
  std::vector<ScriptPassage> file_search;  // Responses API only
};

struct ScriptLoad {
  std::vector<ScriptEntry> entries;
  std::string error;  // empty: loaded
  bool ok() const { return error.empty(); }
};

class MockScript {
 public:
  MockScript() = default;
  explicit MockScript(std::vector<ScriptEntry> entries) : entries_(std::move(entries)) {}

  static ScriptLoad load_file(const std::string& path);
  static ScriptLoad parse(std::string_view yaml);

  // The first entry that applies to this request, or nullptr.
  const ScriptEntry* find(const MockRequest& request) const;
  const std::vector<ScriptEntry>& entries() const { return entries_; }

 private:
  std::vector<ScriptEntry> entries_;
};

// '*' any run, '?' any one character; everything else literal.
bool glob_match(std::string_view pattern, std::string_view text);

}  // namespace groundgate::proxy::mock
