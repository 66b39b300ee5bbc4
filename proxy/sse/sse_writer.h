#pragma once
// Serialises Server-Sent Events: data events (a payload with line breaks becomes several data:
// lines), comment lines, and error events. Every function appends to `out`, LF line ends.

#include <string>
#include <string_view>

namespace groundgate::proxy::sse {

class SseWriter {
 public:
  // `type` and `id` are written as event:/id: fields when not empty.
  static void append_data(std::string& out, std::string_view payload, std::string_view type = {},
                          std::string_view id = {});
  // One comment line per line of `text`, each ": " + line, then a blank line ends the block.
  static void append_comment(std::string& out, std::string_view text);
  // An error as an unnamed data event: the OpenAI SDKs throw on a chunk with an `error` field
  // but not on a named `event: error` block, so the name is left out on purpose.
  static void append_error(std::string& out, std::string_view error_json);
  static void append_done(std::string& out) { append_data(out, "[DONE]"); }
};

}  // namespace groundgate::proxy::sse
