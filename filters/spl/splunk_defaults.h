#pragma once
// What every Splunk search has whatever the prompt lists: the default fields of events
// (data/default_fields.tsv) and the macros of the CIM add-on (data/builtin_macros.tsv).

#include <string_view>

#include "filters/spl/spl_metadata.h"

namespace groundgate::filters::spl {

bool is_default_field(std::string_view name);

// The built-in macros as metadata (only its macros are set).
const SplMetadata& builtin_macros();

}  // namespace groundgate::filters::spl
