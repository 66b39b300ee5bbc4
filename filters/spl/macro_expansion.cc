#include "filters/spl/macro_expansion.h"

#include <algorithm>
#include <tuple>

namespace groundgate::filters::spl {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

std::pair<std::size_t, std::size_t> trimmed(std::string_view s, std::size_t b, std::size_t e) {
  while (b < e && is_space(s[b]))
    ++b;
  while (e > b && is_space(s[e - 1]))
    --e;
  if (e - b >= 2 && s[b] == '"' && s[e - 1] == '"') {
    ++b;
    --e;
  }
  return {b, e};
}

// The end of the double-quoted string opening at `at` (escapes skipped), or the text's end.
std::size_t string_end(std::string_view s, std::size_t at) {
  for (std::size_t i = at + 1; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;
    } else if (s[i] == '"') {
      return i + 1;
    }
  }
  return s.size();
}

class Expander {
 public:
  Expander(const SplMetadata& metadata, const SplMetadata* builtin, const ExpansionLimits& limits,
           std::string& text, std::vector<std::uint32_t>& origin, std::vector<MacroCall>& calls,
           std::vector<std::pair<std::uint32_t, std::uint32_t>>& spans)
      : metadata_(metadata),
        builtin_(builtin),
        limits_(limits),
        text_(text),
        origin_(origin),
        calls_(calls),
        spans_(spans) {}

  bool truncated() const { return truncated_; }

  void expand(std::string_view src, const std::uint32_t* from, std::size_t depth) {
    std::size_t i = 0;
    while (i < src.size() && !truncated_) {
      if (src.substr(i, 3) == "```") {
        const std::size_t close = src.find("```", i + 3);
        const std::size_t end = close == std::string_view::npos ? src.size() : close + 3;
        copy(src, from, i, end);
        i = end;
      } else if (src[i] == '"') {
        const std::size_t end = string_end(src, i);
        copy(src, from, i, end);
        i = end;
      } else if (src[i] == '`') {
        const std::size_t close = src.find('`', i + 1);
        if (close == std::string_view::npos) {
          copy(src, from, i, src.size());  // the lexer reports the unclosed macro
          return;
        }
        call(src, from, i, close + 1, depth);
        i = close + 1;
      } else {
        const std::size_t next = std::min({src.find('`', i), src.find('"', i), src.size()});
        copy(src, from, i, next);
        i = next;
      }
    }
  }

 private:
  static constexpr std::uint32_t kDefinition = 0x80000000u;

  void copy(std::string_view src, const std::uint32_t* from, std::size_t b, std::size_t e) {
    if (text_.size() + (e - b) > limits_.max_bytes) {
      e = b + (limits_.max_bytes - std::min(limits_.max_bytes, text_.size()));
      truncated_ = true;
    }
    text_.append(src.substr(b, e - b));
    origin_.insert(origin_.end(), from + b, from + e);
  }

  const MacroDefinition* find(std::string_view name, std::size_t arguments) const {
    const MacroDefinition* m = metadata_.find_macro(name, arguments);
    if (m == nullptr && builtin_ != nullptr) m = builtin_->find_macro(name, arguments);
    return m;
  }

  MacroStatus missing(std::string_view name) const {
    if (metadata_.has_macro_definition(name) ||
        (builtin_ != nullptr && builtin_->has_macro_definition(name))) {
      return MacroStatus::kWrongArguments;
    }
    return metadata_.names(Kind::kMacro).contains(name) ? MacroStatus::kOpaque
                                                        : MacroStatus::kUnknown;
  }

  // src[b, e) is a macro call with its backticks.
  void call(std::string_view src, const std::uint32_t* from, std::size_t b, std::size_t e,
            std::size_t depth) {
    const std::string_view inner = src.substr(b + 1, e - b - 2);
    const MacroCallText parts = split_macro_call(inner);
    const MacroDefinition* def = find(parts.name, parts.arguments.size());
    MacroStatus status = MacroStatus::kExpanded;
    if (def == nullptr) {
      status = missing(parts.name);
    } else if (depth >= limits_.max_depth) {
      status = MacroStatus::kTooDeep;
    }
    // Definition bytes carry the marker of the model's call they descend from.
    std::uint32_t marker = from[b];
    if ((marker & kDefinition) == 0) {
      marker = kDefinition | static_cast<std::uint32_t>(spans_.size());
      spans_.emplace_back(from[b], from[e - 1] + 1);
      calls_.push_back(
          {std::string(parts.name), from[b], from[e - 1] + 1, parts.arguments.size(), status});
    }
    if (status != MacroStatus::kExpanded) {
      copy(src, from, b, e);  // left as a macro token
      return;
    }
    std::string body;
    std::vector<std::uint32_t> body_from;
    const std::string_view d = def->definition;
    std::size_t i = 0;
    while (i < d.size()) {
      if (d[i] == '$') {
        const std::size_t close = d.find('$', i + 1);
        if (close != std::string_view::npos) {
          const std::string_view arg = d.substr(i + 1, close - i - 1);
          const auto it = std::find(def->arguments.begin(), def->arguments.end(), arg);
          if (it != def->arguments.end()) {
            const auto [ab, ae] = parts.arguments[it - def->arguments.begin()];
            body.append(inner.substr(ab, ae - ab));
            body_from.insert(body_from.end(), from + b + 1 + ab, from + b + 1 + ae);
            i = close + 1;
            continue;
          }
        }
      }
      body += d[i];
      body_from.push_back(marker);
      ++i;
    }
    expand(body, body_from.data(), depth + 1);
  }

  const SplMetadata& metadata_;
  const SplMetadata* builtin_;
  const ExpansionLimits& limits_;
  std::string& text_;
  std::vector<std::uint32_t>& origin_;
  std::vector<MacroCall>& calls_;
  std::vector<std::pair<std::uint32_t, std::uint32_t>>& spans_;
  bool truncated_ = false;
};

}  // namespace

MacroCallText split_macro_call(std::string_view inner) {
  MacroCallText out;
  const std::size_t open = inner.find('(');
  const std::size_t close = inner.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
    const auto [b, e] = trimmed(inner, 0, inner.size());
    out.name = inner.substr(b, e - b);
    return out;
  }
  std::size_t nb = 0, ne = open;
  while (nb < ne && is_space(inner[nb]))
    ++nb;
  while (ne > nb && is_space(inner[ne - 1]))
    --ne;
  out.name = inner.substr(nb, ne - nb);
  std::size_t start = open + 1, depth = 0;
  bool any = false;
  for (std::size_t i = open + 1; i < close; ++i) {
    const char c = inner[i];
    if (c == '"') {
      i = string_end(inner.substr(0, close), i) - 1;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')' && depth > 0) {
      --depth;
    } else if (c == ',' && depth == 0) {
      out.arguments.push_back(trimmed(inner, start, i));
      start = i + 1;
    }
    if (!is_space(c)) any = true;
  }
  if (any || !out.arguments.empty()) out.arguments.push_back(trimmed(inner, start, close));
  return out;
}

Expansion expand_macros(std::string_view query, const SplMetadata& metadata,
                        const SplMetadata* builtin, const ExpansionLimits& limits) {
  Expansion out;
  std::vector<std::uint32_t> from(query.size());
  for (std::size_t i = 0; i < query.size(); ++i)
    from[i] = static_cast<std::uint32_t>(i);
  out.text_.reserve(query.size() * 2);
  out.origin_.reserve(query.size() * 2);
  Expander expander(metadata, builtin, limits, out.text_, out.origin_, out.calls_, out.call_spans_);
  expander.expand(query, from.data(), 0);
  out.truncated_ = expander.truncated();
  return out;
}

bool Expansion::written_by_model(std::size_t begin, std::size_t end) const {
  end = std::min(end, origin_.size());
  for (std::size_t i = begin; i < end; ++i) {
    if ((origin_[i] & kFromDefinition) != 0) return false;
  }
  return true;
}

std::pair<std::uint32_t, std::uint32_t> Expansion::query_span(std::size_t begin,
                                                              std::size_t end) const {
  end = std::min(end, origin_.size());
  std::uint32_t lo = UINT32_MAX, hi = 0;
  for (std::size_t i = begin; i < end; ++i) {
    std::uint32_t b = origin_[i], e = origin_[i] + 1;
    if ((origin_[i] & kFromDefinition) != 0) {
      std::tie(b, e) = call_spans_[origin_[i] & ~kFromDefinition];
    }
    lo = std::min(lo, b);
    hi = std::max(hi, e);
  }
  return lo == UINT32_MAX ? std::pair<std::uint32_t, std::uint32_t>{0, 0}
                          : std::pair<std::uint32_t, std::uint32_t>{lo, hi};
}

std::string_view to_string(MacroStatus status) {
  switch (status) {
    case MacroStatus::kExpanded:
      return "expanded";
    case MacroStatus::kUnknown:
      return "unknown";
    case MacroStatus::kWrongArguments:
      return "wrong_arguments";
    case MacroStatus::kTooDeep:
      return "too_deep";
    case MacroStatus::kOpaque:
      return "opaque";
  }
  return "unknown";
}

}  // namespace groundgate::filters::spl
