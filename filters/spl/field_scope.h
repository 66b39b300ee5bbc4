#pragma once
// The fields a pipeline has at one point, followed command by command: raw events carry the
// metadata's fields (of the streams the search selected) and Splunk's default fields; eval,
// rex, lookup OUTPUT, stats ... AS, rename, tstats BY add fields; transforming commands keep
// only what they produce; table and fields keep or drop. A command the guard cannot read
// leaves the scope open: from there on a missing field proves nothing.

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "filters/spl/command_facts.h"
#include "filters/spl/spl_metadata.h"

namespace groundgate::filters::spl {

// Why a field is not there.
enum class FieldAbsence : std::uint8_t {
  kPresent,
  kOtherStream,  // a metadata field of a stream the search did not select: mixed
  kDropped,      // a name known (the metadata's, the CIM's, created before) the results no
                 // longer or never had: a command before dropped, renamed or summarised it
  kUnknown,      // nobody gave it: fabricated
};

class FieldScope {
 public:
  // A search over raw events of `metadata` (all streams selected).
  explicit FieldScope(const SplMetadata& metadata);

  bool events() const { return events_; }
  bool open() const { return open_; }
  void set_open() { open_ = true; }
  // Narrows the streams the events come from (one flag per metadata stream).
  void select_streams(const std::vector<bool>& selected);
  const std::vector<bool>& selected_streams() const { return selected_; }

  FieldAbsence find(std::string_view field) const;
  // Whether the metadata's field list can say anything for events at all.
  bool fields_checkable() const;

  // The command's effect, after its reads were checked.
  void apply(const CommandFacts& facts);
  // Adds the fields another pipeline's results bring (join, append).
  void join(const FieldScope& other);
  // Fields present by name (created, renamed, kept), for suggestions.
  std::vector<std::string> present_names() const;

 private:
  bool metadata_has(std::string_view field) const;
  bool selected_have(std::string_view field) const;
  void rename(const FieldRename& r);
  void keep_only(const std::vector<FieldRef>& kept);

  const SplMetadata* metadata_;
  bool events_ = true;
  bool open_ = false;
  std::vector<bool> selected_;
  std::unordered_set<std::string> present_;
  std::unordered_set<std::string> gone_;    // events' fields renamed away or removed
  std::unordered_set<std::string> ever_;    // every field the pipeline created so far
  std::vector<std::string> kept_patterns_;  // table/fields + with wildcards, over events
};

}  // namespace groundgate::filters::spl
