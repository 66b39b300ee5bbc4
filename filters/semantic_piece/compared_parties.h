#pragma once
// The two named things a comparison in a clause sets against each other — "X was founded
// before Y", "X is older than Y", "X has more species." (Y the question's other
// alternative) — and where the context first names each. The date order (order_check.h) and
// the count comparison (count_comparison.h) check what the context says of the two.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "filters/index/context_index.h"
#include "filters/text/entities.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::semantic_piece {

// A named party: where the context mentions it first (the piece of its rarest word).
struct ComparedParty {
  std::string_view text;
  std::size_t begin = 0;  // offsets in the text it was found in
  std::size_t end = 0;
  std::optional<std::uint32_t> piece;
};

// How the clause names the second party.
enum class SecondPartyAt : std::uint8_t {
  kAfterCue,   // "before Y", "after Y": right after the cue
  kAfterThan,  // "older than Y"
  kAsked,      // "X was born first.", "X is older.": the other one the question names
};

// Token i is past the clause's end or a mark.
bool ends_clause(std::span<const text::Token> tokens, std::size_t i);

// A clause that compares two things, and what the question says of them.
struct ComparedClause {
  const index::ContextIndex& index;
  std::string_view sentence;
  std::span<const text::Token> tokens;  // the clause's, with offsets in `sentence`
  std::span<const text::Entity> entities;
  std::span<const text::Entity> question_entities;
  std::span<const std::string> question_words;  // question_name_words() of the question
  const text::Entity* alternative = nullptr;    // its alternative_after_or(), or null (names.h)
};

// The parties a comparison cue at token `cue_at` of the clause compares: the clause's first
// name, before the cue, and the one `second` says — the name after the cue, after "than", or
// the question's other alternative. Nullopt where either is not named in the context, or one
// context sentence names both (which of its dates or counts is whose is unclear).
std::optional<std::pair<ComparedParty, ComparedParty>> compared_parties(
    const ComparedClause& clause, std::size_t cue_at, SecondPartyAt second);

}  // namespace groundgate::filters::semantic_piece
