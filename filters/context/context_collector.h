#pragma once
// Gathers the passages of a request's context sources, within the policy's byte bound: one
// collector per request, so that every source gets the same options (tagged blocks, the system
// message, the question) and the same limits.

#include <optional>
#include <string>
#include <string_view>

#include "filters/context/context_options.h"
#include "filters/context/extracted_context.h"
#include "filters/request/request_view.h"

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
  // A user message: the question (the last one counts). Its tagged blocks are context only with
  // `user_messages`, and then not part of the question.
  void add_user(std::string_view text);
  // The documents of a `context` or `documents` extension field.
  void add_field(const request::ContextField& field);
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

}  // namespace groundgate::filters::context
