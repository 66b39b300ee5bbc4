#pragma once
// A field no list of the metadata has, where the lists themselves are known to be incomplete.
// A data source's field list is the fields seen in sample events of one rendering; the events
// a search reads may carry more: the same field spelt as another rendering or add-on writes it
// (`TaskName` where the list has `Task_Name`: Splunk field names are case-sensitive, so this is
// worth a note, not proof of an invented name), the CIM names a CIM-compliant add-on adds at
// search time (field aliases and calculated fields: `src`, `process_guid`), and a coalesce()
// alternative is named because it may be absent. Such a field is `unverified` (unsupported,
// annotate), never a fabrication; any other unlisted field stays one.

#include <optional>
#include <string>
#include <string_view>

#include "filters/spl/command_facts.h"
#include "filters/spl/field_scope.h"
#include "filters/spl/spl_metadata.h"

namespace groundgate::filters::spl {

struct UnlistedField {
  // "alternative_not_listed", "field_spelt_otherwise" or "cim_field_not_listed".
  std::string_view code;
  std::string reason;
  std::optional<std::string> replacement;  // the listed spelling, when exactly one matches
};

// Why `read`, which no field list of `metadata` holds and nothing before created, may still
// be a field where `scope` reads it; nothing when it is fabricated.
std::optional<UnlistedField> explain_unlisted_field(const FieldRef& read,
                                                    const SplMetadata& metadata,
                                                    const FieldScope& scope);

}  // namespace groundgate::filters::spl
