#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
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

// ASCII plus Latin-1 uppercase letters to lowercase; other code points unchanged.
char32_t simple_lower(char32_t code_point);

// The ASCII stand-in for a typographic character (’ ‘ → ', “ ” → ", – — → -, … → ...,
// NBSP → space, ﬁ → fi), or empty when there is none.
std::string_view typographic_fold(char32_t code_point);

// A Latin letter with a diacritic as its lowercase base letters ("É" → "e", "ă" → "a", "ß" →
// "ss"), an empty view for a combining mark (U+0300–U+036F, dropped), nullopt for any other
// code point. So "Café" and "Cafe\u0301" (the same word, composed and decomposed) match.
std::optional<std::string_view> latin_fold(char32_t code_point);

// Text for matching: invalid bytes repaired, typographic characters and diacritics folded,
// lowercased. Byte offsets are NOT preserved; use tokens for offsets.
std::string fold_for_matching(std::string_view text);

}  // namespace groundgate::filters::text
