#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "filters/index/context_index.h"
#include "filters/text/adjective_degree.h"
#include "filters/text/entities.h"
#include "filters/text/lexicon.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::semantic_piece {

// The WordNet lemmas of the content words among `tokens`, sorted and unique.
std::vector<std::string_view> word_lemmas(const text::Lexicon& lexicon,
                                          std::span<const text::Token> tokens);

// The context pieces one answer's checks read, each read once: its tokens, its entities and
// the analysis the negation and antonym checks use, made on first need and kept for the
// answer's later clauses and sentences (an answer's sentences draw on the same few pieces).
// At most one reading per piece of the index, whose size the context limits bound.
class PieceReadings {
 public:
  // Per negation cue of a piece, the terms of the words it governs and of its clause.
  struct NegatedTerms {
    std::vector<index::TermId> scope;
    std::vector<index::TermId> clause;  // the scope's included
    std::size_t cue = 0;                // token index of the negation cue
    std::size_t scope_end = 0;          // one past the token index of the scope's last word
  };
  struct Analysis {
    std::vector<text::Token> words;     // content words, for synonyms and antonyms
    std::vector<text::Degree> degrees;  // per content word, as graded in the piece
    std::vector<NegatedTerms> negations;
    bool has_negation_cue = false;  // any, whatever it governs
  };

  // `index` and `lexicon` (may be null) must outlive the readings.
  PieceReadings(const index::ContextIndex& index, const text::Lexicon* lexicon)
      : index_(index), lexicon_(lexicon) {}

  std::string_view text(std::uint32_t piece) const {
    return index_.piece_text(index_.pieces()[piece]);
  }
  const std::vector<text::Token>& tokens(std::uint32_t piece) const;
  const std::vector<text::Entity>& entities(std::uint32_t piece) const;
  const Analysis& analysis(std::uint32_t piece) const;
  // word_lemmas() of the piece's content words (empty without a lexicon).
  const std::vector<std::string_view>& lemmas(std::uint32_t piece) const;
  // The piece may say less than a clause it lines up with: it holds a word text::modality_at()
  // reads ("may", "is expected to") or a future auxiliary (text::planned_verb: "will open").
  bool may_state_less(std::uint32_t piece) const;

 private:
  struct Reading {
    std::vector<text::Token> tokens;
    std::optional<std::vector<text::Entity>> entities;
    std::optional<Analysis> analysis;
    std::optional<std::vector<std::string_view>> lemmas;
    std::optional<bool> modal;
  };
  Reading& read(std::uint32_t piece) const;
  Analysis analyse(std::span<const text::Token> tokens) const;

  const index::ContextIndex& index_;
  const text::Lexicon* lexicon_;
  // Per piece of the index, null until read: the vector is sized on the first read.
  mutable std::vector<std::unique_ptr<Reading>> readings_;
};

}  // namespace groundgate::filters::semantic_piece
