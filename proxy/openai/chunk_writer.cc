#include "proxy/openai/chunk_writer.h"

#include <algorithm>

#include "proxy/openai/json_string.h"

namespace groundgate::proxy::openai {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

void append_member(std::string& out, std::string_view key, std::string_view raw_value) {
  if (raw_value.empty()) return;
  if (out.back() != '{') out.push_back(',');
  append_json_string(out, key);
  out.push_back(':');
  out.append(raw_value);
}

// {"id":...,"object":...,"created":...,"model":...,"system_fingerprint":..., (no closing brace)
std::string open_chunk(const ChunkHeader& header, bool legacy) {
  std::string out = "{";
  append_member(out, "id", header.id);
  const std::string_view object = legacy ? R"("text_completion")" : R"("chat.completion.chunk")";
  append_member(out, "object", header.object.empty() ? object : header.object);
  append_member(out, "created", header.created);
  append_member(out, "model", header.model);
  append_member(out, "system_fingerprint", header.system_fingerprint);
  if (out.back() != '{') out.push_back(',');
  return out;
}

void append_choice(std::string& out, bool legacy, int index, std::string_view text,
                   std::string_view finish_reason, std::string_view field = "content") {
  out.append(R"({"index":)");
  out.append(std::to_string(index));
  if (legacy) {
    out.append(R"(,"text":)");
    append_json_string(out, text);
  } else if (finish_reason == "null") {
    out.append(R"(,"delta":{)");
    append_json_string(out, field);
    out.push_back(':');
    append_json_string(out, text);
    out.push_back('}');
  } else {
    out.append(R"(,"delta":{})");
  }
  out.append(R"(,"logprobs":null,"finish_reason":)");
  out.append(finish_reason);
  out.push_back('}');
}

}  // namespace

Edit Edit::text(ByteRange range, std::string_view text) {
  return Edit{range, json_string(text)};
}

std::string ChunkWriter::splice(std::string_view raw, std::vector<Edit> edits) {
  std::stable_sort(edits.begin(), edits.end(),
                   [](const Edit& a, const Edit& b) { return a.range.begin < b.range.begin; });
  std::string out;
  out.reserve(raw.size() + 64);
  std::size_t at = 0;
  for (const Edit& edit : edits) {
    if (edit.range.begin < at || edit.range.end < edit.range.begin || edit.range.end > raw.size()) {
      continue;
    }
    out.append(raw.substr(at, edit.range.begin - at));
    out.append(edit.json);
    at = edit.range.end;
  }
  out.append(raw.substr(at));
  return out;
}

bool ChunkWriter::add_annotations(std::string& json, const std::vector<std::string>& annotations) {
  std::size_t close = json.size();
  while (close > 0 && is_space(json[close - 1]))
    --close;
  if (close == 0 || json[close - 1] != '}') return false;
  if (annotations.empty()) return true;
  --close;
  std::size_t before = close;
  while (before > 0 && is_space(json[before - 1]))
    --before;
  if (before == 0) return false;
  std::string member = json[before - 1] == '{' ? "" : ",";
  member.append(R"("groundgate":[)");
  for (std::size_t i = 0; i < annotations.size(); ++i) {
    if (i > 0) member.push_back(',');
    member.append(annotations[i]);
  }
  member.push_back(']');
  json.insert(before, member);
  return true;
}

std::vector<std::string> ChunkWriter::last_annotations(const std::vector<std::string>& annotations,
                                                       std::size_t max_bytes) {
  std::size_t first = annotations.size();
  std::size_t bytes = 0;
  while (first > 0 && bytes + annotations[first - 1].size() + 1 <= max_bytes) {
    bytes += annotations[first - 1].size() + 1;  // and its comma
    --first;
  }
  return {annotations.begin() + static_cast<std::ptrdiff_t>(first), annotations.end()};
}

std::string ChunkWriter::content_chunk(const ChunkHeader& header, bool legacy, int choice,
                                       std::string_view text,
                                       const std::vector<std::string>& annotations,
                                       std::string_view field) {
  std::string out = open_chunk(header, legacy);
  out.append(R"("choices":[)");
  append_choice(out, legacy, choice, text, "null", field);
  out.append("]}");
  add_annotations(out, annotations);
  return out;
}

std::string ChunkWriter::annotation_chunk(const ChunkHeader& header, bool legacy,
                                          const std::vector<std::string>& annotations) {
  std::string out = open_chunk(header, legacy);
  out.append(R"("choices":[]})");
  add_annotations(out, annotations);
  return out;
}

std::string ChunkWriter::stopped_annotation(std::string_view reason) {
  std::string out = R"({"type":"stopped","reason":)";
  append_json_string(out, reason);
  out.push_back('}');
  return out;
}

std::string ChunkWriter::stop_chunk(const ChunkHeader& header, bool legacy,
                                    const std::vector<int>& open_choices,
                                    const std::vector<std::string>& annotations) {
  std::string out = open_chunk(header, legacy);
  out.append(R"("choices":[)");
  for (std::size_t i = 0; i < open_choices.size(); ++i) {
    if (i > 0) out.push_back(',');
    append_choice(out, legacy, open_choices[i], "", R"("content_filter")");
  }
  out.append("]}");
  add_annotations(out, annotations);
  return out;
}

}  // namespace groundgate::proxy::openai
