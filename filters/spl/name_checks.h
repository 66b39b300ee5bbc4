#pragma once
// The names a search uses against what the prompt gave: macros, indexes, sourcetypes and
// sources (fabricated, or misaligned: a sourcetype given as `source=`), lookups and their
// fields, data models and datasets (the CIM's and the prompt's).

#include "filters/spl/command_facts.h"
#include "filters/spl/finding_sink.h"
#include "filters/spl/macro_expansion.h"
#include "filters/spl/spl_metadata.h"

namespace groundgate::filters::spl {

void check_macro_calls(const Expansion& expansion, const SplMetadata& metadata, FindingSink& sink);
// Where a command's index / sourcetype / source conditions apply.
enum class ComponentScope : std::uint8_t {
  kEvents,     // a search of raw events: the prompt's streams are what it can read
  kDataModel,  // a data model's events: sources are whatever feeds the model (Risk's are rule
               // names), so only a value the prompt gives as another kind is held against it
  kResults,    // after a transforming command: `source` is just a field of the results
};
void check_components(const CommandFacts& facts, const SplMetadata& metadata, ComponentScope scope,
                      FindingSink& sink);
void check_lookups(const CommandFacts& facts, const SplMetadata& metadata, FindingSink& sink);
// Whether the data model the command reads is known (a finding when not).
bool check_datamodel(const CommandFacts& facts, const SplMetadata& metadata, FindingSink& sink);

// Whether any name of `kind` in the metadata matches `value` (wildcards either side).
bool metadata_matches(const SplMetadata& metadata, Kind kind, std::string_view value);

}  // namespace groundgate::filters::spl
