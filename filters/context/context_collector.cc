#include "filters/context/context_collector.h"

#include <algorithm>
#include <optional>

#include "filters/context/tagged_blocks.h"
#include "filters/text/utf8.h"

namespace groundgate::filters::context {
namespace {

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
  // What the end user types is theirs: a block in it that looks like context is no evidence,
  // unless the app is known to put its retrieved context there.
  question_ = options_.user_messages ? add_tagged(text) : std::string(text);
}

void ContextCollector::add_field(const request::ContextField& field) {
  const Source source = field.name == "context" ? Source::kContextField : Source::kDocumentsField;
  if (!field.list_or_string) {
    out_.warnings.push_back("`" + field.name + "` is neither a string nor a list");
    return;
  }
  for (const request::Document& document : field.documents)
    add(document.text, source, document.title, document.id);
  if (field.without_text > 0) {
    out_.warnings.push_back(std::to_string(field.without_text) + " item(s) of `" + field.name +
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

}  // namespace groundgate::filters::context
