#include "filters/context/context_collector.h"

#include <algorithm>
#include <optional>

#include "filters/context/request_json.h"
#include "filters/context/tagged_blocks.h"
#include "filters/text/utf8.h"

namespace groundgate::filters::context {
namespace {

namespace dom = simdjson::dom;
using Source = Passage::Source;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front()))
    text.remove_prefix(1);
  while (!text.empty() && is_space(text.back()))
    text.remove_suffix(1);
  return text;
}

// Part types that carry context a text reader cannot see.
bool is_opaque_part(std::string_view type) {
  return type == "input_file" || type == "input_image" || type == "input_audio" || type == "file" ||
         type == "image_url" || type == "input_video";
}

}  // namespace

void ContextCollector::add(std::string_view text, Source source, std::string_view title,
                           std::string_view id) {
  text = trim(text);
  if (text.empty()) return;
  seen_bytes_ += text.size();
  std::size_t room = options_.max_bytes - out_.bytes;
  if (text.size() > room) {
    out_.truncated = true;
    text = trim(text.substr(0, text::align_to_char_start(text, room)));
    if (text.empty()) return;
  }
  Passage passage;
  passage.text = text;
  passage.title = title;
  passage.id = id;
  passage.source = source;
  passage.weak = source == Source::kQuestion;
  out_.bytes += passage.text.size();
  out_.passages.push_back(std::move(passage));
}

std::string ContextCollector::add_tagged(std::string_view text) {
  if (!options_.tagged_blocks) return std::string(text);
  TaggedBlocks blocks = TaggedBlocks::find(text, options_.tags);
  for (const TaggedBlocks::Block& block : blocks.blocks()) {
    add(text.substr(block.begin, block.end - block.begin), Source::kTaggedBlock, block.title,
        block.id);
  }
  for (const std::string& warning : blocks.warnings())
    out_.warnings.push_back(warning);
  return blocks.remainder(text);
}

void ContextCollector::add_tool_result(std::string_view text, std::string_view name,
                                       std::string_view id) {
  if (options_.tool_messages) add(text, Source::kTool, name, id);
}

void ContextCollector::add_system(std::string_view text) {
  std::string own_text = add_tagged(text);
  if (options_.system_message) add(own_text, Source::kSystemMessage);
}

void ContextCollector::add_user(std::string_view text) {
  question_ = add_tagged(text);
}

void ContextCollector::add_field(dom::element value, Source source, std::string_view field) {
  if (auto text = string_of(value)) {
    add(*text, source);
    return;
  }
  dom::array items;
  if (value.get_array().get(items) != simdjson::SUCCESS) {
    out_.warnings.push_back("`" + std::string(field) + "` is neither a string nor a list");
    return;
  }
  std::size_t ignored = 0;
  for (dom::element item : items) {
    if (auto text = string_of(item)) {
      add(*text, source);
      continue;
    }
    dom::object object;
    std::optional<std::string_view> text;
    if (item.get_object().get(object) == simdjson::SUCCESS) {
      for (std::string_view key : {"text", "content", "snippet"}) {
        if ((text = field_string(object, key))) break;
      }
    }
    if (!text) {
      ++ignored;
      continue;
    }
    add(*text, source, field_string(object, "title").value_or(""), id_text(object, "id"));
  }
  if (ignored > 0) {
    out_.warnings.push_back(std::to_string(ignored) + " item(s) of `" + std::string(field) +
                            "` without text ignored");
  }
}

void ContextCollector::unreadable(std::string what) {
  // A handful tell the reader enough; a request with hundreds of files repeats itself.
  constexpr std::size_t kMaxReasons = 8;
  if (std::find(out_.unreadable.begin(), out_.unreadable.end(), what) != out_.unreadable.end())
    return;
  if (out_.unreadable.size() < kMaxReasons) out_.unreadable.push_back(std::move(what));
}

void ContextCollector::finish() {
  std::string_view question = trim(question_);
  question = question.substr(
      0, text::align_to_char_start(question, std::min(question.size(), options_.max_bytes)));
  out_.question = question;
  if (options_.question) add(question, Source::kQuestion);
  if (out_.truncated) {
    out_.warnings.push_back("context truncated to " + std::to_string(out_.bytes) + " of " +
                            std::to_string(seen_bytes_) + " bytes (max_bytes " +
                            std::to_string(options_.max_bytes) + ")");
  }
}

std::optional<std::string> content_text(dom::element content, ContextCollector& collector) {
  if (auto text = string_of(content)) return std::string(*text);
  dom::array parts;
  if (content.get_array().get(parts) != simdjson::SUCCESS) return std::nullopt;
  std::string out;
  for (dom::element part : parts) {
    std::optional<std::string_view> text = string_of(part);
    if (dom::object object; !text && part.get_object().get(object) == simdjson::SUCCESS) {
      std::optional<std::string_view> type = field_string(object, "type");
      if (!type || *type == "text" || *type == "input_text" || *type == "output_text") {
        text = field_string(object, "text");
      } else if (is_opaque_part(*type)) {
        collector.unreadable("a content part of type `" + std::string(*type) + "`");
      }
    }
    if (!text) continue;
    if (!out.empty()) out.push_back('\n');
    out.append(*text);
  }
  return out;
}

}  // namespace groundgate::filters::context
