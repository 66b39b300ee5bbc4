#pragma once
// The structured form of SPL metadata (a request's `spl_metadata`, a policy's file):
//   {"indexes": ["main"] | {"main": {"aws:cloudtrail": {"aws_cloudtrail": ["eventName"]}}},
//    "sourcetypes": [...], "sources": [...], "fields": [...],
//    "macros": {"sysmon": "sourcetype=...", "ctime(1)": {"definition": "...",
//               "arguments": ["field"]}} | [{"name", "definition", "arguments"}],
//    "lookups": {"name": ["field", ...]} | ["name"],
//    "datamodels": {"Name": ["Dataset.field", ...]} | ["Name"],
//    "streams": [{"index", "sourcetype", "source", "fields"}]}
// `indexes` as an object nests index -> sourcetype -> source -> fields (a sourcetype may map to
// a field list directly); each leaf is a stream the combination check uses. Bounded: a
// document too big or too deep is refused with an error, never half read.

#include <memory>
#include <string>
#include <string_view>

#include "filters/spl/spl_metadata.h"

namespace simdjson::dom {
class element;
}

namespace groundgate::filters::spl {

struct MetadataJson {
  std::shared_ptr<SplMetadata> metadata;  // null on error
  std::string error;
};

MetadataJson metadata_from_json(std::string_view json);

// Adds a parsed `spl_metadata` object's names to `out`; false and `error` when it is not one.
bool add_metadata_json(const simdjson::dom::element& value, SplMetadata& out, std::string& error);

}  // namespace groundgate::filters::spl
