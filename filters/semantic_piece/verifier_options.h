#pragma once

#include <cstddef>
#include <memory>

#include "filters/text/lexicon.h"

namespace groundgate::filters::semantic_piece {

// When a whole answer counts as hallucinated, from its piece verdicts.
struct AnswerRule {
  bool flag_contradicted = true;  // any contradicted piece flags the answer
  // The answer is flagged when the share of unsupported pieces exceeds this; 0 means any
  // unsupported piece, 1 means never on unsupported pieces alone.
  double max_unsupported_share = 0.0;
};

// The few parameters of the semantic-piece verifier. Defaults are the documented, evaluated
// settings (see the report in the README for the commands and numbers).
struct VerifierOptions {
  // Evidence pieces retrieved per answer piece (HSP: k = 3 was best overall).
  std::size_t top_k = 3;
  // A piece is supported when at least this share of its content words is covered by the
  // evidence, the question or elsewhere in the context (synonyms and derivations count).
  double min_coverage = 1.0;
  // Evidence is "well matched" when it holds at least this share of the piece's content
  // words; only well-matched evidence can contradict (other value, negation, antonym).
  double match_overlap = 0.5;
  // Words found only elsewhere in the context (not in the top-k evidence) count this much.
  double elsewhere_weight = 1.0;
  // The names and values a piece relates must appear together in the context: in one context
  // piece, or one pronoun chain, for each link between them. Else the relation is unsupported.
  bool check_relations = true;
  // A name of two or more words must be written so in the context or the question: one made
  // of context words ("Panama City Air Force Base" from "Panama City" and "Tyndall Air Force
  // Base") is unsupported. Summaries that lengthen names ("West Ham United") may turn it off.
  bool names_as_written = true;
  // The question grounds words too (answers restate it), but never numbers or dates.
  bool question_grounds_words = true;
  // WordNet for synonyms, derivations and antonyms; null turns those checks off.
  std::shared_ptr<const text::Lexicon> lexicon;
  AnswerRule rule;
};

}  // namespace groundgate::filters::semantic_piece
