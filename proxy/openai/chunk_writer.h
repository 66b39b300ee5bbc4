#pragma once
// Writes OpenAI completion JSON: splices new values into an upstream object at byte ranges the
// decoder recorded (every other byte stays as the upstream sent it), attaches groundgate
// annotations, and synthesises content and stop chunks that repeat the upstream's header.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "proxy/openai/chunk_decoder.h"

namespace groundgate::proxy::openai {

// Replace the bytes at `range` with `json` (already serialised JSON).
struct Edit {
  ByteRange range;
  std::string json;

  static Edit text(ByteRange range, std::string_view text);  // `text` as a JSON string
};

class ChunkWriter {
 public:
  // `raw` with each edit applied. Edits may come in any order; one that overlaps an earlier
  // one or runs past the end is skipped (the decoder never produces such ranges).
  static std::string splice(std::string_view raw, std::vector<Edit> edits);

  // Adds "groundgate":[...] (the annotation objects, serialised) to the JSON object `json`.
  // Returns false, leaving `json` untouched, when it does not end in '}'.
  static bool add_annotations(std::string& json, const std::vector<std::string>& annotations);

  // The last annotations whose serialised bytes fit in `max_bytes`: the answer-level ones come
  // last (the finding that stopped an answer, the stop, the summary) and are kept first.
  static std::vector<std::string> last_annotations(const std::vector<std::string>& annotations,
                                                   std::size_t max_bytes);

  // A chunk carrying `text` for choice `choice` in its delta's `field` (content, refusal,
  // reasoning_content); `legacy` picks the text_completion shape (its `text`).
  static std::string content_chunk(const ChunkHeader& header, bool legacy, int choice,
                                   std::string_view text,
                                   const std::vector<std::string>& annotations,
                                   std::string_view field = "content");

  // A chunk with `"choices":[]` that only carries annotations (as OpenAI's usage chunk carries
  // usage): for verdicts and summaries when no chunk of the upstream is free to carry them.
  static std::string annotation_chunk(const ChunkHeader& header, bool legacy,
                                      const std::vector<std::string>& annotations);

  // {"type":"stopped","reason":...}: why a stream or response was cut.
  static std::string stopped_annotation(std::string_view reason);

  // Ends every choice in `open_choices` with finish_reason "content_filter", annotated.
  static std::string stop_chunk(const ChunkHeader& header, bool legacy,
                                const std::vector<int>& open_choices,
                                const std::vector<std::string>& annotations);
};

}  // namespace groundgate::proxy::openai
