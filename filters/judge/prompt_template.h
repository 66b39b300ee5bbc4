#pragma once
// A judge prompt file (filters/judge/prompts/, documented in its README.md): comment lines with
// its name and version, the system message after `=== system ===`, the user message's template
// after `=== user ===`. The template's slots are `{{name}}`; `{{#name}}` … `{{/name}}` lines
// keep what is between them only when the slot has a value. Rendering fences every data slot
// (fence.h) with one nonce per prompt.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::judge {

// A value for one slot of a template.
struct Slot {
  enum class Kind : std::uint8_t {
    kData,  // untrusted text, fenced as <name id="nonce">…</name id="nonce">
    kText,  // the proxy's own words (a heading), as they are
    kList,  // numbered data items, each fenced with n="1", n="2", … and followed by its note
  };
  struct Item {
    std::string text;  // fenced
    std::string note;  // the proxy's own line after it ("Evidence: passages 1, 3"); may be empty
  };
  std::string name;
  Kind kind = Kind::kData;
  std::string text;
  std::vector<Item> items;
  std::string item_tag;  // kList: the tag of each item ("evidence")

  bool empty() const { return kind == Kind::kList ? items.empty() : text.empty(); }
};

inline Slot data_slot(std::string name, std::string text) {
  return Slot{std::move(name), Slot::Kind::kData, std::move(text), {}, {}};
}
inline Slot text_slot(std::string name, std::string text) {
  return Slot{std::move(name), Slot::Kind::kText, std::move(text), {}, {}};
}
inline Slot list_slot(std::string name, std::string item_tag, std::vector<Slot::Item> items) {
  return Slot{std::move(name), Slot::Kind::kList, {}, std::move(items), std::move(item_tag)};
}

// The two messages of one model call.
struct Messages {
  std::string system;
  std::string user;
};

class PromptTemplate {
 public:
  // Nullopt and `error` when `file` is not a prompt file (no sections, no name or version, a
  // slot or section marker that does not close).
  static std::optional<PromptTemplate> parse(std::string_view file, std::string& error);

  const std::string& name() const { return name_; }
  int version() const { return version_; }
  // "label/1": what the access log and the cache key name.
  std::string id() const { return name_ + "/" + std::to_string(version_); }
  // Every slot the user template names, in order of first use.
  const std::vector<std::string>& slots() const { return slots_; }

  // The messages with `values` in the slots (a slot without a value renders empty). `nonce`:
  // empty draws one that no value contains.
  Messages render(const std::vector<Slot>& values, std::string_view nonce = {}) const;

 private:
  std::string name_;
  int version_ = 0;
  std::string system_;
  std::string user_;
  std::vector<std::string> slots_;
};

}  // namespace groundgate::filters::judge
