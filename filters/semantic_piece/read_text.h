#pragma once
// A text with its tokens and entities, offsets in `text`: what the checks that compare a
// clause with one context sentence read of each. A view: the text, tokens and entities must
// outlive it and anything read from it (party_swap.h's pairs point into them).

#include <span>
#include <string_view>

#include "filters/text/entities.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::semantic_piece {

struct ReadText {
  std::string_view text;
  std::span<const text::Token> tokens;
  std::span<const text::Entity> entities;
};

}  // namespace groundgate::filters::semantic_piece
