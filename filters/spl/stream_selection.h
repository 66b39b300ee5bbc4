#pragma once
// Which of the metadata's streams (index, sourcetype, source) a search condition selects,
// evaluated per stream in three values: a component the stream settles is true or false,
// anything else (a field, a bare term, an eventtype, a component the stream does not state)
// is neutral. The selected streams are those the condition is true for; when it is true for
// none, those it is not false for (a condition that names no stream selects them all).

#include <functional>
#include <vector>

#include "filters/spl/command_facts.h"
#include "filters/spl/spl_metadata.h"

namespace groundgate::filters::spl {

// `use` says which components count; the others are unknown. One flag per stream.
std::vector<bool> select_streams(const CommandFacts& facts, const SplMetadata& metadata,
                                 const std::function<bool(const Component&)>& use);

// The value a stream gives for a kind (index, sourcetype, source); empty: not stated.
std::string_view stream_value(const Stream& stream, Kind kind);

}  // namespace groundgate::filters::spl
