#include "filters/semantic_piece/piece_verifier.h"

#include <algorithm>
#include <cstdio>

#include "filters/semantic_piece/clause_words.h"
#include "filters/semantic_piece/counted.h"
#include "filters/semantic_piece/names.h"
#include "filters/semantic_piece/order_check.h"
#include "filters/text/clause_splitter.h"
#include "filters/text/negation.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Entity;
using text::EntityType;
using text::Token;

}  // namespace

PieceVerifier::PieceVerifier(std::shared_ptr<const index::ContextIndex> index,
                             std::string_view question, VerifierOptions options)
    : index_(std::move(index)),
      options_(std::move(options)),
      readings_(*index_, options_.lexicon.get()) {
  std::vector<Token> tokens = text::tokenize(question);
  for (const Token& t : tokens) {
    if (!text::is_content_word(t)) continue;
    question_stems_.push_back(text::stem(t.norm));
    question_words_.push_back(t);
  }
  std::sort(question_stems_.begin(), question_stems_.end());
  question_stems_.erase(std::unique(question_stems_.begin(), question_stems_.end()),
                        question_stems_.end());
  question_entities_ = text::extract_entities(question, tokens);
  question_name_words_ = question_name_words(question_entities_);
  if (const Entity* e = alternative_after_or(tokens, question_entities_))
    question_alternative_ = static_cast<std::size_t>(e - question_entities_.data());
}

void PieceVerifier::verify_sentence(std::string_view sentence, std::size_t offset,
                                    std::uint32_t choice, std::vector<Verdict>& out) {
  std::vector<Token> tokens = text::tokenize(sentence);
  std::vector<Entity> entities = text::extract_entities(sentence, tokens);
  verify_sentence(sentence, tokens, entities, {}, offset, choice, out);
}

void PieceVerifier::verify_sentence(std::string_view sentence, std::span<const Token> tokens,
                                    std::span<const Entity> entities,
                                    std::span<const PlacedFigure> figures, std::size_t offset,
                                    std::uint32_t choice, std::vector<Verdict>& out) {
  for (const text::Clause& clause : text::split_clauses(sentence, tokens)) {
    auto first = std::lower_bound(tokens.begin(), tokens.end(), clause.begin,
                                  [](const Token& t, std::size_t at) { return t.begin < at; });
    auto last = std::lower_bound(first, tokens.end(), clause.end,
                                 [](const Token& t, std::size_t at) { return t.begin < at; });
    auto efirst = std::lower_bound(entities.begin(), entities.end(), clause.begin,
                                   [](const Entity& e, std::size_t at) { return e.begin < at; });
    auto elast = std::lower_bound(efirst, entities.end(), clause.end,
                                  [](const Entity& e, std::size_t at) { return e.begin < at; });
    Verdict verdict = verify_clause(sentence, tokens, std::span<const Token>(first, last),
                                    std::span<const Entity>(efirst, elast), figures);
    verdict.choice = choice;
    verdict.answer_begin = offset + clause.begin;
    verdict.answer_end = offset + clause.end;
    if (verdict.correction) {
      verdict.correction->answer_begin += offset;
      verdict.correction->answer_end += offset;
    }
    out.push_back(std::move(verdict));
  }
  if (std::optional<Verdict> hours = check_hours(tokens)) {
    hours->choice = choice;
    hours->answer_begin += offset;
    hours->answer_end += offset;
    out.push_back(std::move(*hours));
  }
}

bool PieceVerifier::in_question(std::string_view stem) const {
  return std::binary_search(question_stems_.begin(), question_stems_.end(), stem,
                            [](std::string_view a, std::string_view b) { return a < b; });
}

std::vector<PieceVerifier::EvidencePiece> PieceVerifier::retrieve(
    std::span<const std::string> stems, std::span<const index::TermId> terms) const {
  std::vector<EvidencePiece> out;
  std::size_t distinct = 0;
  for (std::size_t i = 0; i < terms.size(); ++i) {
    if (std::find(terms.begin(), terms.begin() + i, terms[i]) == terms.begin() + i) ++distinct;
  }
  for (const index::ContextIndex::Hit& hit : index_->top_k(stems, options_.top_k)) {
    EvidencePiece piece;
    piece.hit = hit;
    const auto& p = index_->pieces()[hit.piece];
    std::span<const index::TermId> piece_terms = index_->piece_terms(p);
    std::size_t held = 0;
    for (std::size_t i = 0; i < terms.size(); ++i) {
      if (terms[i] == index::kNoTerm) continue;
      if (std::find(terms.begin(), terms.begin() + i, terms[i]) != terms.begin() + i) continue;
      if (std::find(piece_terms.begin(), piece_terms.end(), terms[i]) != piece_terms.end()) ++held;
    }
    piece.overlap = distinct == 0 ? 0.0 : static_cast<double>(held) / distinct;
    out.push_back(std::move(piece));
  }
  return out;
}

bool PieceVerifier::related(const Token& word, std::span<const EvidencePiece> evidence,
                            bool with_question, bool with_derivations) const {
  const text::Lexicon* lexicon = options_.lexicon.get();
  if (lexicon == nullptr || word.kind != text::TokenKind::kWord) return false;
  const bool question = with_question && options_.question_grounds_words;
  if (question && !question_lemmas_ready_) {
    question_lemmas_ready_ = true;
    question_lemmas_ = word_lemmas(*lexicon, question_words_);
  }
  if (evidence.empty() && (!question || question_lemmas_.empty())) return false;
  // Synonyms: a lemma of the other word shares a synset with the word; derivations: a lemma
  // of the other word is a derivationally related form of the word; heads: the word is an
  // adjective satellite formed from the other word ("Western Australia" from "west
  // australian").
  const std::vector<std::string_view> synonyms = lexicon->synonyms(word.norm);
  const std::vector<std::string_view> derivations =
      with_derivations ? lexicon->derivations(word.norm) : std::vector<std::string_view>{};
  // Of the word's heads only one it is formed from ("western" from "west"): a satellite of
  // another sense is another word ("dead" is a satellite of "complete" and of "tired").
  std::vector<std::string_view> heads =
      with_derivations ? lexicon->adjective_heads(word.norm) : std::vector<std::string_view>{};
  std::erase_if(heads, [&](std::string_view head) {
    return head.size() < 3 || !std::string_view(word.norm).starts_with(head);
  });
  auto hits = [&](std::span<const std::string_view> lemmas) {
    auto listed = [&](std::string_view w) {
      return std::binary_search(lemmas.begin(), lemmas.end(), w);
    };
    return std::any_of(synonyms.begin(), synonyms.end(), listed) ||
           std::any_of(derivations.begin(), derivations.end(), listed) ||
           std::any_of(heads.begin(), heads.end(), listed);
  };
  return std::any_of(evidence.begin(), evidence.end(),
                     [&](const EvidencePiece& e) { return hits(readings_.lemmas(e.hit.piece)); }) ||
         (question && hits(question_lemmas_));
}

Counted PieceVerifier::context_counted_words(const ContextEntity& c) const {
  const index::ContextIndex::Piece& p = index_->pieces()[c.piece];
  if (c.entity.begin < p.begin || c.entity.end > p.end) return {};
  const std::vector<Token>& tokens = readings_.tokens(c.piece);
  return counted_words(tokens, c.entity.begin - p.begin, c.entity.end - p.begin);
}

bool PieceVerifier::asks(std::uint32_t piece) const {
  const std::string_view text = index_->piece_text(index_->pieces()[piece]);
  const std::size_t last = text.find_last_not_of(" \t\r\n\"')");
  return last != std::string_view::npos && text[last] == '?';
}

Evidence PieceVerifier::evidence_of(std::uint32_t piece) const {
  const auto& p = index_->pieces()[piece];
  return Evidence{p.passage, p.begin, p.end};
}

}  // namespace groundgate::filters::semantic_piece
