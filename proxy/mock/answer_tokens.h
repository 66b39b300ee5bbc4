#pragma once
// Answer text split once into GPT-like tokens, so that streaming it costs no tokenising.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::proxy::mock {

// Tokens are words with their leading spaces, digit groups of up to three, contractions ("'s"),
// single punctuation marks and newline runs. They cover the text exactly: joined, they give it
// back unchanged.
class AnswerTokens {
 public:
  AnswerTokens() = default;
  explicit AnswerTokens(std::string text);

  const std::string& text() const { return text_; }
  size_t size() const { return spans_.size(); }
  bool empty() const { return spans_.empty(); }
  std::string_view token(size_t i) const;
  // The text of the first `count` tokens (all of it when count >= size()).
  std::string_view prefix(size_t count) const;

 private:
  struct Span {
    uint32_t offset;
    uint32_t size;
  };
  std::string text_;
  std::vector<Span> spans_;
};

// How many tokens AnswerTokens would make of `text`, without storing them.
size_t count_tokens(std::string_view text);

}  // namespace groundgate::proxy::mock
