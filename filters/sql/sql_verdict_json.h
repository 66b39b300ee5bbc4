#pragma once
// An SqlVerdict as JSON: the body of a `"kind":"sql"` verdict object (annotations, audit,
// `groundgate sqlcheck`, eval predictions).
//   "label":"contradicted","unsafe":false,"schema":true,"statements":1,
//   "checks":{"schema":"failed","safety":"passed","linking":"passed",
//             "execution":"skipped:no_database","metamorphic":"not_run"},
//   "findings":[{"check":"schema","type":"schema","label":"contradicted",
//                "code":"unknown_column","offset":[7,12],"reason":"...","replacement":"..."}],
//   "corrected":"SELECT ..."

#include <cstddef>
#include <string>

#include "filters/sql/sql_verdict.h"

namespace groundgate::filters::sql {

struct VerdictJsonOptions {
  std::size_t offset = 0;  // added to every span (the query's place in the answer)
  // Reasons, replacements and the corrected query quote the query: left out when the client
  // must not see it (blocked, rewritten).
  bool include_text = true;
  bool include_reads = false;
};

// Appends the members (no braces) to `out`, starting with a comma.
void append_verdict_members(std::string& out, const SqlVerdict& verdict,
                            const VerdictJsonOptions& options);

}  // namespace groundgate::filters::sql
