#pragma once
// What one command does, as the checks need it: the fields it reads, creates, renames, keeps or
// drops; the names it uses (index, sourcetype, source, lookups, a data model) with its search
// condition as a tree (for the combination check); time bounds and result limits (for the
// question check); subsearches whose results it joins; and what of its arguments cannot be
// read. Spans are bytes of the expanded search text.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "filters/spl/spl_metadata.h"
#include "filters/spl/spl_parser.h"

namespace groundgate::filters::spl {

struct FieldRef {
  std::string name;
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  bool dotted = false;  // an expression word with dots: a field, or fields joined by `.`
  // Only shown (table, fields): naming a field the pipeline lost leaves an empty column, not a
  // wrong result; only a field nobody gave is a finding.
  bool shown = false;
  // An alternative of coalesce(): the function exists to take the first of fields that may be
  // absent, so naming one is no claim that it exists.
  bool optional = false;
};

struct FieldRename {
  std::string from;  // may hold `*` wildcards, as may `to`
  std::string to;
  std::uint32_t begin = 0;  // the source field's span
  std::uint32_t end = 0;
};

// `index=main`, `sourcetype="aws:cloudtrail"`, `source=...` in a search condition.
struct Component {
  Kind kind = Kind::kIndex;
  std::string value;  // unquoted; may hold `*` wildcards
  std::uint32_t key_begin = 0;
  std::uint32_t key_end = 0;
  std::uint32_t value_begin = 0;
  std::uint32_t value_end = 0;
  bool equals = true;  // `=`; false for `!=` and order comparisons
};

// A node of a search condition: what must hold for an event to be kept.
struct Condition {
  enum class Node : std::uint8_t { kAnd, kOr, kNot, kComponent, kOther };
  Node node = Node::kOther;
  std::vector<std::uint32_t> children;  // indices into CommandFacts::conditions
  std::uint32_t component = 0;          // kComponent: index into CommandFacts::components
};

struct TimeBound {
  std::string text;  // `earliest=-7d@d`
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
};

struct LookupUse {
  std::string name;
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  std::vector<FieldRef> lookup_fields;  // fields named on the lookup's side
  bool all_outputs = false;             // no OUTPUT clause: every field of the lookup comes out
};

struct DataModelUse {
  std::string model;
  std::string dataset;      // empty: the whole model
  std::uint32_t begin = 0;  // the value's span (`Endpoint.Processes`)
  std::uint32_t end = 0;
  std::uint32_t dataset_begin = 0;
};

// A function name the command does not accept (`eval x=lenght(y)`, `stats cnt(x)`).
struct UnknownFunction {
  std::string name;
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
  bool stats = false;  // a statistical function was expected
};

struct ResultLimit {
  std::uint64_t count = 0;
  std::uint32_t begin = 0;
  std::uint32_t end = 0;
};

// What fields leave the command.
enum class Output : std::uint8_t {
  kKeep,     // its input's, changed by creates, renames, keeps and removes
  kReplace,  // only what it creates (statistics and their by fields)
};

struct CommandFacts {
  std::vector<FieldRef> reads;
  std::vector<FieldRef> creates;
  bool reads_follow_creates = false;  // eval: a read may name what the command creates
  std::vector<FieldRename> renames;
  bool keeps = false;  // table / fields +: only `kept` remain
  std::vector<FieldRef> kept;
  std::vector<FieldRef> removes;  // fields -
  Output output = Output::kKeep;
  bool open = false;  // fields nobody can list may appear after it
  std::vector<Component> components;
  std::vector<Condition> conditions;
  std::uint32_t condition_root = UINT32_MAX;
  std::vector<TimeBound> times;
  std::vector<LookupUse> lookups;
  std::optional<DataModelUse> datamodel;
  bool datamodel_fields = false;  // reads name data-model fields (tstats over a data model)
  std::optional<ResultLimit> limit;
  std::vector<std::uint32_t> joined;  // subsearches whose results join the pipeline
  bool generating_appends = false;    // a generating command told to append (append=true)
  std::vector<UnknownFunction> unknown_functions;
  std::vector<SyntaxIssue> issues;
};

}  // namespace groundgate::filters::spl
