#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::text {

enum class TokenKind : std::uint8_t {
  kWord,         // letters, with inner hyphens/apostrophes/dots: "well-known", "U.S.", "o'clock"
  kNumber,       // "1,000,000", "3.6", "1990s", "19th", "-5"
  kPunctuation,  // . , ; : ! ? ( ) [ ] " ' - – — … and other marks
  kSymbol,       // $ % £ € ¥ ° & + = / # @ and similar
};

// Bit flags in Token::flags.
enum TokenFlag : std::uint16_t {
  kCapitalized = 1 << 0,   // first letter uppercase ("Arthur", "U.S.")
  kAllCaps = 1 << 1,       // two or more letters, all uppercase ("NASA", "CEO")
  kPossessive = 1 << 2,    // word ended in 's / ’s / s' and `norm` has it stripped
  kHyphenated = 1 << 3,    // inner hyphen ("well-known", "twenty-one", "10-year")
  kAbbreviation = 1 << 4,  // dotted form kept whole ("U.S.", "e.g.", "Ph.D.")
  kOrdinal = 1 << 5,       // "19th", "1st", "2nd"
  kDecade = 1 << 6,        // "1990s", "90s"
  kDecimal = 1 << 7,       // number with a decimal point
  kGrouped = 1 << 8,       // number with thousands separators
  kClitic = 1 << 9,        // stand-alone clitic from pre-tokenised text: "'s", "n't", "'re"
  kContraction = 1 << 10,  // "don't", "it's", "we'll" kept whole
};

struct Token {
  TokenKind kind = TokenKind::kWord;
  std::uint16_t flags = 0;
  std::size_t begin = 0;  // byte offsets into the tokenised text, [begin, end)
  std::size_t end = 0;
  // Matching form: typographic chars folded, lowercased; words lose a possessive 's;
  // numbers lose thousands separators ("1,000,000" → "1000000"); "19th", "1990s" kept.
  std::string norm;

  bool has(TokenFlag flag) const { return (flags & flag) != 0; }
  std::string_view surface(std::string_view text) const { return text.substr(begin, end - begin); }
};

// Splits `text` into tokens, skipping whitespace. Never fails: invalid UTF-8 bytes become
// symbol tokens of one byte with norm U+FFFD. Offsets are bytes of `text`.
std::vector<Token> tokenize(std::string_view text);
void tokenize(std::string_view text, std::vector<Token>& out);  // appends to `out`

// A hyphenated word written solid, the same word ("wi-fi" → "wifi", "take-out" → "takeout");
// empty for any other token.
std::string solid_spelling(const Token& token);

}  // namespace groundgate::filters::text
