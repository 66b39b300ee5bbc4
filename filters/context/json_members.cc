#include "filters/context/json_members.h"

#include <algorithm>

namespace groundgate::filters::context {
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

std::optional<std::vector<MemberSpan>> top_level_members(std::string_view json) {
  std::vector<MemberSpan> members;
  std::size_t pos = skip_space(json, 0);
  if (pos >= json.size() || json[pos] != '{') return std::nullopt;
  pos = skip_space(json, pos + 1);
  if (pos < json.size() && json[pos] == '}') return members;
  while (pos < json.size()) {
    if (json[pos] != '"') return std::nullopt;
    MemberSpan member{pos, 0, 0, 0};
    pos = skip_string(json, pos);
    if (pos == std::string_view::npos) return std::nullopt;
    member.key_end = pos;
    pos = skip_space(json, pos);
    if (pos >= json.size() || json[pos] != ':') return std::nullopt;
    member.value_begin = skip_space(json, pos + 1);
    pos = json_value_end(json, member.value_begin);
    if (pos == std::string_view::npos) return std::nullopt;
    member.value_end = pos;
    members.push_back(member);
    pos = skip_space(json, pos);
    if (pos >= json.size()) return std::nullopt;
    if (json[pos] == '}') return members;
    if (json[pos] != ',') return std::nullopt;
    pos = skip_space(json, pos + 1);
  }
  return std::nullopt;
}

std::optional<std::string> without_members(std::string_view json, const std::vector<bool>& remove) {
  std::optional<std::vector<MemberSpan>> members = top_level_members(json);
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

}  // namespace groundgate::filters::context
