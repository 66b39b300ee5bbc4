#include "proxy/mock/answer_tokens.h"

namespace groundgate::proxy::mock {
namespace {

constexpr size_t kDigitGroup = 3;

bool is_letter(unsigned char c) {
  // Bytes of multi-byte UTF-8 sequences count as letters so that code points stay whole.
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}
bool is_digit(unsigned char c) {
  return c >= '0' && c <= '9';
}
bool is_newline(unsigned char c) {
  return c == '\n' || c == '\r';
}
bool is_blank(unsigned char c) {
  return c == ' ' || c == '\t';
}

unsigned char at(std::string_view text, size_t i) {
  return static_cast<unsigned char>(text[i]);
}

// End of the token that starts at `pos` (pos < text.size()).
size_t token_end(std::string_view text, size_t pos) {
  const size_t n = text.size();
  if (is_newline(at(text, pos))) {
    while (pos < n && is_newline(at(text, pos)))
      ++pos;
    return pos;
  }
  size_t i = pos;
  while (i < n && is_blank(at(text, i)))
    ++i;
  // Blanks before a newline or at the end are a token of their own.
  if (i == n || is_newline(at(text, i))) return i;
  const unsigned char c = at(text, i);
  if (is_letter(c)) {
    while (i < n && is_letter(at(text, i)))
      ++i;
    return i;
  }
  if (is_digit(c)) {
    const size_t limit = i + kDigitGroup;
    while (i < n && i < limit && is_digit(at(text, i)))
      ++i;
    return i;
  }
  if (c == '\'' && i + 1 < n && is_letter(at(text, i + 1))) {
    ++i;
    while (i < n && is_letter(at(text, i)))
      ++i;
    return i;
  }
  return i + 1;
}

}  // namespace

AnswerTokens::AnswerTokens(std::string text) : text_(std::move(text)) {
  spans_.reserve(text_.size() / 4 + 1);
  for (size_t pos = 0; pos < text_.size();) {
    const size_t end = token_end(text_, pos);
    spans_.push_back({static_cast<uint32_t>(pos), static_cast<uint32_t>(end - pos)});
    pos = end;
  }
  spans_.shrink_to_fit();
}

std::string_view AnswerTokens::token(size_t i) const {
  return std::string_view(text_).substr(spans_[i].offset, spans_[i].size);
}

std::string_view AnswerTokens::prefix(size_t count) const {
  if (count >= spans_.size()) return text_;
  return std::string_view(text_).substr(0, spans_[count].offset);
}

size_t count_tokens(std::string_view text) {
  size_t count = 0;
  for (size_t pos = 0; pos < text.size(); pos = token_end(text, pos))
    ++count;
  return count;
}

}  // namespace groundgate::proxy::mock
