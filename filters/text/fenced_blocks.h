#pragma once
// The fenced code blocks of a whole answer, found as the stream finds them: the blocks the
// segmenter makes units of, a block it cut at its unit bound joined again, each read by
// read_code_block. The structured-answer checks (SQL, SPL) pick theirs by language.

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "filters/text/code_block.h"

namespace groundgate::filters::text {

struct FencedBlock {
  std::size_t begin = 0;  // where the block (its opening fence) starts in the answer
  CodeBlock block;        // code_begin is relative to `begin`
  // The code's span in the answer.
  std::size_t code_begin() const { return begin + block.code_begin; }
  std::size_t code_end() const { return code_begin() + block.code.size(); }
};

std::vector<FencedBlock> fenced_blocks(std::string_view answer);

// A span of code in an answer.
struct CodeSpan {
  std::size_t begin = 0;
  std::size_t end = 0;
  bool complete = true;  // a fenced block's closing fence was seen
};

// The answer as one piece of code (a route whose answers are a query): surrounding whitespace,
// and one fence around all of it, removed. Nullopt for an answer of whitespace only.
std::optional<CodeSpan> whole_answer_code(std::string_view answer);

}  // namespace groundgate::filters::text
