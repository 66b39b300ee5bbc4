#include "filters/text/name_distance.h"

#include <algorithm>
#include <array>
#include <vector>

#include "filters/text/utf8.h"

namespace groundgate::filters::text {
namespace {

constexpr std::size_t kMaxNameChars = 128;

// Appends the folded code points of `name` (at most `max_chars`) to `out`.
void fold_into(std::string_view name, std::u32string& out, std::size_t max_chars = kMaxNameChars) {
  out.clear();
  for (std::size_t i = 0; i < name.size() && out.size() < max_chars;) {
    const unsigned char byte = static_cast<unsigned char>(name[i]);
    if (byte < 0x80) {  // ASCII: no decoding
      out.push_back(byte >= 'A' && byte <= 'Z' ? byte - 'A' + 'a' : byte);
      ++i;
      continue;
    }
    const DecodedChar c = decode_utf8(name, i);
    out.push_back(simple_lower(c.valid ? c.code_point : kReplacementChar));
    i += c.length;
  }
}

// The folded code points of `name` (at most `max_chars`).
std::u32string folded_chars(std::string_view name, std::size_t max_chars = kMaxNameChars) {
  std::u32string out;
  fold_into(name, out, max_chars);
  return out;
}

// How many code points folded_chars() would give, without building them.
std::size_t char_count(std::string_view name, std::size_t max_chars = kMaxNameChars) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < name.size() && n < max_chars; ++n)
    i += static_cast<unsigned char>(name[i]) < 0x80 ? 1 : decode_utf8(name, i).length;
  return n;
}

// Optimal string alignment distance of folded texts (at most kMaxNameChars each), three rows
// on the stack; nullopt past `limit`.
std::optional<std::size_t> folded_distance(const std::u32string& x, const std::u32string& y,
                                           std::size_t limit) {
  const std::size_t n = x.size(), m = y.size();
  if ((n > m ? n - m : m - n) > limit) return std::nullopt;
  std::array<std::size_t, kMaxNameChars + 1> rows[3];
  std::size_t* before = rows[0].data();
  std::size_t* previous = rows[1].data();
  std::size_t* current = rows[2].data();
  for (std::size_t j = 0; j <= m; ++j)
    previous[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    current[0] = i;
    std::size_t row_min = current[0];
    for (std::size_t j = 1; j <= m; ++j) {
      const std::size_t cost = x[i - 1] == y[j - 1] ? 0 : 1;
      std::size_t d = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
      if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1]) {
        d = std::min(d, before[j - 2] + 1);
      }
      current[j] = d;
      row_min = std::min(row_min, d);
    }
    if (row_min > limit) return std::nullopt;
    std::swap(before, previous);
    std::swap(previous, current);
  }
  if (previous[m] > limit) return std::nullopt;
  return previous[m];
}

}  // namespace

std::optional<std::size_t> name_distance(std::string_view a, std::string_view b,
                                         std::size_t limit) {
  const std::size_t n = char_count(a), m = char_count(b);
  if ((n > m ? n - m : m - n) > limit) return std::nullopt;  // before any allocation
  return folded_distance(folded_chars(a), folded_chars(b), limit);
}

bool same_name(std::string_view a, std::string_view b) {
  // Folding keeps each letter's UTF-8 length, so names of different lengths differ.
  return a.size() == b.size() && fold_name(a) == fold_name(b);
}

std::string fold_name(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (char32_t c : folded_chars(name, name.size()))
    append_utf8(out, c);
  return out;
}

bool name_function_word(std::string_view part) {
  static constexpr std::string_view kWords[] = {"von",  "der", "die", "das", "des", "dem", "den",
                                                "und",  "mit", "für", "the", "and", "for", "with",
                                                "from", "per", "pro", "vom", "zum", "zur"};
  return std::find(std::begin(kWords), std::end(kWords), part) != std::end(kWords);
}

std::vector<std::string> name_parts(std::string_view name) {
  std::vector<std::string> parts;
  std::string current;
  char previous = 0;
  for (char c : name) {
    const bool boundary = c == '_' || c == ' ' || c == '-' || (c >= '0' && c <= '9') ||
                          (c >= 'A' && c <= 'Z' && previous >= 'a' && previous <= 'z');
    if (boundary && !current.empty()) {
      parts.push_back(fold_name(current));
      current.clear();
    }
    if (c != '_' && c != ' ' && c != '-' && !(c >= '0' && c <= '9')) current.push_back(c);
    previous = c;
  }
  if (!current.empty()) parts.push_back(fold_name(current));
  return parts;
}

std::optional<NameSuggestion> closest_name(std::string_view word,
                                           std::span<const std::string> candidates) {
  const std::u32string folded = folded_chars(word);
  const std::size_t chars = folded.size();
  const std::size_t limit = std::clamp<std::size_t>(chars / 3, 1, 3);
  std::optional<NameSuggestion> best;
  std::u32string other;
  for (const std::string& candidate : candidates) {
    if (candidate == word) continue;
    const std::size_t m = char_count(candidate);
    if ((chars > m ? chars - m : m - chars) > limit) continue;
    fold_into(candidate, other);
    const std::optional<std::size_t> d = folded_distance(folded, other, limit);
    if (!d) continue;
    if (!best || *d < best->distance) {
      best = NameSuggestion{candidate, *d, true};
    } else if (*d == best->distance && !same_name(candidate, best->name)) {
      best->unique = false;
    }
  }
  return best;
}

}  // namespace groundgate::filters::text
