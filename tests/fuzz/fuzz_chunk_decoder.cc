// The chunk decoder never crashes; what it decodes has ranges that point at string tokens, and
// splicing the decoded text back in (re-escaped) decodes to the same text.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "proxy/openai/chunk_decoder.h"
#include "proxy/openai/chunk_writer.h"

using namespace groundgate::proxy::openai;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, std::size_t size) {
  const std::string_view json(reinterpret_cast<const char*>(bytes), size);
  ChunkDecoder decoder;
  DecodedChunk chunk;
  if (!decoder.decode(json, chunk).ok) return 0;

  std::vector<Edit> edits;
  for (const auto& choice : chunk.choices) {
    if (!choice.has_text) continue;
    const ByteRange range = choice.text_range;
    if (range.end > json.size() || range.end < range.begin + 2) __builtin_trap();
    if (json[range.begin] != '"' || json[range.end - 1] != '"') __builtin_trap();
    edits.push_back(Edit::text(range, choice.text));
  }
  const std::string spliced = ChunkWriter::splice(json, edits);
  DecodedChunk again;
  if (!decoder.decode(spliced, again).ok) __builtin_trap();
  if (again.choices.size() != chunk.choices.size()) __builtin_trap();
  for (std::size_t i = 0; i < chunk.choices.size(); ++i) {
    if (again.choices[i].text != chunk.choices[i].text) __builtin_trap();
  }
  std::string annotated = spliced;
  ChunkWriter::add_annotations(annotated, {R"({"k":1})"});
  if (!decoder.decode(annotated, again).ok) __builtin_trap();
  return 0;
}
