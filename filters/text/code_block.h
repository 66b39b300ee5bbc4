#pragma once
// A fenced code block of an answer (``` or ~~~, CommonMark), as the segmenter hands it on: a
// unit of its own (SentenceKind::kCodeBlock), fences included, cut at kMaxSentenceBytes.

#include <cstddef>
#include <string>
#include <string_view>

namespace groundgate::filters::text {

struct CodeBlock {
  std::string language;        // the info string's first word, lowercased ("sql"); empty: none
  std::string_view code;       // the lines between the fences (a view into the unit's text)
  std::size_t code_begin = 0;  // where `code` starts in the unit's text
  bool opened = false;         // the unit starts with its opening fence
  bool closed = false;         // the unit ends with a closing fence
  bool cut = false;            // the unit was cut at the bound: the block goes on in the next
  // The whole block is in this one unit; otherwise it was cut (longer than the unit bound) or
  // its fence never closed before the answer ended.
  bool whole() const { return opened && closed; }
};

// Reads a code-block unit's text (`unit`): its language, code and fences. `cut`: the
// segmenter cut the unit at its bound (Sentence::cut). Any text starting with a fence line
// reads as one block (a whole answer that is a query, say).
CodeBlock read_code_block(std::string_view unit, bool cut = false);

}  // namespace groundgate::filters::text
