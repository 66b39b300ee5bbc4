#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace groundgate::filters::text {

inline constexpr char32_t kReplacementChar = 0xFFFD;

// One decoded code point; `length` is always >= 1 so a loop over invalid bytes advances.
struct DecodedChar {
  char32_t code_point = 0;
  std::uint8_t length = 1;
  bool valid = false;
};

// Decodes the sequence starting at `pos` (pos < text.size()). Overlong forms, surrogates and
// values above U+10FFFF are invalid; an invalid sequence reports length 1.
DecodedChar decode_utf8(std::string_view text, std::size_t pos);

bool is_valid_utf8(std::string_view text);

// Copy of `text` with every invalid byte replaced by U+FFFD.
std::string repair_utf8(std::string_view text);

void append_utf8(std::string& out, char32_t code_point);

// Length of the longest prefix that does not end inside a valid but incomplete sequence
// (streaming: hold back the tail until its continuation bytes arrive).
std::size_t complete_prefix_length(std::string_view text);

// Moves `pos` back to the start of the code point it points into (at most 3 bytes).
std::size_t align_to_char_start(std::string_view text, std::size_t pos);

constexpr char ascii_lower(char c) {
  return (c >= 'A' && c <= 'Z') ? char(c + ('a' - 'A')) : c;
}
std::string ascii_lower(std::string_view text);

// ASCII, Latin-1 and Latin Extended-A capitals to lowercase; other code points unchanged.
char32_t simple_lower(char32_t code_point);

// The ASCII stand-in for a typographic character (’ ‘ → ', “ ” → ", – — → -, … → ...,
// NBSP → space, ﬁ → fi), or empty when there is none.
std::string_view typographic_fold(char32_t code_point);

// A combining diacritic (U+0300..U+036F), as decomposed text writes an accent after its letter.
constexpr bool is_combining_mark(char32_t cp) {
  return cp >= 0x300 && cp <= 0x36F;
}

// The lowercase letter an ASCII letter `base` and combining mark `mark` make ('e' and U+0301:
// U+00E9 "é"), Latin-1 and Latin Extended-A; 0 where they make none.
char32_t compose_latin(char base, char32_t mark);

// Appends code point `cp` to `out` as matching reads it: lowercased, a typographic character
// folded, a combining mark composed with the letter before it ("Cafe\u0301" is "café").
void append_folded(std::string& out, char32_t cp);

// Text for matching: invalid bytes repaired, each code point as append_folded() writes it.
// Byte offsets are NOT preserved; use tokens for offsets.
std::string fold_for_matching(std::string_view text);

}  // namespace groundgate::filters::text
