#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace groundgate::filters::context {

// Where a route's policy lets us look for retrieved context in a request.
struct ContextOptions {
  bool tool_messages = true;           // role "tool" and legacy "function" messages
  bool extension_fields = true;        // top-level `context` and `documents`
  bool keep_extension_fields = false;  // forward them upstream instead of removing them
  bool tagged_blocks = true;           // <context>…</context> etc. in the app's messages
  // Tagged blocks in user messages too: the end user writes those, so a block there is
  // evidence only where the app is known to put its retrieved context in them.
  bool user_messages = false;
  std::vector<std::string> tags = {"context", "documents", "document"};
  bool system_message =
      false;              // the system message's untagged text (instructions are not evidence)
  bool question = false;  // the last user message, as weak grounding
  std::size_t max_bytes = 256 * 1024;
};

}  // namespace groundgate::filters::context
