#include "filters/semantic_piece/piece_readings.h"

#include <algorithm>

#include "filters/text/modality.h"
#include "filters/text/negation.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"

namespace groundgate::filters::semantic_piece {

std::vector<std::string_view> word_lemmas(const text::Lexicon& lexicon,
                                          std::span<const text::Token> tokens) {
  std::vector<std::string_view> out;
  for (const text::Token& t : tokens) {
    if (t.kind != text::TokenKind::kWord || !text::is_content_word(t)) continue;
    for (std::string_view lemma : lexicon.lemmas(t.norm))
      out.push_back(lemma);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

PieceReadings::Reading& PieceReadings::read(std::uint32_t piece) const {
  if (readings_.empty()) readings_.resize(index_.pieces().size());
  std::unique_ptr<Reading>& reading = readings_[piece];
  if (!reading) {
    reading = std::make_unique<Reading>();
    reading->tokens = text::tokenize(text(piece));
  }
  return *reading;
}

const std::vector<text::Token>& PieceReadings::tokens(std::uint32_t piece) const {
  return read(piece).tokens;
}

const std::vector<text::Entity>& PieceReadings::entities(std::uint32_t piece) const {
  Reading& reading = read(piece);
  if (!reading.entities) reading.entities = text::extract_entities(text(piece), reading.tokens);
  return *reading.entities;
}

const PieceReadings::Analysis& PieceReadings::analysis(std::uint32_t piece) const {
  Reading& reading = read(piece);
  if (!reading.analysis) reading.analysis = analyse(reading.tokens);
  return *reading.analysis;
}

const std::vector<std::string_view>& PieceReadings::lemmas(std::uint32_t piece) const {
  Reading& reading = read(piece);
  if (!reading.lemmas) {
    reading.lemmas.emplace();
    if (lexicon_ != nullptr) *reading.lemmas = word_lemmas(*lexicon_, reading.tokens);
  }
  return *reading.lemmas;
}

bool PieceReadings::may_state_less(std::uint32_t piece) const {
  Reading& reading = read(piece);
  if (!reading.modal) {
    const std::vector<text::Token>& tokens = reading.tokens;
    reading.modal = false;
    for (std::size_t i = 0; i < tokens.size() && !*reading.modal; ++i)
      reading.modal = text::modality_at(tokens, i) != text::Modality::kFact ||
                      text::planned_verb(tokens, i).has_value();
  }
  return *reading.modal;
}

PieceReadings::Analysis PieceReadings::analyse(std::span<const text::Token> tokens) const {
  Analysis out;
  out.has_negation_cue = text::has_negation_cue(tokens);
  auto term_of = [&](std::size_t i) { return index_.terms().find(text::stem(tokens[i].norm)); };
  for (const text::NegationScope& scope : text::negation_scopes(tokens, lexicon_)) {
    NegatedTerms& negated = out.negations.emplace_back();
    negated.cue = scope.cue;
    negated.scope_end = scope.words.back() + 1;
    for (std::size_t i : scope.words)
      negated.scope.push_back(term_of(i));
    for (std::size_t i : scope.before)
      negated.clause.push_back(term_of(i));
    negated.clause.insert(negated.clause.end(), negated.scope.begin(), negated.scope.end());
  }
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (!text::is_content_word(tokens[i])) continue;
    out.degrees.push_back(lexicon_ != nullptr ? text::adjective_degree(*lexicon_, tokens, i)
                                              : text::Degree::kPositive);
    out.words.push_back(tokens[i]);
  }
  return out;
}

}  // namespace groundgate::filters::semantic_piece
