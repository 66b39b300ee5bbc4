#include "filters/judge/quote_check.h"

#include <algorithm>
#include <functional>
#include <optional>

namespace groundgate::filters::judge {
namespace {

// Ends every passage in the index: normalisation turns control characters into spaces, so no
// normalised quote holds it.
constexpr char kPassageEnd = '\x1e';

// What one UTF-8 character normalises to: "" (dropped), " " (a space), or its ASCII form;
// nullopt: kept as written. `size`: the character's bytes.
std::optional<std::string_view> fold(std::string_view s, std::size_t& size) {
  const auto b = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  size = 1;
  const unsigned char c = b(0);
  if (c < 0x80) {
    if (c < 0x20 || c == 0x7F) return " ";
    return std::nullopt;
  }
  if (c == 0xC2 && s.size() >= 2 && b(1) == 0xA0) {  // no-break space
    size = 2;
    return " ";
  }
  if (c == 0xE2 && s.size() >= 3 && b(1) == 0x80) {
    size = 3;
    const unsigned char d = b(2);
    if (d <= 0x8A || d == 0xAF) return " ";   // typographic spaces
    if (d >= 0x8B && d <= 0x8D) return "";    // zero-width
    if (d >= 0x90 && d <= 0x95) return "-";   // hyphens, dashes
    if (d >= 0x98 && d <= 0x9B) return "'";   // single quotes
    if (d >= 0x9C && d <= 0x9F) return "\"";  // double quotes
    if (d == 0xA6) return "...";              // ellipsis
    if (d == 0xB2) return "'";                // prime
    if (d == 0xB3) return "\"";               // double prime
    size = 1;
    return std::nullopt;
  }
  if (c == 0xE2 && s.size() >= 3 && b(1) == 0x88 && b(2) == 0x92) {  // minus sign
    size = 3;
    return "-";
  }
  if (c == 0xE2 && s.size() >= 3 && b(1) == 0x81 && b(2) == 0x9F) {  // medium math space
    size = 3;
    return " ";
  }
  if (c == 0xE3 && s.size() >= 3 && b(1) == 0x80 && b(2) == 0x80) {  // ideographic space
    size = 3;
    return " ";
  }
  if (c == 0xEF && s.size() >= 3 && b(1) == 0xBB && b(2) == 0xBF) {  // byte order mark
    size = 3;
    return "";
  }
  return std::nullopt;
}

bool is_edge_noise(char c) {
  return c == '"' || c == '\'' || c == '.' || c == ',' || c == ';' || c == ':' || c == ' ' ||
         c == '!' || c == '?';
}

}  // namespace

std::string normalise_for_quotes(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool space = true;  // drops leading spaces and collapses runs
  for (std::size_t i = 0; i < text.size();) {
    std::size_t size = 1;
    std::optional<std::string_view> folded = fold(text.substr(i), size);
    std::string_view piece = folded ? *folded : text.substr(i, 1);
    for (char c : piece) {
      if (c == ' ' || c == '\t') {
        if (!space) out += ' ';
        space = true;
        continue;
      }
      out += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
      space = false;
    }
    i += size;
  }
  if (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

void QuoteIndex::add(std::string_view passage) {
  text_ += normalise_for_quotes(passage);
  text_ += kPassageEnd;
}

std::string_view QuoteIndex::check(std::string_view quote) const {
  std::string q = normalise_for_quotes(quote);
  // Wrapping quotes, ellipses and sentence punctuation at either end are the judge's, not the
  // context's.
  std::size_t begin = 0;
  std::size_t end = q.size();
  while (begin < end && is_edge_noise(q[begin]))
    ++begin;
  while (end > begin && is_edge_noise(q[end - 1]))
    --end;
  const std::string_view span = std::string_view(q).substr(begin, end - begin);
  if (static_cast<std::size_t>(std::count(span.begin(), span.end(), ' ')) + 1 < kMinQuoteWords)
    return "too short";
  const auto found = std::search(text_.begin(), text_.end(),
                                 std::boyer_moore_horspool_searcher(span.begin(), span.end()));
  return found == text_.end() ? "not in the context" : "";
}

}  // namespace groundgate::filters::judge
