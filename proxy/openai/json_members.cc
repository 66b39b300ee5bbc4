#include "proxy/openai/json_members.h"

#include <algorithm>

namespace groundgate::proxy::openai {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::size_t skip_space(std::string_view json, std::size_t pos) {
  while (pos < json.size() && is_space(json[pos]))
    ++pos;
  return pos;
}

// Position after the string whose opening quote is at `pos`, or npos.
std::size_t skip_string(std::string_view json, std::size_t pos) {
  for (std::size_t i = pos + 1; i < json.size(); ++i) {
    if (json[i] == '\\') {
      ++i;
    } else if (json[i] == '"') {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

// Walks the list (an object's members, an array's elements) opened by `open` at the first
// non-space byte from `pos`: `item` reads one from its first byte and returns the position
// after it (npos: it does not end). True when the list closes after its last item.
template <typename Item>
bool walk_list(std::string_view json, std::size_t pos, char open, char close, Item item) {
  pos = skip_space(json, pos);
  if (pos >= json.size() || json[pos] != open) return false;
  pos = skip_space(json, pos + 1);
  if (pos < json.size() && json[pos] == close) return true;
  while (pos < json.size()) {
    pos = item(pos);
    if (pos == std::string_view::npos) return false;
    pos = skip_space(json, pos);
    if (pos >= json.size()) return false;
    if (json[pos] == close) return true;
    if (json[pos] != ',') return false;
    pos = skip_space(json, pos + 1);
  }
  return false;
}

}  // namespace

std::size_t json_value_end(std::string_view json, std::size_t pos) {
  if (pos >= json.size()) return std::string_view::npos;
  if (json[pos] == '"') return skip_string(json, pos);
  if (json[pos] != '{' && json[pos] != '[') {
    while (pos < json.size() && !is_space(json[pos]) && json[pos] != ',' && json[pos] != '}' &&
           json[pos] != ']') {
      ++pos;
    }
    return pos;
  }
  std::size_t depth = 0;
  for (std::size_t i = pos; i < json.size(); ++i) {
    char c = json[i];
    if (c == '"') {
      i = skip_string(json, i);
      if (i == std::string_view::npos) return i;
      --i;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth == 0) return i + 1;
    }
  }
  return std::string_view::npos;
}

std::optional<std::vector<MemberSpan>> object_members(std::string_view json, std::size_t pos) {
  std::vector<MemberSpan> members;
  const auto member = [&](std::size_t at) {
    if (json[at] != '"') return std::string_view::npos;
    MemberSpan span{at, 0, 0, 0};
    at = skip_string(json, at);
    if (at == std::string_view::npos) return at;
    span.key_end = at;
    at = skip_space(json, at);
    if (at >= json.size() || json[at] != ':') return std::string_view::npos;
    span.value_begin = skip_space(json, at + 1);
    span.value_end = json_value_end(json, span.value_begin);
    if (span.value_end != std::string_view::npos) members.push_back(span);
    return span.value_end;
  };
  if (!walk_list(json, pos, '{', '}', member)) return std::nullopt;
  return members;
}

std::optional<std::vector<ValueSpan>> array_elements(std::string_view json, std::size_t pos) {
  std::vector<ValueSpan> elements;
  const auto element = [&](std::size_t at) {
    const std::size_t end = json_value_end(json, at);
    if (end == at) return std::string_view::npos;
    if (end != std::string_view::npos) elements.push_back({at, end});
    return end;
  };
  if (!walk_list(json, pos, '[', ']', element)) return std::nullopt;
  return elements;
}

std::optional<std::string> without_members(std::string_view json, const std::vector<bool>& remove) {
  std::optional<std::vector<MemberSpan>> members = object_members(json);
  if (!members || members->size() != remove.size()) return std::nullopt;
  const std::vector<MemberSpan>& m = *members;
  std::size_t n = m.size();
  // Byte ranges to drop. A member followed by a kept one takes its trailing comma along;
  // a removed tail takes the comma after the last kept member instead.
  std::vector<std::pair<std::size_t, std::size_t>> drops;
  std::size_t last_kept = n;
  std::vector<std::size_t> next_kept(n + 1, n);
  for (std::size_t i = n; i-- > 0;)
    next_kept[i] = remove[i] ? next_kept[i + 1] : i;
  for (std::size_t i = 0; i < n; ++i) {
    if (!remove[i]) {
      last_kept = i;
      continue;
    }
    if (next_kept[i] < n) {
      drops.emplace_back(m[i].key_begin, m[i + 1].key_begin);
    } else if (last_kept < n) {
      drops.emplace_back(m[last_kept].value_end, m[i].value_end);
    } else {
      drops.emplace_back(m[i].key_begin, m[i].value_end);
      if (i + 1 < n) drops.emplace_back(m[i].key_begin, m[i + 1].key_begin);
    }
  }
  std::sort(drops.begin(), drops.end());
  std::string out;
  out.reserve(json.size());
  std::size_t pos = 0;
  for (auto [begin, end] : drops) {
    if (begin > pos) out.append(json.substr(pos, begin - pos));
    pos = std::max(pos, end);
  }
  out.append(json.substr(pos));
  return out;
}

}  // namespace groundgate::proxy::openai
