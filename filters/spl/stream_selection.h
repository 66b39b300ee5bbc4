#pragma once
// Which of the metadata's streams (index, sourcetype, source) a search condition can match,
// evaluated per stream in three values: a component the stream settles is true or false,
// anything else (a field, a bare term, a component the stream does not state) is unknown.
// A stream stays selected unless the condition is false for it.

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
