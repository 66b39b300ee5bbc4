#pragma once
// A sentence read as the semantic-piece checks read one (read_text.h), owning its tokens and
// entities, for tests of the pure checks over one sentence.

#include <gtest/gtest.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/semantic_piece/read_text.h"

namespace groundgate::filters::semantic_piece {

struct ReadSentence {
  std::string text;
  std::vector<text::Token> tokens;
  std::vector<text::Entity> entities;
  explicit ReadSentence(std::string t)
      : text(std::move(t)),
        tokens(text::tokenize(text)),
        entities(text::extract_entities(text, tokens)) {}
  ReadText view() const { return {text, tokens, entities}; }
  // The entity written `surface`; a test failure where there is none.
  const text::Entity& entity(std::string_view surface) const {
    for (const text::Entity& e : entities) {
      if (e.text == surface) return e;
    }
    ADD_FAILURE() << "no entity " << surface << " in " << text;
    return entities.front();
  }
  // `tokens` (this sentence's, or copies of them) written as in the text, joined by spaces.
  std::string joined(std::span<const text::Token> tokens) const {
    std::string out;
    for (const text::Token& t : tokens) {
      if (!out.empty()) out += ' ';
      out += t.surface(text);
    }
    return out;
  }
};

}  // namespace groundgate::filters::semantic_piece
