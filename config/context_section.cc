#include "config/context_section.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 9> kContextKeys{
    "tool_messages",  "extension_fields", "keep_extension_fields",
    "tagged_blocks",  "user_messages",    "tags",
    "system_message", "question",         "max_bytes"};

// An XML-ish element name: what can sit between '<' and '>' and be matched literally.
bool valid_tag(std::string_view tag) {
  return !tag.empty() && tag.size() <= 64 && std::all_of(tag.begin(), tag.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' ||
           c == ':';
  });
}

void read_flag(const YamlMap& map, std::string_view key, bool& out, ErrorSink& errors) {
  if (auto f = map.get(key)) {
    if (auto b = read_bool(*f, errors)) out = *b;
  }
}

std::vector<std::string> read_tags(const YamlField& field, ErrorSink& errors) {
  std::vector<std::string> tags;
  auto list = read_list(field, errors);
  if (!list) return tags;
  for (const YamlField& element : *list) {
    auto tag = read_string(element, errors);
    if (!tag) continue;
    if (!valid_tag(*tag)) {
      errors.add(element.mark(), element.path + ": invalid tag name '" + tag->substr(0, 64) +
                                     "' (use letters, digits, '_', '-', '.' and ':', as in "
                                     "<context>)");
      continue;
    }
    if (std::find(tags.begin(), tags.end(), *tag) == tags.end()) tags.push_back(std::move(*tag));
  }
  return tags;
}

}  // namespace

ContextSourcesConfig read_context_sources(const YamlField& field, ErrorSink& errors) {
  ContextSourcesConfig out;
  YamlMap map(field, kContextKeys, errors);
  if (!map.valid()) return out;
  read_flag(map, "tool_messages", out.tool_messages, errors);
  read_flag(map, "extension_fields", out.extension_fields, errors);
  read_flag(map, "keep_extension_fields", out.keep_extension_fields, errors);
  read_flag(map, "tagged_blocks", out.tagged_blocks, errors);
  read_flag(map, "user_messages", out.user_messages, errors);
  read_flag(map, "system_message", out.system_message, errors);
  read_flag(map, "question", out.question, errors);
  if (auto f = map.get("tags")) {
    out.tags = read_tags(*f, errors);
    const bool written_empty = f->value.IsNull() || (f->value.IsSequence() && f->value.size() == 0);
    if (written_empty && out.tagged_blocks) {
      errors.add(f->mark(), f->path + ": needs at least one tag (or set tagged_blocks: false)");
    }
  }
  if (auto f = map.get("max_bytes")) {
    if (auto size = read_size(*f, errors)) {
      if (*size > kMaxContextBytes) {
        errors.add(f->mark(), f->path + ": at most 64MiB of context per request, got '" +
                                  f->value.Scalar() + "'");
      } else {
        out.max_bytes = static_cast<std::size_t>(*size);
      }
    }
  }
  return out;
}

}  // namespace groundgate::config
