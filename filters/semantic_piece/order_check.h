#pragma once
// Orderings between two named things — "X was founded first", "X is older than Y", "X was
// released before Y" — checked against the dates the context gives each of them. Answers
// built only from context words can still order them wrongly; coverage cannot see that.

#include <cstdint>
#include <optional>
#include <string>

#include "filters/semantic_piece/compared_parties.h"

namespace groundgate::filters::semantic_piece {

struct OrderConflict {
  // kReversed: the context dates (or counts) both parties the other way round; kUndated: it
  // does not date both, so the ordering the clause states rests on nothing in the context.
  enum class Kind : std::uint8_t { kReversed, kUndated };
  Kind kind = Kind::kReversed;
  std::string reason;       // "the context dates First for Women 1989 and Arthur's Magazine 1844"
  std::uint32_t piece = 0;  // the piece that dates (or names) the answer's subject
};

// The second party may come from the question ("Who was born first, A or B?" → "B was born
// first."). Returns the conflict when both parties are dated apart and the clause orders them
// the other way, or when the context does not date both of them.
std::optional<OrderConflict> check_order(const ComparedClause& clause);

}  // namespace groundgate::filters::semantic_piece
