#pragma once
// The one writer of a structured-query finding as JSON, for the SQL and the SPL guard alike
// (`groundgate sqlcheck`/`splcheck`, eval predictions, annotations):
//   {"check":"schema","type":"schema","label":"contradicted","code":"unknown_column",
//    "offset":[7,12],"annotate_only":true,"reason":"...","replacement":"..."}
// and a check's state as one string ("passed", "skipped:no_database").

#include <cstddef>
#include <string>
#include <string_view>

#include "filters/verdict/verdict_labels.h"

namespace groundgate::filters::verdict {

struct QueryFindingJson {
  std::string_view check;  // empty: no "check" member (an SPL finding's type is its check)
  std::string_view type;
  Label label = Label::kContradicted;
  std::string_view code;
  std::size_t begin = 0;  // the span in the answer (or the query when written alone)
  std::size_t end = 0;
  bool annotate_only = false;
  std::string_view reason;
  const std::string* replacement = nullptr;  // null: none
};

// Appends the object. `include_text`: the reason and the replacement, which quote the query,
// and which are left out when the client must not see it (blocked, rewritten).
void append_query_finding(std::string& out, const QueryFindingJson& finding, bool include_text);

// Appends `state` with `note` after a colon (when there is one) as a JSON string.
void append_check_state(std::string& out, std::string_view state, std::string_view note);

}  // namespace groundgate::filters::verdict
