// PieceVerifier's modality check: a clause that lines up word for word with an evidence piece
// that states the same with another strength ("The drug reduces blood pressure." against "The
// drug may reduce blood pressure."; "Applicants may apply online." against "Applicants must
// apply online."). The evidence does not say otherwise, it says less (or other) than the
// clause: unsupported, with that evidence.
#include <algorithm>
#include <vector>

#include "filters/semantic_piece/piece_verifier.h"
#include "filters/semantic_piece/slot.h"
#include "filters/text/function_words.h"
#include "filters/text/modality.h"
#include "filters/text/stopwords.h"
#include "filters/text/verb_form.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Modality;
using text::Token;

constexpr auto kPastBe = text::word_table("was", "were", "been");

std::string what_it_says(Modality evidence) {
  switch (evidence) {
    case Modality::kPossible:
      return "the evidence states it as a possibility only";
    case Modality::kRequired:
      return "the evidence states it as required";
    case Modality::kPermitted:
      return "the evidence states it as permitted, not required";
    case Modality::kProhibited:
    case Modality::kFact:
      break;
  }
  return "the evidence states it otherwise";
}

// The modality the piece's words before its aligned span give it, back to the start of their
// clause: a word that hedges whatever it introduces ("Reportedly, the CEO resigned", "The study
// suggests that ...", "It is likely that ..."), or a modality word right before the span, with
// only "to", "that" and forms of "be" or "have" between ("is said to have resigned"). Not a
// modal whose own verb is outside the span ("may book economy class" for "Economy class ..."),
// nor past a word that joins or opens another clause ("Experts may disagree, but ...", "Prices
// may rise, and the company ..."); past a comma only a hedging word set off by one
// ("Reportedly, ..."), not a lead-in clause's ("In what could be a record, the company sold
// ...", "Apparently unaware of the rule, the driver ...").
Modality before_span(std::span<const Token> tokens, std::size_t first_common) {
  static constexpr auto kOtherClause =
      text::word_table("but", "although", "though", "while", "whereas", "and", "or", "so",
                       "because", "since", "which", "who", "when", "after", "before", ";", ":");
  static constexpr auto kLinking = text::word_table("to", "that", "have", "has", "had", "be",
                                                    "been", "being", "is", "are", "was", "were");
  Modality out = Modality::kFact;
  bool past_comma = false, next_to_span = true;
  for (std::size_t i = first_common; i-- > 0;) {
    const std::string_view w = tokens[i].norm;
    if (kOtherClause.contains(w)) break;
    past_comma = past_comma || w == ",";
    const Modality m = text::modality_at(tokens, i);
    next_to_span = next_to_span && (kLinking.contains(w) || m != Modality::kFact);
    const bool set_off = i + 1 < tokens.size() && tokens[i + 1].norm == ",";
    const bool counts = past_comma ? set_off && text::hedges_what_follows(w)
                                   : next_to_span || text::hedges_what_follows(w);
    if (counts) out = text::together(out, m);
  }
  return out;
}

// The clause states as done ("opened", "was held", "has opened") an event `piece` states as to
// come ("will open", "will be held") in its tokens [first, last], where the two line up: the
// verb a future auxiliary there governs stands in the clause in a past form, or its participle
// after a past form of "be". A future in another clause of the piece ("opened a store in Paris
// and will open one in Rome") is another event.
bool done_of_planned(std::span<const Token> clause, std::span<const Token> piece, std::size_t first,
                     std::size_t last, const text::Lexicon* lexicon) {
  if (lexicon == nullptr) return false;
  for (std::size_t i = first; i <= last && i < piece.size(); ++i) {
    const std::optional<std::size_t> v = text::planned_verb(piece, i);
    if (!v) continue;
    const bool passive = piece[*v - 1].norm == "be";
    const std::string_view verb = piece[*v].norm;
    for (std::size_t j = 0; j < clause.size(); ++j) {
      const Token& w = clause[j];
      if (passive) {
        if (w.norm == verb && j > 0 && kPastBe.contains(clause[j - 1].norm)) return true;
      } else if (!w.norm.ends_with("s") && !w.norm.ends_with("ing") &&
                 text::verb_base(w, lexicon) == verb) {
        return true;
      }
    }
  }
  return false;
}

// The clause's first modality word that is a content word ("required", "likely"): the piece
// need not hold it to line up.
const Token* modality_content_word(std::span<const Token> tokens) {
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (text::is_content_word(tokens[i]) && text::is_modality_word(tokens, i)) return &tokens[i];
  }
  return nullptr;
}

}  // namespace

std::optional<Modality> PieceVerifier::modality_in(const Clause& clause, std::uint32_t piece,
                                                   bool& planned) const {
  if (words_outside(clause, piece, one(modality_content_word(clause.tokens)),
                    /*verb_forms=*/true) != 0)
    return std::nullopt;
  const std::vector<Token>& tokens = readings_.tokens(piece);
  // The piece's modality words that differ from the clause's, where all else lines up. A
  // negation is not among the differences: the negation check weighs that.
  Modality differing = Modality::kFact;
  auto differ = [&](const Token& t) {
    for (const std::span<const Token> side : {clause.tokens, std::span<const Token>(tokens)}) {
      const std::optional<std::size_t> i = index_of(side, t);
      if (!i) continue;
      const bool modal = text::is_modality_word(side, *i);
      // An auxiliary or a form of "be" lines up with any ("will open" / "would open"); "May"
      // the month is a value, no auxiliary.
      const bool auxiliary =
          (text::kBeForms.contains(t.norm) || text::kAuxiliaryVerbs.contains(t.norm)) &&
          (modal || t.norm != "may");
      if (modal && side.data() == tokens.data())
        differing = text::together(differing, text::modality_at(side, *i));
      return modal || auxiliary;
    }
    return false;
  };
  // The clause's leading article lines up with the piece's own, not with one of a lead-in
  // before it ("The study suggests that the drug ..." for "The drug ...").
  std::span<const Token> words = clause.tokens;
  static constexpr auto kArticles = text::word_table("the", "a", "an");
  if (words.size() > 1 && kArticles.contains(words.front().norm)) words = words.subspan(1);
  std::pair<std::size_t, std::size_t> common;
  if (!same_but(words, tokens, differ, nullptr, options_.lexicon.get(), &common))
    return std::nullopt;
  // An event the piece states as to come and the clause as done is a plan, as "plans to" is.
  planned =
      done_of_planned(clause.tokens, tokens, common.first, common.second, options_.lexicon.get());
  if (planned) differing = text::together(differing, Modality::kPossible);
  return text::together(differing, before_span(tokens, common.first));
}

std::optional<Verdict> PieceVerifier::check_modality(const Clause& clause,
                                                     ClauseSignals& signals) const {
  // Only a piece with a modality word or a future auxiliary of its own can say less than the
  // clause: without one, no alignment is needed (most clauses; an alignment reads every word's
  // base form).
  if (std::none_of(clause.evidence.begin(), clause.evidence.end(),
                   [&](const EvidencePiece& ev) { return readings_.may_state_less(ev.hit.piece); }))
    return std::nullopt;
  // A hedge anywhere in the sentence weakens the clause ("Researchers say it may ...").
  Modality said = text::clause_modality(clause.tokens);
  if (text::clause_modality(clause.sentence_tokens) == Modality::kPossible)
    said = Modality::kPossible;
  struct Stronger {
    Modality modality;
    bool planned;
    std::uint32_t piece;
  };
  std::optional<Stronger> stronger;
  for (const EvidencePiece& ev : clause.evidence) {
    if (ev.overlap < options_.match_overlap || asks(ev.hit.piece)) continue;
    bool planned = false;
    const std::optional<Modality> found = modality_in(clause, ev.hit.piece, planned);
    if (!found) continue;
    // A piece that says it with no other modality word, or with one the clause's claim does not
    // exceed, supports the clause as it stands.
    if (!text::overstates(*found, said)) return std::nullopt;
    if (!stronger) stronger = Stronger{*found, planned, ev.hit.piece};
  }
  if (!stronger) return std::nullopt;
  signals.modality_changed = true;
  return finding(clause, Label::kUnsupported, ReasonCode::kModalityChanged,
                 HallucinationType::kContextualFabrication,
                 stronger->planned ? "the evidence states it as to come, not as done"
                                   : what_it_says(stronger->modality),
                 stronger->piece);
}

}  // namespace groundgate::filters::semantic_piece
