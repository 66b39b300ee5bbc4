#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "filters/text/sentence_segmenter.h"

namespace groundgate::filters::text {

// State carried between scans of a stream (everything else is re-derived from the buffer).
struct ScanState {
  bool line_start = true;  // the unscanned text begins at the start of a line
  bool in_code = false;    // inside a fenced code block that was cut at the length limit
  char fence = '`';        // fence character of that block
  // Set by each scan: it stopped at the buffer's end inside prose, with no boundary pending.
  bool open_prose = false;
};

// Finds the sentences in `buffer` (text starting at full-text offset `base`) that are
// certainly complete; with at_end every remaining byte is decided. Appends them to `out`
// and returns how many leading bytes of `buffer` are finished with (sentences and the
// whitespace before the next one). Decisions depend only on the bytes, never on where the
// buffer happens to end, which is what makes streaming agree with whole-text splitting.
std::size_t scan_sentences(std::string_view buffer, std::size_t base, bool at_end, ScanState& state,
                           std::vector<Sentence>& out);

// Whether appending `bytes` to the `buffered` bytes the last scan left can change what the next
// scan decides. It cannot when that scan stopped inside prose with nothing pending, every byte
// of `bytes` is one prose scanning passes over (no line end, terminal mark or first byte of a
// multi-byte mark), and the sentence stays under the length limit: the next scan would walk
// the same way to the new end and stop there again. A streaming caller skips such scans.
bool scan_may_decide(const ScanState& state, std::size_t buffered, std::string_view bytes);

}  // namespace groundgate::filters::text
