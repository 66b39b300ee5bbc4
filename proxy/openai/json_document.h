#pragma once
// What the wire-format decoders (chat chunks, Responses API events) share to walk a JSON
// document with simdjson On Demand: a padded copy of the input on per-thread buffers, the
// trailing-content check, and small readers of members.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <simdjson.h>

#include "proxy/openai/status.h"

namespace groundgate::proxy::openai {

// One document being walked. Events are decoded one at a time per thread and nothing refers to
// the parser's buffers after a decode, so one set per thread serves every stream: an I/O
// thread's next event finds them in cache, where a set per stream would be cold each time.
// Documents over 64 KiB (whole non-streamed responses) get buffers of their own, so a thread
// keeps no large ones.
class JsonDocument {
 public:
  // Starts iterating `json` (not copied after this call returns: the padded copy is).
  Status start(std::string_view json, std::string_view what);
  simdjson::ondemand::document& document() { return document_; }
  // The padded input's first byte, for byte offsets into `json`.
  const char* base() const;
  // On Demand stops after the root value; anything but whitespace after it is not JSON.
  Status finish(std::string_view what);

 private:
  struct Buffers {
    simdjson::ondemand::parser parser;
    // Checks the whole document first: On Demand parses only the values read, and a value it
    // skips that is not JSON ("0dx") would make a client drop or reject a document the filters
    // took as read.
    simdjson::dom::parser validator;
    std::string padded;
  };
  static Buffers& thread_buffers();

  std::optional<Buffers> own_;
  Buffers* buffers_ = nullptr;
  simdjson::ondemand::document document_;
};

Status json_failure(std::string_view what, simdjson::error_code error);

// A token's text without the whitespace On Demand leaves after it.
std::string_view trim_right(std::string_view token);

inline bool is_null(simdjson::ondemand::value& value) {
  bool null = false;
  return value.is_null().get(null) == simdjson::SUCCESS && null;
}

// A member's key. OpenAI's keys never hold escapes: their raw bytes are the key, which spares
// copying each one into the parser's string buffer; a key with an escape is unescaped.
inline simdjson::error_code json_key(simdjson::ondemand::field& field, std::string_view& key) {
  const char* raw = field.key().raw();  // just past the opening quote; the input is padded
  std::size_t n = 0;
  while (raw[n] != '"' && raw[n] != '\\')
    ++n;
  if (raw[n] == '"') {
    key = std::string_view(raw, n);
    return simdjson::SUCCESS;
  }
  return field.unescaped_key().get(key);
}

// The members of one JSON object a decoder reads, each allowed once. A second one is refused:
// JSON readers disagree on it (most keep the last, some the first), so the text or the kind of
// item the filters checked could differ from what a client shows.
class MembersOnce {
 public:
  explicit MembersOnce(std::span<const std::string_view> read) : read_(read) {}
  // False when `key` is one of the members read and came before in this object.
  bool first(std::string_view key) {
    for (std::size_t i = 0; i < read_.size(); ++i) {
      if (read_[i] != key) continue;
      const std::uint32_t bit = std::uint32_t{1} << i;
      const bool fresh = (seen_ & bit) == 0;
      seen_ |= bit;
      return fresh;
    }
    return true;
  }

 private:
  std::span<const std::string_view> read_;  // at most 32
  std::uint32_t seen_ = 0;
};

// The failure of a member given twice in one object.
inline Status member_twice(std::string_view what, std::string_view key) {
  return Status::failure(std::string(what) + " member \"" + std::string(key) + "\" given twice");
}

}  // namespace groundgate::proxy::openai
