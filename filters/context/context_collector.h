#pragma once
// Gathers the passages a request's readers find, within the policy's byte bound: one collector
// per request, shared by the chat and the Responses readers so that both apply the same options
// (tagged blocks, the system message, the question) and the same limits.

#include <optional>
#include <string>
#include <string_view>

#include <simdjson.h>

#include "filters/context/context_options.h"
#include "filters/context/extracted_context.h"

namespace groundgate::filters::context {

class ContextCollector {
 public:
  ContextCollector(const ContextOptions& options, ExtractedContext& out)
      : options_(options), out_(out) {}

  const ContextOptions& options() const { return options_; }

  // One passage, trimmed, cut at the byte bound on a character boundary.
  void add(std::string_view text, Passage::Source source, std::string_view title = {},
           std::string_view id = {});
  // Tagged blocks of `text` as passages; returns the text outside them.
  std::string add_tagged(std::string_view text);
  // A tool's result (honours `tool_messages`).
  void add_tool_result(std::string_view text, std::string_view name, std::string_view id);
  // A system or developer message: its tagged blocks, and its own text with `system_message`.
  void add_system(std::string_view text);
  // A user message: its tagged blocks; the rest is the question (the last one counts).
  void add_user(std::string_view text);
  // `context`: a string or a list of strings; `documents`: a list of strings or objects
  // (text/content/snippet, title, id). Either shape is accepted in either field.
  void add_field(simdjson::dom::element value, Passage::Source source, std::string_view field);
  // A part of the request that may hold context but cannot be read (a file, a stored item):
  // sentences the rest does not support are unverified, not unsupported.
  void unreadable(std::string what);
  // The question (as weak grounding, if asked for) and the truncation warning.
  void finish();

 private:
  const ContextOptions& options_;
  ExtractedContext& out_;
  std::string question_;
  std::size_t seen_bytes_ = 0;
};

// Message content: a string, or an array of parts whose text parts count (types `text`,
// `input_text`, `output_text`, or none). Nothing when it is neither; parts that may hold
// context but are not text (files, images, audio) are reported to `collector`.
std::optional<std::string> content_text(simdjson::dom::element content,
                                        ContextCollector& collector);

}  // namespace groundgate::filters::context
