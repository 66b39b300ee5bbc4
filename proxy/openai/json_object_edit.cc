#include "proxy/openai/json_object_edit.h"

#include <vector>

#include "proxy/openai/chunk_writer.h"
#include "proxy/openai/json_members.h"
#include "proxy/openai/json_string.h"

namespace groundgate::proxy::openai {

std::optional<std::string> set_members(
    std::string_view object, std::span<const std::pair<std::string_view, std::string>> members) {
  const auto spans = object_members(object);
  if (!spans) return std::nullopt;
  std::vector<Edit> edits;
  std::string appended;
  for (const auto& [key, value] : members) {
    bool found = false;
    for (const MemberSpan& span : *spans) {
      // Keys are compared as written: the API's keys hold no escapes.
      const std::string_view name =
          object.substr(span.key_begin + 1, span.key_end - span.key_begin - 2);
      if (name != key) continue;
      edits.push_back(Edit{{span.value_begin, span.value_end}, value});
      found = true;
    }
    if (found) continue;
    appended.push_back(',');
    append_json_string(appended, key);
    appended.push_back(':');
    appended.append(value);
  }
  std::string out = ChunkWriter::splice(object, std::move(edits));
  if (appended.empty()) return out;
  std::size_t close = out.rfind('}');
  if (close == std::string::npos) return std::nullopt;
  std::size_t before = close;
  while (before > 0 && (out[before - 1] == ' ' || out[before - 1] == '\n' ||
                        out[before - 1] == '\t' || out[before - 1] == '\r'))
    --before;
  if (before > 0 && out[before - 1] == '{') appended.erase(0, 1);  // an empty object: no comma
  out.insert(before, appended);
  return out;
}

}  // namespace groundgate::proxy::openai
