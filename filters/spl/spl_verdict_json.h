#pragma once
// An SplVerdict as JSON: the body of a `"kind":"spl"` verdict object (`groundgate splcheck`,
// eval predictions, annotations).
//   "label":"contradicted","metadata":true,"commands":4,
//   "checks":{"syntax":"passed","fabrication":"failed","mixed":"passed","misaligned":"passed",
//             "misinterpretation":"not_run:no_question"},
//   "findings":[{"type":"fabrication","label":"contradicted","code":"unknown_field",
//                "offset":[31,43],"reason":"...","replacement":"..."}],
//   "corrected":"..."

#include <cstddef>
#include <string>

#include "filters/spl/spl_verdict.h"

namespace groundgate::filters::spl {

struct VerdictJsonOptions {
  std::size_t offset = 0;  // added to every span (the search's place in the answer)
  // Reasons, replacements and the corrected search quote the search: left out when the client
  // must not see it (blocked, rewritten).
  bool include_text = true;
};

// Appends the members (no braces) to `out`, starting with a comma.
void append_verdict_members(std::string& out, const SplVerdict& verdict,
                            const VerdictJsonOptions& options);

}  // namespace groundgate::filters::spl
