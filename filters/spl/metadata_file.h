#pragma once
// SPL metadata from a file (a policy's `spl.metadata_file`, `groundgate splcheck --metadata`):
// the structured JSON form (metadata_json.h) when the file is a JSON object, else prose read
// for names (metadata_text.h).

#include <memory>
#include <string>

#include "filters/spl/spl_metadata.h"

namespace groundgate::filters::spl {

struct MetadataFile {
  std::shared_ptr<SplMetadata> metadata;  // null on error
  std::string error;
};

// Reads the file and adds what it says to a new metadata (at most 16 MiB).
MetadataFile load_metadata_file(const std::string& path);

// The same for text already read: JSON when it starts with '{', prose otherwise.
MetadataFile metadata_from_document(std::string_view text);

}  // namespace groundgate::filters::spl
