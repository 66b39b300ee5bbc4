#pragma once
// Orderings between two named things — "X was founded first", "X is older than Y", "X was
// released before Y" — checked against the dates the context gives each of them. Answers
// built only from context words can still order them wrongly; coverage cannot see that.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "filters/index/context_index.h"
#include "filters/text/entities.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::semantic_piece {

struct OrderConflict {
  // kReversed: the context dates both parties, the other way round; kUndated: it does not date
  // both, so the ordering the clause states rests on nothing in the context.
  enum class Kind : std::uint8_t { kReversed, kUndated };
  Kind kind = Kind::kReversed;
  std::string reason;       // "the context dates First for Women 1989 and Arthur's Magazine 1844"
  std::uint32_t piece = 0;  // the piece that dates (or names) the answer's subject
};

// `tokens` and `entities` are the clause's, with offsets in `sentence`. The second party may
// come from the question ("Who was born first, A or B?" → "B was born first."). Returns the
// conflict when both parties are dated apart and the clause orders them the other way, or when
// the context does not date both of them.
// `question_words`: question_name_words() of the question; `alternative`: its
// alternative_after_or(), or null (names.h).
std::optional<OrderConflict> check_order(const index::ContextIndex& index,
                                         std::string_view sentence,
                                         std::span<const text::Token> tokens,
                                         std::span<const text::Entity> entities,
                                         std::span<const text::Entity> question_entities,
                                         std::span<const std::string> question_words,
                                         const text::Entity* alternative);

}  // namespace groundgate::filters::semantic_piece
