#pragma once
// Decodes one OpenAI completion object: a streamed chunk (chat.completion.chunk, legacy
// text_completion) or a whole non-streamed response (chat.completion). Besides the values it
// records where the answer text and finish_reason sit in the raw JSON, so that a writer can
// splice new text in and leave every other byte as the upstream sent it.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <simdjson.h>

#include "filters/stream/filter_chain.h"
#include "proxy/openai/status.h"

namespace groundgate::proxy::openai {

// Byte offsets [begin, end) into the decoded JSON text.
struct ByteRange {
  std::size_t begin = 0;
  std::size_t end = 0;
  bool empty() const { return begin == end; }
};

// The upstream's own JSON tokens (raw bytes, e.g. "\"chatcmpl-1\"" or "1700000000") of the
// fields a synthesised chunk repeats; empty when the upstream did not send the field.
struct ChunkHeader {
  std::string id;
  std::string object;
  std::string created;
  std::string model;
  std::string system_fingerprint;
};

// One tool call as a chunk carries it: a streamed delta brings the name once and the arguments
// in pieces (`call` says whose); a whole response brings each call complete. The legacy
// function_call is call 0.
struct ToolCallDelta {
  int call = 0;
  std::string name;
  std::string arguments;  // unescaped
};

// A string a client may show, and its token's place in the JSON (quotes included).
struct ShownString {
  bool present = false;  // a string (null and absent: none)
  std::string text;      // unescaped
  ByteRange range;
};

struct ChoiceDelta {
  int index = 0;
  std::string role;       // delta.role, empty when absent
  bool has_text = false;  // delta.content, message.content or (legacy) text is a string
  std::string text;       // unescaped
  ByteRange text_range;   // the string token, quotes included
  ShownString refusal;    // delta.refusal or message.refusal: answer text too
  // The model's reasoning (`reasoning_content`, or `reasoning` as some servers name it), not
  // the answer; when a message gives both with one text, the second is `reasoning_repeat`.
  ShownString reasoning;
  ByteRange reasoning_repeat;
  // `audio` (not null): the answer is spoken too; no filter can hear it, and its transcript
  // need not say what it says.
  bool has_audio = false;
  std::optional<std::string> finish_reason;  // absent or null: nullopt
  ByteRange finish_reason_range;  // the finish_reason token (string or null), if the key exists
  bool has_tool_calls = false;    // tool_calls or function_call, not null
  std::vector<ToolCallDelta> tool_calls;
  ByteRange tool_calls_range;  // the tool_calls (or function_call) value
  bool function_call = false;  // the legacy function_call rather than tool_calls
  bool has_logprobs = false;   // logprobs, not null
  ByteRange logprobs_range;    // the logprobs object: its tokens repeat the text
  bool legacy_text = false;    // the text came from choices[i].text
};

struct DecodedChunk {
  std::string id;
  std::string object;
  std::optional<std::int64_t> created;
  std::string model;
  std::string system_fingerprint;
  ChunkHeader header;
  std::vector<ChoiceDelta> choices;
  bool has_usage = false;     // usage present and not null
  bool has_error = false;     // an upstream `error` object
  std::string error_message;  // error.message, when it is a string

  // Legacy completions carry text in choices[i].text and have no delta objects.
  bool legacy() const { return object == "text_completion"; }
  // Back to the empty chunk, keeping the strings' and the choice list's storage: a stream
  // decodes one chunk per token, and the header strings are too long for in-place storage.
  void clear();
};

class ChunkDecoder {
 public:
  // Choice indexes outside [0, kMaxChoiceIndex] are refused (the chunk does not decode): the
  // chain keeps state per index, and the proxy has one bound for them.
  static constexpr std::int64_t kMaxChoiceIndex = filters::stream::kMaxChoices - 1;
  // Tool call positions outside [0, kMaxToolCallIndex] are refused: state is kept per call.
  static constexpr std::int64_t kMaxToolCallIndex = 1023;

  // Decodes with a parser shared by every decoder of the calling thread (see the definition);
  // nothing refers to its buffers once decode returns.
  Status decode(std::string_view json, DecodedChunk& out);
};

}  // namespace groundgate::proxy::openai
