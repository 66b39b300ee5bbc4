#pragma once
// Code blocks are claims about the context too: a command, a number, a name in code can be
// fabricated. A checker for one language reads a whole fenced block (the hold unit, as a
// sentence is for prose) and answers in the sentence verdict vocabulary, so actions,
// annotations, audit and metrics are shared with prose. A block in a language without a
// checker is unverified: the policy's on_error decides.

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filters/request/request_view.h"
#include "filters/text/code_block.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::verify {

// One stream's checker for one language (it may keep what it read from the request).
class CodeChecker {
 public:
  virtual ~CodeChecker() = default;
  // `begin`, `end`: the block's span in the choice's answer text, fences included. A block that
  // is not whole (cut at the unit bound, or never closed) is the checker's to judge.
  virtual SentenceVerdict check(const text::CodeBlock& block, std::size_t begin,
                                std::size_t end) = 0;
};

// A language a policy checks: its name as fences write it (lowercase, "sql"), and how a stream
// makes its checker from the request (which may carry a schema).
struct CodeLanguage {
  std::string name;
  std::function<std::unique_ptr<CodeChecker>(const request::RequestView& request)> make;
};

}  // namespace groundgate::filters::verify
