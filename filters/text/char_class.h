#pragma once

#include <array>
#include <cstdint>

namespace groundgate::filters::text {

// Coarse class of a code point, enough for tokenising English text.
enum class CharClass : std::uint8_t { kSpace, kLetter, kDigit, kPunctuation, kSymbol };

constexpr CharClass classify_ascii(char32_t cp) {
  if (cp == ' ' || (cp >= '\t' && cp <= '\r')) return CharClass::kSpace;
  if ((cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z')) return CharClass::kLetter;
  if (cp >= '0' && cp <= '9') return CharClass::kDigit;
  switch (cp) {
    case '.':
    case ',':
    case ';':
    case ':':
    case '!':
    case '?':
    case '(':
    case ')':
    case '[':
    case ']':
    case '{':
    case '}':
    case '"':
    case '\'':
    case '-':
    case '`':
      return CharClass::kPunctuation;
    default:
      return CharClass::kSymbol;
  }
}

inline constexpr auto kAsciiClasses = [] {
  std::array<CharClass, 128> table{};
  for (char32_t c = 0; c < 128; ++c)
    table[c] = classify_ascii(c);
  return table;
}();

constexpr CharClass classify(char32_t cp) {
  if (cp < 0x80) return kAsciiClasses[cp];
  if (cp == 0xA0 || (cp >= 0x2000 && cp <= 0x200B) || cp == 0x202F || cp == 0x205F ||
      cp == 0x3000 || cp == 0x85) {
    return CharClass::kSpace;
  }
  if ((cp >= 0x2010 && cp <= 0x2027) || (cp >= 0x2030 && cp <= 0x205E) || cp == 0xAB ||
      cp == 0xBB || cp == 0xA1 || cp == 0xBF || cp == 0xB7 || (cp >= 0x3001 && cp <= 0x3011)) {
    return CharClass::kPunctuation;
  }
  if (cp < 0xC0 || cp == 0xD7 || cp == 0xF7 || (cp >= 0x2000 && cp <= 0x2BFF) ||
      (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF0F) || cp == 0xFFFD ||
      (cp >= 0xE000 && cp <= 0xF8FF) || (cp >= 0x1F000 && cp <= 0x1FAFF)) {
    return CharClass::kSymbol;
  }
  return CharClass::kLetter;
}

constexpr bool is_upper_letter(char32_t cp) {
  return (cp >= 'A' && cp <= 'Z') || (cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) ||
         (cp >= 0x391 && cp <= 0x3A9) || (cp >= 0x410 && cp <= 0x42F);
}

constexpr bool is_apostrophe(char32_t cp) {
  return cp == '\'' || cp == 0x2019;
}
constexpr bool is_word_hyphen(char32_t cp) {
  return cp == '-' || cp == 0x2010 || cp == 0x2011;
}

}  // namespace groundgate::filters::text
