// PieceVerifier's alignment of a clause with one context piece: the piece holds every content
// word of the clause, and one slot of the two differs. Such a piece is the clause's own
// sentence with one thing changed, the evidence that says otherwise (see
// ClauseSignals::aligned_conflict).
#include <algorithm>

#include "filters/semantic_piece/piece_verifier.h"
#include "filters/semantic_piece/slot.h"
#include "filters/text/function_words.h"
#include "filters/text/stopwords.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Token;

bool has_digit(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A word of letters and digits that names something: "MI6", "DTEK60", "UH-1B", "COVID-19".
bool is_identifier(const Token& t, std::string_view sentence) {
  const std::string_view s = t.surface(sentence);
  return t.kind == text::TokenKind::kWord && has_digit(s);
}

// The same tokens by their normal form: "1,200" and "1200", "99,9" and "99.9".
bool same_tokens(std::string_view a, std::string_view b) {
  const std::vector<Token> x = text::tokenize(a), y = text::tokenize(b);
  return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                    [](const Token& s, const Token& t) { return s.norm == t.norm; });
}

}  // namespace

bool PieceVerifier::names_passage_topic(std::uint32_t piece, index::TermId term) const {
  const auto& pieces = index_->pieces();
  const std::uint32_t passage = pieces[piece].passage;
  for (std::uint32_t k = piece, seen = 0; k-- > 0 && seen < kTopicPieces; ++seen) {
    if (pieces[k].passage != passage) break;
    const auto terms = index_->piece_terms(pieces[k]);
    if (std::find(terms.begin(), terms.end(), term) != terms.end()) return true;
  }
  return false;
}

std::size_t PieceVerifier::words_outside(const Clause& clause, std::uint32_t piece,
                                         const Token* except) const {
  const auto piece_terms = index_->piece_terms(index_->pieces()[piece]);
  std::size_t outside = 0;
  for (std::size_t i = 0; i < clause.words.size(); ++i) {
    // A negation is the polarity, which check_polarity() compares: not a word to line up.
    if (clause.words[i] == except || text::is_negation(clause.words[i]->norm)) continue;
    const index::TermId term = clause.terms[clause.word_stem[i]];
    if (term != index::kNoTerm &&
        std::find(piece_terms.begin(), piece_terms.end(), term) != piece_terms.end())
      continue;
    // A name the passage's earlier sentences give is the subject the piece speaks of without
    // naming it ("Acme Cloud was founded ... Refunds are issued within 14 days").
    if (term != index::kNoTerm && clause.words[i]->has(text::kCapitalized) &&
        names_passage_topic(piece, term))
      continue;
    ++outside;
  }
  return outside;
}

bool PieceVerifier::aligned_but(const Clause& clause, std::uint32_t piece, const Token* word,
                                const Token* instead) const {
  if (words_outside(clause, piece, word) != 0) return false;
  const std::string_view text = index_->piece_text(index_->pieces()[piece]);
  const std::vector<Token> tokens = text::tokenize(text);
  auto polarity = [](const Token& t) {
    return text::is_negation(t.norm) || text::kBeForms.contains(t.norm) ||
           text::kAuxiliaryVerbs.contains(t.norm);
  };
  auto is_instead = [&](const Token& t) {
    return instead != nullptr && t.begin == instead->begin && t.norm == instead->norm;
  };
  // The evidence's word for the clause's last one may end its aligned words, after a form of
  // "be" ("were good"), but no negation or auxiliary: "profits did not" is another clause's.
  auto ends = [&](const Token& t) { return is_instead(t) || text::kBeForms.contains(t.norm); };
  return same_but(
      clause.tokens, tokens,
      [&](const Token& t) {
        return polarity(t) || (word != nullptr && &t == word) || is_instead(t);
      },
      ends);
}

bool PieceVerifier::same_slot(const Clause& clause, const text::Entity& e,
                              const ContextEntity& c) const {
  const index::ContextIndex::Piece& p = index_->pieces()[c.piece];
  if (c.entity.begin < p.begin || c.entity.end > p.end) return false;
  const std::vector<Token> tokens = text::tokenize(index_->piece_text(p));
  const auto slot = slot_in(clause.tokens, e.begin, e.end, tokens);
  return slot && slot->first <= c.entity.begin - p.begin && c.entity.end - p.begin <= slot->second;
}

std::optional<Verdict> PieceVerifier::check_substitution(const Clause& clause,
                                                         const ValueCheck& values,
                                                         const Coverage& coverage,
                                                         ClauseSignals& signals) const {
  // The one thing of the clause the context never states: a number or date found nowhere, or
  // an identifier word; every other word must be in the aligned piece.
  std::size_t begin = 0, end = 0;
  const Token* except = nullptr;
  if (values.missing_value != nullptr && coverage.uncovered.empty()) {
    begin = values.missing_value->begin;
    end = values.missing_value->end;
  } else if (values.missing_value == nullptr && coverage.uncovered.size() == 1 &&
             is_identifier(*coverage.uncovered.front(), clause.sentence)) {
    except = coverage.uncovered.front();
    begin = except->begin;
    end = except->end;
  } else {
    return std::nullopt;
  }
  const std::string_view said = clause.sentence.substr(begin, end - begin);
  for (const EvidencePiece& ev : clause.evidence) {
    if (ev.overlap < options_.match_overlap || asks(ev.hit.piece) ||
        words_outside(clause, ev.hit.piece, except) != 0)
      continue;
    const std::string_view text = index_->piece_text(index_->pieces()[ev.hit.piece]);
    const std::vector<Token> tokens = text::tokenize(text);
    const auto slot = slot_in(clause.tokens, begin, end, tokens);
    if (!slot) continue;
    const std::string_view instead = text.substr(slot->first, slot->second - slot->first);
    // Another number or identifier in its place; a word there is a wording, not a value, and
    // the same value written another way ("1,200" / "1200") no other one.
    if (!has_digit(instead) || same_tokens(said, instead)) continue;
    signals.aligned_conflict = true;
    if (except == nullptr) ++signals.value_mismatches;
    Verdict v =
        finding(clause, Label::kContradicted, ReasonCode::kEntityMismatch,
                HallucinationType::kDetailedInformationModification,
                "answer says " + std::string(said) + ", evidence says " + std::string(instead),
                ev.hit.piece);
    v.correction = Correction{begin, end, std::string(instead)};
    return v;
  }
  return std::nullopt;
}

}  // namespace groundgate::filters::semantic_piece
