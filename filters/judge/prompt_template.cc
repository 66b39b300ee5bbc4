#include "filters/judge/prompt_template.h"

#include <algorithm>
#include <charconv>

#include "filters/judge/fence.h"

namespace groundgate::filters::judge {
namespace {

constexpr std::string_view kSystemMarker = "=== system ===";
constexpr std::string_view kUserMarker = "=== user ===";

std::string_view trim_newlines(std::string_view s) {
  while (!s.empty() && (s.front() == '\n' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' '))
    s.remove_suffix(1);
  return s;
}

// The value of a `# key: value` header line, or nullopt.
std::optional<std::string_view> header_value(std::string_view line, std::string_view key) {
  if (!line.starts_with("# ")) return std::nullopt;
  line.remove_prefix(2);
  if (!line.starts_with(key) || line.substr(key.size(), 2) != ": ") return std::nullopt;
  return line.substr(key.size() + 2);
}

const Slot* find_slot(const std::vector<Slot>& values, std::string_view name) {
  auto it =
      std::find_if(values.begin(), values.end(), [&](const Slot& s) { return s.name == name; });
  return it == values.end() ? nullptr : &*it;
}

void append_slot(std::string& out, const Slot& slot, std::string_view nonce) {
  switch (slot.kind) {
    case Slot::Kind::kText:
      out += slot.text;
      return;
    case Slot::Kind::kData:
      append_fenced(out, slot.name, slot.text, nonce);
      return;
    case Slot::Kind::kList:
      break;
  }
  for (std::size_t i = 0; i < slot.items.size(); ++i) {
    if (i > 0) out += '\n';
    append_fenced(out, slot.item_tag, slot.items[i].text, nonce,
                  "n=\"" + std::to_string(i + 1) + "\"");
    if (!slot.items[i].note.empty()) {
      out += '\n';
      out += slot.items[i].note;
    }
  }
}

// Checks the template's markers and lists its slots: every `{{` closes, every `{{#x}}` line
// has its `{{/x}}` line.
bool scan_slots(std::string_view user, std::vector<std::string>& slots, std::string& error) {
  std::vector<std::string> open;
  for (std::size_t at = user.find("{{"); at != std::string_view::npos;
       at = user.find("{{", at + 2)) {
    const std::size_t end = user.find("}}", at);
    if (end == std::string_view::npos) {
      error = "a slot marker does not close";
      return false;
    }
    std::string_view name = user.substr(at + 2, end - at - 2);
    if (name.starts_with('#')) {
      open.emplace_back(name.substr(1));
      name.remove_prefix(1);
    } else if (name.starts_with('/')) {
      if (open.empty() || open.back() != name.substr(1)) {
        error = "section {{" + std::string(name) + "}} closes nothing open";
        return false;
      }
      open.pop_back();
      continue;
    }
    if (name.empty()) {
      error = "an empty slot name";
      return false;
    }
    if (std::find(slots.begin(), slots.end(), name) == slots.end()) slots.emplace_back(name);
  }
  if (!open.empty()) {
    error = "section {{#" + open.back() + "}} does not close";
    return false;
  }
  return true;
}

}  // namespace

std::optional<PromptTemplate> PromptTemplate::parse(std::string_view file, std::string& error) {
  PromptTemplate out;
  const std::size_t system = file.find(kSystemMarker);
  const std::size_t user = file.find(kUserMarker);
  if (system == std::string_view::npos || user == std::string_view::npos || user < system) {
    error = "no '=== system ===' section before an '=== user ===' section";
    return std::nullopt;
  }
  std::string_view head = file.substr(0, system);
  while (!head.empty()) {
    const std::size_t eol = head.find('\n');
    const std::string_view line = head.substr(0, eol);
    if (auto v = header_value(line, "name")) out.name_ = *v;
    if (auto v = header_value(line, "version")) {
      if (std::from_chars(v->data(), v->data() + v->size(), out.version_).ec != std::errc{})
        out.version_ = 0;
    }
    head = eol == std::string_view::npos ? std::string_view() : head.substr(eol + 1);
  }
  if (out.name_.empty() || out.version_ <= 0) {
    error = "no '# name:' or no positive '# version:' line";
    return std::nullopt;
  }
  out.system_ = trim_newlines(
      file.substr(system + kSystemMarker.size(), user - system - kSystemMarker.size()));
  out.user_ = trim_newlines(file.substr(user + kUserMarker.size()));
  if (out.system_.find("{{") != std::string::npos) {
    error = "the system message has slots: only the user message carries data";
    return std::nullopt;
  }
  if (!scan_slots(out.user_, out.slots_, error)) return std::nullopt;
  return out;
}

Messages PromptTemplate::render(const std::vector<Slot>& values, std::string_view nonce) const {
  std::string drawn;
  if (nonce.empty()) {
    std::vector<std::string_view> data;
    for (const Slot& s : values) {
      data.emplace_back(s.text);
      for (const Slot::Item& item : s.items)
        data.emplace_back(item.text);
    }
    drawn = nonce_not_in(data);
    nonce = drawn;
  }
  Messages out{system_, {}};
  // Line by line: section lines decide whether the lines up to their end are kept.
  std::string_view rest = user_;
  std::vector<bool> keeping;  // one per open section
  while (true) {
    const std::size_t eol = rest.find('\n');
    std::string_view line = rest.substr(0, eol);
    if (line.starts_with("{{#") && line.ends_with("}}")) {
      const Slot* s = find_slot(values, line.substr(3, line.size() - 5));
      keeping.push_back(s != nullptr && !s->empty());
    } else if (line.starts_with("{{/") && line.ends_with("}}")) {
      if (!keeping.empty()) keeping.pop_back();
    } else if (std::all_of(keeping.begin(), keeping.end(), [](bool k) { return k; })) {
      for (std::size_t at = 0; at < line.size();) {
        const std::size_t open = line.find("{{", at);
        out.user += line.substr(at, open - at);
        if (open == std::string_view::npos) break;
        const std::size_t close = line.find("}}", open);
        if (const Slot* s = find_slot(values, line.substr(open + 2, close - open - 2)))
          append_slot(out.user, *s, nonce);
        at = close + 2;
      }
      out.user += '\n';
    }
    if (eol == std::string_view::npos) break;
    rest.remove_prefix(eol + 1);
  }
  while (!out.user.empty() && out.user.back() == '\n')
    out.user.pop_back();
  return out;
}

}  // namespace groundgate::filters::judge
