#pragma once
// SPL metadata read from a prompt's prose, as retrieval usually delivers it:
//   - lists: "Indexes: main, security", "- sourcetype = aws:cloudtrail", "Fields: src_ip, user"
//     (keys index(es)/indices, sourcetype(s), source(s), field(s), lookup(s), macro(s),
//     data model(s));
//   - markdown tables whose header names index / sourcetype / source / fields columns: a row
//     is a stream;
//   - `index=...`, `sourcetype=...`, `source=...` written anywhere, names in backticks (macros
//     a search may call), and the names of example searches (```spl blocks): fields compared,
//     lookups called;
//   - every word of the prose is remembered as mentioned: the paper counts a field as
//     supported when the prompt mentions it at all.

#include <string_view>

#include "filters/spl/spl_metadata.h"

namespace groundgate::filters::spl {

// Adds what `text` says to `out`. Bounded by the text's length.
void add_metadata_text(std::string_view text, SplMetadata& out);

}  // namespace groundgate::filters::spl
