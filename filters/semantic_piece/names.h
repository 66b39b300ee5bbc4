#pragma once
// Names the entity extractor cannot see alone. At a sentence start a capital proves nothing
// ("Mookychick is ...", "Hole was founded first"), so the extractor leaves such a word out;
// the context or the question, which write it as a name elsewhere, tell it is one.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/index/context_index.h"
#include "filters/text/entities.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::semantic_piece {

// The words (lowercase `norm`) of the question's names, sorted and unique; made once per answer.
std::vector<std::string> question_name_words(std::span<const text::Entity> question_entities);

// The question's name right after its last "or" ("Which was founded first, A or B?" → B), the
// alternative an answer that picks A orders itself against; null when there is none.
const text::Entity* alternative_after_or(std::span<const text::Token> question_tokens,
                                         std::span<const text::Entity> question_entities);

// Where the context speaks of a name: the pieces of its rarest word ("Stanford University":
// where "Stanford" is), ascending; empty when no word of it is in the context.
std::vector<std::uint32_t> name_pieces(const index::ContextIndex& index, std::string_view name);

// `t` (with `term`, its term in the context or kNoTerm) is a capitalised word outside every
// entity of its clause that the context writes in a name or the question names.
bool missed_name(const index::ContextIndex& index, const text::Token& t, index::TermId term,
                 std::span<const text::Entity> entities,
                 std::span<const std::string> question_words);

}  // namespace groundgate::filters::semantic_piece
