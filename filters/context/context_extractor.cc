#include "filters/context/context_extractor.h"

#include <simdjson.h>

#include <charconv>
#include <optional>

#include "filters/context/json_members.h"
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

std::optional<std::string_view> string_of(dom::element element) {
  std::string_view value;
  if (element.get_string().get(value) != simdjson::SUCCESS) return std::nullopt;
  return value;
}

std::optional<std::string_view> field_string(dom::object object, std::string_view key) {
  dom::element value;
  if (object.at_key(key).get(value) != simdjson::SUCCESS) return std::nullopt;
  return string_of(value);
}

// An id may be a string or a number.
std::string id_text(dom::object object, std::string_view key) {
  dom::element value;
  if (object.at_key(key).get(value) != simdjson::SUCCESS) return {};
  if (auto text = string_of(value)) return std::string(*text);
  char buffer[32];
  std::to_chars_result r{buffer, std::errc()};
  if (std::int64_t i; value.get_int64().get(i) == simdjson::SUCCESS) {
    r = std::to_chars(buffer, buffer + sizeof buffer, i);
  } else if (std::uint64_t u; value.get_uint64().get(u) == simdjson::SUCCESS) {
    r = std::to_chars(buffer, buffer + sizeof buffer, u);
  } else if (double d; value.get_double().get(d) == simdjson::SUCCESS) {
    r = std::to_chars(buffer, buffer + sizeof buffer, d);
  } else {
    return {};
  }
  if (r.ec != std::errc()) return {};
  return std::string(buffer, r.ptr);
}

// Message content: a string, or an array of parts of which the text parts count.
std::optional<std::string> content_text(dom::element content) {
  if (auto text = string_of(content)) return std::string(*text);
  dom::array parts;
  if (content.get_array().get(parts) != simdjson::SUCCESS) return std::nullopt;
  std::string out;
  for (dom::element part : parts) {
    std::optional<std::string_view> text = string_of(part);
    if (dom::object object; !text && part.get_object().get(object) == simdjson::SUCCESS) {
      std::optional<std::string_view> type = field_string(object, "type");
      if (!type || *type == "text") text = field_string(object, "text");
    }
    if (!text) continue;
    if (!out.empty()) out.push_back('\n');
    out.append(*text);
  }
  return out;
}

class Extraction {
 public:
  Extraction(const ContextOptions& options, ExtractedContext& out) : options_(options), out_(out) {}

  void add(std::string_view text, Source source, std::string_view title = {},
           std::string_view id = {}) {
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

  // Tagged blocks of `text` as passages; returns the text outside them.
  std::string add_tagged(std::string_view text) {
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

  // `context`: a string or a list of strings; `documents`: a list of strings or objects
  // (text/content/snippet, title, id). Either shape is accepted in either field.
  void add_field(dom::element value, Source source, std::string_view field) {
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

  void add_messages(dom::array messages) {
    for (dom::element message : messages) {
      dom::object object;
      if (message.get_object().get(object) != simdjson::SUCCESS) continue;
      std::string_view role = field_string(object, "role").value_or("");
      dom::element content;
      if (object.at_key("content").get(content) != simdjson::SUCCESS) continue;
      std::optional<std::string> text = content_text(content);
      if (!text) continue;
      if (role == "tool" || role == "function") {
        if (options_.tool_messages) {
          add(*text, Source::kTool, field_string(object, "name").value_or(""),
              field_string(object, "tool_call_id").value_or(""));
        }
      } else if (role == "system" || role == "developer") {
        std::string own_text = add_tagged(*text);
        if (options_.system_message) add(own_text, Source::kSystemMessage);
      } else if (role == "user") {
        question_ = add_tagged(*text);
      }
    }
  }

  void add_prompt(dom::element prompt) {
    if (auto text = string_of(prompt)) {
      add_tagged(*text);
      return;
    }
    dom::array prompts;
    if (prompt.get_array().get(prompts) != simdjson::SUCCESS) return;
    for (dom::element item : prompts) {
      if (auto text = string_of(item)) add_tagged(*text);
    }
  }

  void finish() {
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

 private:
  const ContextOptions& options_;
  ExtractedContext& out_;
  std::string question_;
  std::size_t seen_bytes_ = 0;
};

}  // namespace

ExtractedContext extract_context(std::string_view request_body, const ContextOptions& options) {
  ExtractedContext out;
  std::string repaired;
  std::string_view body = request_body;
  if (!text::is_valid_utf8(body)) {
    repaired = text::repair_utf8(body);
    body = repaired;
    out.warnings.push_back("invalid UTF-8 in the request body replaced by U+FFFD for checking");
  }
  dom::parser parser;
  dom::element root;
  if (auto error = parser.parse(body.data(), body.size()).get(root); error != simdjson::SUCCESS) {
    out.warnings.push_back(std::string("request body is not valid JSON: ") +
                           simdjson::error_message(error));
    return out;
  }
  dom::object object;
  if (root.get_object().get(object) != simdjson::SUCCESS) {
    out.warnings.push_back("request body is not a JSON object");
    return out;
  }
  out.readable = true;

  Extraction extraction(options, out);
  std::vector<bool> extension_members;
  bool any_extension = false;
  std::optional<dom::array> messages;
  std::optional<dom::element> prompt;
  for (dom::key_value_pair member : object) {
    bool extension = member.key == "context" || member.key == "documents";
    extension_members.push_back(extension);
    any_extension = any_extension || extension;
    if (extension && options.extension_fields) {
      extraction.add_field(
          member.value, member.key == "context" ? Source::kContextField : Source::kDocumentsField,
          member.key);
    } else if (dom::array array; member.key == "messages" &&
                                 member.value.get_array().get(array) == simdjson::SUCCESS) {
      messages = array;
    } else if (member.key == "prompt") {
      prompt = member.value;
    }
  }
  if (messages) {
    extraction.add_messages(*messages);
  } else if (prompt) {
    extraction.add_prompt(*prompt);
  }
  extraction.finish();

  if (any_extension && options.extension_fields && !options.keep_extension_fields) {
    // The original bytes, not the repaired ones: repair never touches JSON structure.
    std::optional<std::string> forwarded = without_members(request_body, extension_members);
    if (forwarded) {
      out.forwarded_body = std::move(*forwarded);
    } else {
      out.warnings.push_back("could not remove `context`/`documents` from the forwarded body");
    }
  }
  return out;
}

}  // namespace groundgate::filters::context
