#pragma once
// The mock's script: a YAML list of entries that say how to answer which request.
//
//   - match: "refund"          # substring of the last user message / prompt (ASCII
//   case-insensitive)
//     model: "gpt-4o*"         # glob ('*', '?'); empty or absent: any model
//     answer: "text"           # or answers: [per-choice texts], or tool_call: {name, arguments}
//     status: 429              # answer with this HTTP error and an OpenAI error body
//     message: "..."           # the error message (with status)
//     first_byte_delay_ms: 500
//     close_after_tokens: 3    # the upstream dies mid-stream
//     tokens_per_second: 50
//     file_search:             # /v1/responses: a file_search_call item with these results
//       - {filename: "policy.md", text: "Refunds within 14 days."}   # comes before the answer
//
// The first matching entry wins. tool_call entries never match /v1/completions.

#include <chrono>
#include <cstdint>
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
  std::string match;  // lower-cased
  std::string model;
  std::vector<AnswerTokens> answers;  // empty: canned answers; choice i gets answers[i % size]
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
  const ScriptEntry* find(Api api, std::string_view model, std::string_view text) const;
  const std::vector<ScriptEntry>& entries() const { return entries_; }

 private:
  std::vector<ScriptEntry> entries_;
};

// '*' any run, '?' any one character; everything else literal.
bool glob_match(std::string_view pattern, std::string_view text);

}  // namespace groundgate::proxy::mock
