// PieceVerifier's alignment of a clause with one context piece: the piece holds every content
// word of the clause, and one slot of the two differs. Such a piece is the clause's own
// sentence with one thing changed, the evidence that says otherwise (see
// ClauseSignals::aligned_conflict).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "filters/semantic_piece/clause_words.h"
#include "filters/semantic_piece/denied.h"
#include "filters/semantic_piece/ended_state.h"
#include "filters/semantic_piece/narrowing.h"
#include "filters/semantic_piece/only_one.h"
#include "filters/semantic_piece/party_swap.h"
#include "filters/semantic_piece/piece_verifier.h"
#include "filters/semantic_piece/slot.h"
#include "filters/semantic_piece/voice.h"
#include "filters/text/adjective_degree.h"
#include "filters/text/calendar_words.h"
#include "filters/text/change_direction.h"
#include "filters/text/entities.h"
#include "filters/text/function_words.h"
#include "filters/text/negation.h"
#include "filters/text/outcome_words.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/units.h"
#include "filters/text/verb_form.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Token;

// Determiners that say there is at least one: where the other side says "no", the polarity.
constexpr auto kIndefiniteDeterminers =
    text::word_table("a", "an", "any", "some", "several", "many", "multiple", "numerous");
// Of those, the quantifiers: words of their own, which stand in the slot of a "no" only where
// the other side has none of them ("No passengers were injured" / "Several passengers were
// injured"; not "Many villages have no school" / "Several villages have a school").
constexpr auto kSomeQuantifiers =
    text::word_table("some", "several", "many", "multiple", "numerous");
// Determiners that pick out the same thing however a sentence introduces it ("The refund
// window" / "Our refund window").
constexpr auto kDeterminers =
    text::word_table("the", "a", "an", "this", "that", "these", "those", "our", "your", "my");

bool has_digit(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A word of letters and digits that names something: "MI6", "DTEK60", "UH-1B", "COVID-19".
bool is_identifier(const Token& t, std::string_view sentence) {
  const std::string_view s = t.surface(sentence);
  return t.kind == text::TokenKind::kWord && has_digit(s);
}

// The runs of digits of a text ("18-65": 18, 65; "mid-1990s": 1990).
std::vector<std::string_view> digit_runs(std::string_view s) {
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < s.size();) {
    if (s[i] < '0' || s[i] > '9') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && s[j] >= '0' && s[j] <= '9')
      ++j;
    out.push_back(s.substr(i, j - i));
    i = j;
  }
  std::sort(out.begin(), out.end());
  return out;
}

// One writes the other's numbers, an end of a range or inside a word ("3" and "3-5", "18-65"
// and "18 to 65", "1990s" and "mid-1990s"): the same value another way, not another one.
bool restates_numbers(std::string_view slot, std::string_view said) {
  const std::vector<std::string_view> a = digit_runs(slot), b = digit_runs(said);
  if (a.empty() || b.empty()) return false;
  return std::includes(a.begin(), a.end(), b.begin(), b.end()) ||
         std::includes(b.begin(), b.end(), a.begin(), a.end());
}

// How a duration the answer says stands to the dates in the evidence's slot.
struct SpanOfDates {
  enum Kind : std::uint8_t { kNotADuration, kSame, kDifferent, kOtherKind } kind = kNotADuration;
  int years = 0;  // the span, kSame and kDifferent
};

// A duration against dates: two years in the slot give the span ("for 14 years" in the slot
// of "from 1958 until 1972", within a year: whether both ends count is not said); a single
// date (or a time of day) is a value of another kind, no other duration ("for 20 years" in
// the slot of "and died in 1980").
SpanOfDates span_of_dates(std::string_view said, std::string_view slot) {
  const std::vector<text::Entity> ours = text::extract_entities(said);
  const auto duration = std::find_if(ours.begin(), ours.end(), [](const text::Entity& e) {
    return e.subtype == text::EntitySubtype::kDuration;
  });
  if (duration == ours.end()) return {};
  std::vector<int> years;
  bool time = false;
  for (const text::Entity& e : text::extract_entities(slot)) {
    if (e.subtype == text::EntitySubtype::kDuration) return {};
    if (e.subtype == text::EntitySubtype::kDate && e.date.year != 0) years.push_back(e.date.year);
    time = time || e.type == text::EntityType::kTime;
  }
  if (years.size() != 2) return {time ? SpanOfDates::kOtherKind : SpanOfDates::kNotADuration};
  const int span = std::abs(years[1] - years[0]);
  const double low = duration->low / text::kSecondsPerYear,
               high = duration->high / text::kSecondsPerYear;
  return {span + 1 >= low && span - 1 <= high ? SpanOfDates::kSame : SpanOfDates::kDifferent, span};
}

// Two amounts in different currencies ("99 EUR" / "99 USD"): the same digits, another value.
bool other_currency(std::string_view a, std::string_view b) {
  auto currency = [](std::string_view text) -> std::string {
    for (const text::Entity& e : text::extract_entities(text))
      if (e.subtype == text::EntitySubtype::kMoney) return e.currency;
    return {};
  };
  const std::string x = currency(a), y = currency(b);
  return !x.empty() && !y.empty() && x != y;
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

bool PieceVerifier::names_another(const Clause& clause, std::uint32_t piece) const {
  const std::vector<Token>& tokens = readings_.tokens(piece);
  auto name_word = [&](const Token& t) {
    if (t.kind != text::TokenKind::kWord || !t.has(text::kCapitalized) || text::is_stopword(t.norm))
      return false;
    const index::TermId term = index_->terms().find(text::stem(t.norm));
    return term != index::kNoTerm && index_->names(term);
  };
  auto in_clause = [&](const Token& t) {
    return std::find(clause.stems.begin(), clause.stems.end(), text::stem(t.norm)) !=
           clause.stems.end();
  };
  // Each run of name words past the first word; one with no word of the clause's is another
  // name ("Henri Moreau" is the clause's "Moreau").
  for (std::size_t i = 1; i < tokens.size();) {
    if (!name_word(tokens[i])) {
      ++i;
      continue;
    }
    bool shared = false;
    for (; i < tokens.size() && name_word(tokens[i]); ++i)
      shared = shared || in_clause(tokens[i]);
    if (!shared) return true;
  }
  return false;
}

std::size_t PieceVerifier::words_outside(const Clause& clause, std::uint32_t piece,
                                         std::span<const Token> except, bool verb_forms) const {
  const auto piece_terms = index_->piece_terms(index_->pieces()[piece]);
  // With `verb_forms`, the piece's words by stem and, for inflected verbs, by their base
  // form's: "won" holds "win".
  const text::Lexicon* lexicon = verb_forms ? options_.lexicon.get() : nullptr;
  std::vector<std::string> piece_forms;
  auto verb_form_held = [&](const Token& w) {
    if (lexicon == nullptr) return false;
    auto base = [&](const Token& t) -> std::string {
      const std::string b = text::verb_base(t, lexicon);
      return b.empty() ? b : text::stem(b);
    };
    if (piece_forms.empty()) {
      for (const Token& t : readings_.tokens(piece)) {
        if (t.kind != text::TokenKind::kWord) continue;
        piece_forms.push_back(text::stem(t.norm));
        if (std::string b = base(t); !b.empty()) piece_forms.push_back(std::move(b));
      }
    }
    auto held = [&](const std::string& form) {
      return !form.empty() &&
             std::find(piece_forms.begin(), piece_forms.end(), form) != piece_forms.end();
    };
    return held(text::stem(w.norm)) || held(base(w));
  };
  std::optional<bool> another;  // names_another(), looked up once when needed
  auto piece_names_another = [&] {
    if (!another) another = names_another(clause, piece);
    return *another;
  };
  std::optional<bool> says_no;  // the piece says "no" or "none" and no quantifier
  auto piece_says_no = [&] {
    if (!says_no) {
      const std::vector<Token>& tokens = readings_.tokens(piece);
      says_no = std::any_of(tokens.begin(), tokens.end(),
                            [](const Token& t) { return t.norm == "no" || t.norm == "none"; }) &&
                std::none_of(tokens.begin(), tokens.end(),
                             [](const Token& t) { return kSomeQuantifiers.contains(t.norm); });
    }
    return *says_no;
  };
  std::size_t outside = 0;
  for (std::size_t i = 0; i < clause.words.size(); ++i) {
    // A negation ("not"; "refused to", below) is the polarity, which check_polarity() compares,
    // and so is a quantifier in the place of the piece's "no": not a word to line up.
    const bool excepted = !except.empty() && clause.words[i] >= except.data() &&
                          clause.words[i] < except.data() + except.size();
    if (excepted || text::is_negation(clause.words[i]->norm) ||
        (kSomeQuantifiers.contains(clause.words[i]->norm) && piece_says_no()))
      continue;
    const index::TermId term = clause.terms[clause.word_stem[i]];
    if (term != index::kNoTerm &&
        std::find(piece_terms.begin(), piece_terms.end(), term) != piece_terms.end())
      continue;
    // A name the passage's earlier sentences give is the subject the piece speaks of without
    // naming it ("Acme Cloud was founded ... Refunds are issued within 14 days"), unless the
    // piece names another one ("Her opponent, Robert Finch, received 46 percent" is not about
    // the Okafor of the sentences before).
    if (term != index::kNoTerm && clause.words[i]->has(text::kCapitalized) &&
        names_passage_topic(piece, term) && !piece_names_another())
      continue;
    if (verb_form_held(*clause.words[i])) continue;
    if (const auto at = index_of(clause.tokens, *clause.words[i]);
        at && text::is_negation_cue(clause.tokens, *at))
      continue;
    ++outside;
  }
  return outside;
}

bool PieceVerifier::names_unknown_to(const Clause& clause, std::uint32_t piece,
                                     std::span<const Token* const> words) const {
  const auto piece_terms = index_->piece_terms(index_->pieces()[piece]);
  for (const Token* w : words) {
    // A capital that opens the sentence is no sign of a name.
    if (!w->has(text::kCapitalized) || text::is_stopword(w->norm) ||
        (!clause.sentence_tokens.empty() && w->begin == clause.sentence_tokens.front().begin))
      continue;
    const std::string stem = text::stem(w->norm);
    const index::TermId term = index_->terms().find(stem);
    const bool held = term != index::kNoTerm && (std::find(piece_terms.begin(), piece_terms.end(),
                                                           term) != piece_terms.end() ||
                                                 names_passage_topic(piece, term));
    if (!held && !in_question(stem)) return true;
  }
  return false;
}

bool PieceVerifier::negates_another_name(const Clause& clause, std::uint32_t piece) const {
  for (const text::NegationScope& scope :
       text::negation_scopes(clause.tokens, options_.lexicon.get())) {
    std::vector<const Token*> words;
    for (const std::size_t i : scope.words)
      words.push_back(&clause.tokens[i]);
    for (const std::size_t i : scope.subject)
      words.push_back(&clause.tokens[i]);
    if (names_unknown_to(clause, piece, words)) return true;
  }
  return false;
}

bool PieceVerifier::aligned_but(const Clause& clause, std::uint32_t piece, const Token* word,
                                const Token* instead) const {
  if (words_outside(clause, piece, one(word), /*verb_forms=*/true) != 0) return false;
  const std::vector<Token>& tokens = readings_.tokens(piece);
  if (lines_up(clause.tokens, tokens, word, instead)) return true;
  // Or once what either says besides its claim is set aside (narrowing.h without_asides; a
  // cause only where the clause states none, which the two could differ in), and once one
  // side's passive is said in the active (voice.h).
  const text::Lexicon* lexicon = options_.lexicon.get();
  const bool causes = !states_a_cause(clause.tokens, lexicon);
  const auto our_claim = without_asides(clause.tokens, lexicon, causes),
             their_claim = without_asides(tokens, lexicon, causes);
  const std::span<const Token> ours = our_claim ? std::span<const Token>(*our_claim)
                                                : std::span<const Token>(clause.tokens),
                               theirs = their_claim ? std::span<const Token>(*their_claim)
                                                    : std::span<const Token>(tokens);
  if ((our_claim || their_claim) && lines_up(ours, theirs, word, instead)) return true;
  if (const auto active = active_form(theirs, lexicon))
    return lines_up(ours, *active, word, instead);
  if (const auto active = active_form(ours, lexicon))
    return lines_up(*active, theirs, word, instead);
  return false;
}

bool PieceVerifier::aligned_but_narrower(const Clause& clause, std::uint32_t piece,
                                         NarrowerSide side, const Token* word,
                                         const Token* instead) const {
  const text::Lexicon* lexicon = options_.lexicon.get();
  const std::vector<Token>& tokens = readings_.tokens(piece);
  if (side == NarrowerSide::kEvidence) {
    if (words_outside(clause, piece, one(word), /*verb_forms=*/true) != 0) return false;
    // The clause's words, and the evidence's word for its own, stay.
    std::vector<Token> kept(clause.tokens.begin(), clause.tokens.end());
    if (instead != nullptr) kept.push_back(*instead);
    const Narrowed narrowed = without_narrowing(tokens, readings_.entities(piece), kept, lexicon);
    if (narrowed.tokens.size() == tokens.size()) return false;
    if (narrowed.dropped_time && other_tense(clause.tokens, tokens, lexicon)) return false;
    return lines_up(clause.tokens, narrowed.tokens, word, instead);
  }
  const Narrowed narrowed = without_narrowing(clause.tokens, clause.entities, tokens, lexicon);
  if (narrowed.tokens.size() == clause.tokens.size() || narrowed.dropped_time) return false;
  // Every clause word the piece lacks is one set aside (a word set aside is one the piece
  // lacks, so the counts agree exactly when no other word is missing).
  std::size_t dropped = 0;
  for (const Token* w : clause.words) {
    dropped += std::none_of(narrowed.tokens.begin(), narrowed.tokens.end(),
                            [&](const Token& t) { return t.begin == w->begin; });
  }
  if (words_outside(clause, piece, {}, /*verb_forms=*/true) != dropped) return false;
  return lines_up(narrowed.tokens, tokens, nullptr, nullptr);
}

bool PieceVerifier::lines_up(std::span<const Token> ours, std::span<const Token> tokens,
                             const Token* word, const Token* instead) const {
  // A negation cue of either side ("not", "refused to"), with its "to", is the polarity.
  auto negation_cue = [&](const Token& t) {
    for (const std::span<const Token> side : {ours, tokens}) {
      const std::optional<std::size_t> i = index_of(side, t);
      if (!i) continue;
      return text::is_negation_cue(side, *i) ||
             (t.norm == "to" && *i > 0 && text::is_negation_cue(side, *i - 1));
    }
    return false;
  };
  // Without a word and its opposite, the slot is the polarity, and a negating determiner
  // stands where the other side has an indefinite one: "There is no late fee." / "There is a
  // late fee.", "No passengers were injured." / "Several passengers were injured." (with no
  // determiner, "charges no fees" / "charges fees", nothing stands there).
  auto polarity = [&](const Token& t) {
    return text::is_negation(t.norm) || text::kBeForms.contains(t.norm) ||
           text::kAuxiliaryVerbs.contains(t.norm) || negation_cue(t) ||
           (word == nullptr && kIndefiniteDeterminers.contains(t.norm));
  };
  auto is_instead = [&](const Token& t) {
    return instead != nullptr && t.begin == instead->begin && t.norm == instead->norm;
  };
  auto is_word = [&](const Token& t) {
    return word != nullptr && t.begin == word->begin && t.norm == word->norm;
  };
  // The preposition right after the word and after its opposite goes with each ("excluded
  // from the rate" / "included in the rate"), and so does the word that makes either a
  // comparative ("more expensive" / "cheaper").
  static constexpr auto kGoverned =
      text::word_table("in", "from", "on", "at", "to", "with", "by", "for", "into", "of");
  static constexpr auto kDegree = text::word_table("more", "less", "most", "least");
  auto governed = [&](const Token& t) {
    if (word == nullptr || instead == nullptr) return false;
    const bool preposition = kGoverned.contains(t.norm), degree = kDegree.contains(t.norm);
    if (!preposition && !degree) return false;
    auto goes_with = [&](std::span<const Token> side, std::size_t i, auto is_pair_word) {
      return preposition ? i > 0 && is_pair_word(side[i - 1])
                         : i + 1 < side.size() && is_pair_word(side[i + 1]);
    };
    if (const auto i = index_of(ours, t)) return goes_with(ours, *i, is_word);
    const auto j = index_of(tokens, t);
    return j && goes_with(tokens, *j, is_instead);
  };
  // The evidence's word for the clause's last one may end its aligned words, after a form of
  // "be" ("were good"), but no negation or auxiliary: "profits did not" is another clause's.
  auto ends = [&](const Token& t) { return is_instead(t) || text::kBeForms.contains(t.norm); };
  return same_but(
      ours, tokens,
      [&](const Token& t) {
        return polarity(t) || (index_of(ours, t) && is_word(t)) || is_instead(t) || governed(t);
      },
      ends, options_.lexicon.get());
}

bool PieceVerifier::same_but_values(const Clause& clause, const text::Entity& e,
                                    std::uint32_t piece) const {
  const std::vector<text::Entity>& entities = readings_.entities(piece);
  auto value_token = [&](const Token& t) {
    if (kDeterminers.contains(t.norm) || text::kPossessiveDeterminers.contains(t.norm)) return true;
    if (index_of(clause.tokens, t)) return e.begin <= t.begin && t.end <= e.end;
    return std::any_of(entities.begin(), entities.end(), [&](const text::Entity& x) {
      return is_value_entity(x) && x.begin <= t.begin && t.end <= x.end;
    });
  };
  return same_but(clause.tokens, readings_.tokens(piece), value_token, value_token,
                  options_.lexicon.get());
}

bool PieceVerifier::same_slot(const Clause& clause, const text::Entity& e,
                              const ContextEntity& c) const {
  const index::ContextIndex::Piece& p = index_->pieces()[c.piece];
  if (c.entity.begin < p.begin || c.entity.end > p.end) return false;
  const std::vector<Token>& tokens = readings_.tokens(c.piece);
  const auto slot = slot_in(clause.tokens, e.begin, e.end, tokens);
  return slot && slot->first <= c.entity.begin - p.begin && c.entity.end - p.begin <= slot->second;
}

bool PieceVerifier::denied_in(std::span<const Token> piece_tokens, std::size_t at,
                              const Clause& clause) const {
  // A value the piece denies its slot ("was not built by the Romans") is no other value for
  // it ("was built by the Normans", or denied too: "was not built by the Normans"), where the
  // clause states a verb the piece denies it of.
  const text::Lexicon* lexicon = options_.lexicon.get();
  for (std::size_t k : denied_by(piece_tokens, at, lexicon)) {
    const Token& denied = piece_tokens[k];
    if (text::verb_base(denied, lexicon).empty() && !text::inflected_verb(denied, lexicon))
      continue;
    if (std::any_of(clause.tokens.begin(), clause.tokens.end(),
                    [&](const Token& t) { return form_of(t, denied, lexicon); }))
      return true;
  }
  return false;
}

bool PieceVerifier::denied_in(const ContextEntity& c, const Clause& clause) const {
  const index::ContextIndex::Piece& p = index_->pieces()[c.piece];
  return c.entity.begin >= p.begin &&
         denied_in(readings_.tokens(c.piece), c.entity.begin - p.begin, clause);
}

std::optional<Verdict> PieceVerifier::check_substitution(const Clause& clause,
                                                         const ValueCheck& values,
                                                         const Coverage& coverage,
                                                         ClauseSignals& signals) const {
  // The one thing of the clause the context never states: a number or date found nowhere, an
  // identifier word, or a name; every other word must be in the aligned piece.
  if (std::optional<Verdict> name = check_name_substitution(clause, values, coverage, signals))
    return name;
  if (std::optional<Verdict> name = check_name_in_another_role(clause, values, coverage, signals))
    return name;
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
  if (another_item_alike(clause, begin, end)) return std::nullopt;
  const std::string_view said = clause.sentence.substr(begin, end - begin);
  for (const EvidencePiece& ev : clause.evidence) {
    // The piece holds every other word and value of the clause: the clause's sentence with
    // this one thing changed.
    if (ev.overlap < options_.match_overlap || asks(ev.hit.piece) ||
        words_outside(clause, ev.hit.piece, one(except)) != 0 ||
        !states_other_values(clause, values.missing_value, ev.hit.piece))
      continue;
    const std::string_view text = readings_.text(ev.hit.piece);
    const std::vector<Token>& tokens = readings_.tokens(ev.hit.piece);
    const auto slot = slot_in(clause.tokens, begin, end, tokens);
    if (!slot) continue;
    const std::string_view instead = text.substr(slot->first, slot->second - slot->first);
    // Another number or identifier in its place; a word there is a wording, not a value, and
    // the same value written another way ("1,200" / "1200") no other one, unless in another
    // currency.
    if (!has_digit(instead) || (!other_currency(said, instead) &&
                                (same_tokens(said, instead) || restates_numbers(instead, said))))
      continue;
    if (denied_in(tokens, slot->first, clause)) continue;
    const SpanOfDates span = span_of_dates(said, instead);
    if (span.kind == SpanOfDates::kSame || span.kind == SpanOfDates::kOtherKind) continue;
    // A word the piece lacks that an earlier sentence of its passage gives (words_outside)
    // is no topic where the piece names another thing in its place.
    if (names_another_thing(clause, begin, ev.hit.piece, slot->first)) continue;
    // A difference ("6 more hours than") conflicts only with a difference in its slot ("4 more
    // hours than"), not with the item's own value ("up to 18 hours").
    if (except == nullptr &&
        states_a_difference(clause.tokens, values.missing_value->begin, values.missing_value->end,
                            options_.lexicon.get()) &&
        !states_a_difference(tokens, slot->first, slot->second, options_.lexicon.get()))
      continue;
    signals.aligned_conflict = true;
    if (except == nullptr) ++signals.value_mismatches;
    Verdict v =
        finding(clause, Label::kContradicted, ReasonCode::kEntityMismatch,
                HallucinationType::kDetailedInformationModification,
                "answer says " + std::string(said) + ", evidence says " + std::string(instead),
                ev.hit.piece);
    // A span of years corrects a duration as one: "14 years", not the dates.
    v.correction =
        Correction{begin, end,
                   span.kind == SpanOfDates::kDifferent ? std::to_string(span.years) + " years"
                                                        : std::string(instead)};
    return v;
  }
  return std::nullopt;
}

namespace {

// The words of `span` that make a name: each a capitalized word and no function word
// ("Austin", "New York", "Wednesday", "HZ").
bool name_words(std::span<const Token> span) {
  return !span.empty() && std::all_of(span.begin(), span.end(), [](const Token& t) {
    return t.kind == text::TokenKind::kWord && t.has(text::kCapitalized) &&
           !text::is_stopword(t.norm);
  });
}

// The initials of a name's words, lowercase ("New York City" → "nyc").
std::string initials(std::span<const Token> name) {
  std::string out;
  for (const Token& t : name) {
    if (!t.norm.empty()) out += t.norm.front();
  }
  return out;
}

// One name may be the other's short form: a word of it ("Lund", "Erik Lund"), the start of a
// word ("Ash", "Ashraf") or its initials ("NYC", "New York City"). Such a pair is one thing
// named two ways, not a substitution.
bool may_name_the_same(std::span<const Token> a, std::span<const Token> b) {
  for (const Token& x : a) {
    for (const Token& y : b) {
      const std::string_view shorter = x.norm.size() < y.norm.size() ? x.norm : y.norm;
      const std::string_view longer = x.norm.size() < y.norm.size() ? y.norm : x.norm;
      if (longer.starts_with(shorter)) return true;
    }
  }
  auto acronym_of = [](std::span<const Token> one, std::span<const Token> many) {
    return one.size() == 1 && many.size() > 1 && one.front().norm == initials(many);
  };
  return acronym_of(a, b) || acronym_of(b, a);
}

constexpr auto kNameConnectors = text::word_table("of", "and", "for", "de", "du", "von", "van");

// The evidence's slot holds a name: capitalized words, after a determiner, with connectors
// between them ("the University of Oslo", "Bank of America").
bool holds_name(std::span<const Token> span) {
  while (!span.empty() && kDeterminers.contains(span.front().norm))
    span = span.subspan(1);
  if (span.empty() || !name_words(span.first(1)) || !name_words(span.last(1))) return false;
  return std::all_of(span.begin(), span.end(), [](const Token& t) {
    return name_words(std::span<const Token>(&t, 1)) || kNameConnectors.contains(t.norm);
  });
}

// The name is a day of the week ("Sunday", "Mondays"): a name of another kind ("on Yelp") is
// no other day in its place.
bool names_a_day(std::span<const Token> name) {
  return std::any_of(name.begin(), name.end(), [](const Token& t) {
    std::string_view w = t.norm;
    if (w.ends_with('s')) w.remove_suffix(1);
    return text::kWeekdays.contains(w);
  });
}

// Two names of one kind: a day stands for a day.
bool same_kind_of_name(std::span<const Token> a, std::span<const Token> b) {
  return names_a_day(a) == names_a_day(b);
}

// A clause's tokens without the punctuation that closes it: its last word may stand where the
// piece's sentence runs on ("came from Tomas Berg." against "came from Daniel Kim in the 64th
// minute.").
std::span<const Token> without_closing_punctuation(std::span<const Token> tokens) {
  while (!tokens.empty() && tokens.back().kind == text::TokenKind::kPunctuation)
    tokens = tokens.first(tokens.size() - 1);
  return tokens;
}

// The tokens of a slot (bytes, slot.h) with the name words right around them: the whole name
// a slot holds part of ("Henri" of "Henri Moreau"; "New" where a clause's last word "NYC"
// takes one token of "New York City").
std::span<const Token> whole_name(std::span<const Token> tokens,
                                  std::pair<std::size_t, std::size_t> slot) {
  std::size_t at = token_at(tokens, slot.first), to = token_at(tokens, slot.second);
  while (at > 0 && name_words(tokens.subspan(at - 1, 1)))
    --at;
  while (to < tokens.size() && name_words(tokens.subspan(to, 1)))
    ++to;
  return tokens.subspan(at, to - at);
}

std::string text_of(std::string_view text, std::span<const Token> tokens) {
  return tokens.empty() ? std::string()
                        : std::string(text.substr(tokens.front().begin,
                                                  tokens.back().end - tokens.front().begin));
}

// A word of `name` is a word of the clause: the slot holds part of a name the clause writes
// in full elsewhere ("Delacroix and Moreau had two children" against "she married Henri
// Moreau, with whom she had two children").
bool part_of_clause_name(std::span<const Token> clause, std::span<const Token> name) {
  return std::any_of(name.begin(), name.end(), [&](const Token& n) {
    return std::any_of(clause.begin(), clause.end(),
                       [&](const Token& t) { return t.begin != n.begin && t.norm == n.norm; });
  });
}

// The name at token `first` is what the clause speaks of: only punctuation and determiners
// come before it. A sentence about another thing ("The Basic plan costs $10" for "The
// Enterprise plan costs $10", "Henri Moreau was born in 1921" for "Marie Delacroix was born in
// 1921") says nothing of it.
bool opens_clause(std::span<const Token> clause, std::size_t first) {
  return std::all_of(clause.begin(), clause.begin() + first, [](const Token& t) {
    return t.kind == text::TokenKind::kPunctuation || kDeterminers.contains(t.norm);
  });
}

}  // namespace

std::optional<Verdict> PieceVerifier::check_name_substitution(const Clause& clause,
                                                              const ValueCheck& values,
                                                              const Coverage& coverage,
                                                              ClauseSignals& signals) const {
  // The clause's words the context lacks are one name, next to each other, and nothing else.
  if (values.missing_value != nullptr || coverage.missing_name == nullptr ||
      coverage.uncovered.size() > kMaxNameWords)
    return std::nullopt;
  const std::optional<std::size_t> first = index_of(clause.tokens, *coverage.uncovered.front());
  if (!first || *first + coverage.uncovered.size() > clause.tokens.size()) return std::nullopt;
  const std::span<const Token> name =
      std::span<const Token>(clause.tokens).subspan(*first, coverage.uncovered.size());
  if (!name_words(name) ||
      !std::equal(name.begin(), name.end(), coverage.uncovered.begin(), coverage.uncovered.end(),
                  [](const Token& t, const Token* u) { return &t == u; }))
    return std::nullopt;
  if (opens_clause(clause.tokens, *first)) return std::nullopt;
  const std::size_t begin = name.front().begin, end = name.back().end;
  for (const EvidencePiece& ev : clause.evidence) {
    // The piece holds every other word and value of the clause, and another name stands in the
    // name's slot: the clause's sentence with the name changed.
    if (ev.overlap < options_.match_overlap || asks(ev.hit.piece) ||
        words_outside(clause, ev.hit.piece) != name.size() ||
        !states_other_values(clause, nullptr, ev.hit.piece))
      continue;
    const std::string_view text = readings_.text(ev.hit.piece);
    const std::vector<Token>& tokens = readings_.tokens(ev.hit.piece);
    const auto slot = slot_in(without_closing_punctuation(clause.tokens), begin, end, tokens);
    if (!slot) continue;
    const std::span<const Token> instead = whole_name(tokens, *slot);
    const std::string said(clause.sentence.substr(begin, end - begin));
    const std::string other = text_of(text, instead);
    // The same letters are the same name, however the coverage check missed it.
    if (!holds_name(instead) || !same_kind_of_name(name, instead) ||
        may_name_the_same(name, instead) || same_tokens(said, other))
      continue;
    if (denied_in(tokens, instead.front().begin, clause)) continue;
    signals.aligned_conflict = true;
    Verdict v = finding(clause, Label::kContradicted, ReasonCode::kEntityMismatch,
                        HallucinationType::kDetailedInformationModification,
                        "answer says " + said + ", evidence says " + other, ev.hit.piece);
    v.correction = Correction{begin, end, other};
    return v;
  }
  return std::nullopt;
}

bool PieceVerifier::named_together(std::span<const Token> a, std::span<const Token> b) const {
  auto pieces_naming = [&](std::span<const Token> name) {
    std::vector<std::uint32_t> out;
    for (const Token& t : name) {
      const index::TermId term = index_->terms().find(text::stem(t.norm));
      if (term == index::kNoTerm) continue;
      const auto pieces = index_->postings(term);
      out.insert(out.end(), pieces.begin(), pieces.end());
    }
    std::sort(out.begin(), out.end());
    return out;
  };
  const std::vector<std::uint32_t> x = pieces_naming(a), y = pieces_naming(b);
  std::size_t i = 0, j = 0;
  while (i < x.size() && j < y.size()) {
    if (x[i] == y[j]) return true;
    x[i] < y[j] ? ++i : ++j;
  }
  return false;
}

std::optional<Verdict> PieceVerifier::check_name_in_another_role(const Clause& clause,
                                                                 const ValueCheck& values,
                                                                 const Coverage& coverage,
                                                                 ClauseSignals& signals) const {
  // Every word and value of the clause is in the context: only its pieces differ.
  if (values.missing_value != nullptr || !coverage.uncovered.empty()) return std::nullopt;
  // The clause's name words a piece lacks; a capital that only opens the sentence is none.
  auto names_lacked = [&](std::uint32_t piece) {
    const auto piece_terms = index_->piece_terms(index_->pieces()[piece]);
    std::vector<std::size_t> lacked;
    for (std::size_t i = 0; i < clause.words.size(); ++i) {
      const Token& w = *clause.words[i];
      const index::TermId term = clause.terms[clause.word_stem[i]];
      const bool opens = w.begin == clause.sentence_tokens.front().begin;
      if (!w.has(text::kCapitalized) || text::is_stopword(w.norm) ||
          (opens && (term == index::kNoTerm || !index_->names(term))))
        continue;
      if (std::find(piece_terms.begin(), piece_terms.end(), term) == piece_terms.end())
        lacked.push_back(i);
    }
    return lacked;
  };
  std::optional<Verdict> conflict;
  for (const EvidencePiece& ev : clause.evidence) {
    if (ev.overlap < options_.match_overlap || asks(ev.hit.piece)) continue;
    const std::vector<std::size_t> lacked = names_lacked(ev.hit.piece);
    // A piece that holds every word of the clause, its names too, says it as it stands.
    if (lacked.empty()) {
      if (words_outside(clause, ev.hit.piece) == 0) return std::nullopt;
      continue;
    }
    if (conflict || lacked.size() > kMaxNameWords) continue;
    // The lacked words are one name, next to each other in the clause.
    const std::optional<std::size_t> first = index_of(clause.tokens, *clause.words[lacked.front()]);
    if (!first || *first + lacked.size() > clause.tokens.size()) continue;
    const std::span<const Token> name = clause.tokens.subspan(*first, lacked.size());
    bool contiguous = name_words(name);
    for (std::size_t k = 0; contiguous && k < lacked.size(); ++k)
      contiguous = &name[k] == clause.words[lacked[k]];
    if (!contiguous || opens_clause(clause.tokens, *first) ||
        words_outside(clause, ev.hit.piece, name) != 0 ||
        !states_other_values(clause, nullptr, ev.hit.piece))
      continue;
    const std::size_t begin = name.front().begin, end = name.back().end;
    const std::vector<Token>& tokens = readings_.tokens(ev.hit.piece);
    const auto slot = slot_in(without_closing_punctuation(clause.tokens), begin, end, tokens);
    if (!slot) continue;
    const std::span<const Token> instead = whole_name(tokens, *slot);
    const std::string said(clause.sentence.substr(begin, end - begin));
    const std::string other = text_of(readings_.text(ev.hit.piece), instead);
    if (!holds_name(instead) || !same_kind_of_name(name, instead) ||
        may_name_the_same(name, instead) || same_tokens(said, other) ||
        named_together(name, instead) || part_of_clause_name(clause.tokens, instead))
      continue;
    if (denied_in(tokens, instead.front().begin, clause)) continue;
    conflict = finding(clause, Label::kContradicted, ReasonCode::kEntityMismatch,
                       HallucinationType::kDetailedInformationModification,
                       "answer says " + said + ", evidence says " + other, ev.hit.piece);
    conflict->correction = Correction{begin, end, other};
  }
  if (conflict) signals.aligned_conflict = true;
  return conflict;
}

namespace {

// Function words of an order, a comparison or a direction, with their opposites: coverage skips
// them, so only a sentence that lines up word for word but for the pair can show the flip.
constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kOppositeWords = {{
    {"before", "after"},
    {"more", "less"},
    {"more", "fewer"},
    {"above", "below"},
    {"over", "under"},
    {"up", "down"},
    {"earlier", "later"},
    {"inside", "outside"},
    {"most", "least"},
    {"maximum", "minimum"},
}};

// `b` is an opposite of `a`: a pair of the table, a rise against a fall ("grew", "shrank"), or
// one of `opposed`, the lexicon's opposites of `a`.
bool opposite_words(std::string_view a, std::string_view b, const text::Lexicon* lexicon,
                    const text::Lexicon::WordSet& opposed) {
  for (const auto& [x, y] : kOppositeWords) {
    if ((a == x && b == y) || (a == y && b == x)) return true;
  }
  if (text::opposite_changes(a, b)) return true;
  return lexicon != nullptr && a != b && lexicon->has_lemma_in(b, opposed);
}

// A direction word that is a verb's particle ("slowed down", "locked up": the phrase's, no
// direction of its own), or a pointer into the text with nothing after it ("as noted below",
// "see the table above").
bool particle_or_pointer(std::span<const Token> tokens, const Token& w,
                         const text::Lexicon* lexicon) {
  static constexpr auto kParticles = text::word_table("up", "down", "over", "out", "off");
  static constexpr auto kPointers = text::word_table("above", "below");
  const auto at = static_cast<std::size_t>(&w - tokens.data());
  if (kPointers.contains(w.norm))
    return at + 1 == tokens.size() || tokens[at + 1].kind == text::TokenKind::kPunctuation;
  if (!kParticles.contains(w.norm) || at == 0 || lexicon == nullptr) return false;
  const Token& verb = tokens[at - 1];
  return verb.kind == text::TokenKind::kWord && !text::is_stopword(verb.norm) &&
         (text::inflected_verb(verb, lexicon) ||
          !lexicon->lemmas(verb.norm, text::Lexicon::Pos::kVerb).empty());
}

// The flipped word takes the same complement on both sides: the two tokens right after it are
// the same (words by stem), a number or a content word among them ("down 12 percent" / "up 12
// percent", "before the merger" / "after the merger"), and it is used in the same degree. The
// rest of the two sentences may be worded differently; only the flip's own phrase must line up.
// (A verb followed by its particle on one side, "broken down into", takes no such complement.)
bool flips_in_place(std::span<const Token> a, std::size_t i, std::span<const Token> b,
                    std::size_t j, const text::Lexicon* lexicon) {
  constexpr std::size_t kReach = 2;
  if (i + kReach >= a.size() || j + kReach >= b.size()) return false;
  if (lexicon != nullptr &&
      text::adjective_degree(*lexicon, a, i) != text::adjective_degree(*lexicon, b, j))
    return false;
  auto key = [](const Token& t) {
    return t.kind == text::TokenKind::kWord ? text::stem(t.norm) : t.norm;
  };
  bool content = false;
  for (std::size_t d = 1; d <= kReach; ++d) {
    const Token &x = a[i + d], &y = b[j + d];
    if (key(x) != key(y)) return false;
    content = content || x.kind == text::TokenKind::kNumber ||
              (x.kind == text::TokenKind::kWord && !text::is_stopword(x.norm));
  }
  return content;
}

}  // namespace

std::optional<Verdict> PieceVerifier::check_flipped_word(const Clause& clause,
                                                         const EvidencePiece& best,
                                                         ClauseSignals& signals) const {
  // The piece must hold every content word of the clause but the flipped one.
  if (words_outside(clause, best.hit.piece) > 1) return std::nullopt;
  const text::Lexicon* lexicon = options_.lexicon.get();
  const std::string_view text = readings_.text(best.hit.piece);
  const std::vector<Token>& tokens = readings_.tokens(best.hit.piece);
  // A negation on one side only turns the opposite round ("is not required": "optional"); the
  // negation check weighs that.
  if (text::has_negation_cue(clause.tokens) != text::has_negation_cue(tokens)) return std::nullopt;
  auto in_table = [](std::string_view w) {
    return std::any_of(kOppositeWords.begin(), kOppositeWords.end(),
                       [&](const auto& pair) { return pair.first == w || pair.second == w; });
  };
  for (const Token& w : clause.tokens) {
    // A word the piece holds too may be the piece's own: the copy of a sentence that names
    // both ("prices rose and fell") flips nothing. A negation word is polarity, not a word to
    // flip: "found no defects" against "did not find any defects" says the same.
    if (w.kind != text::TokenKind::kWord || text::is_negation(w.norm) ||
        std::any_of(tokens.begin(), tokens.end(), [&](const Token& t) { return t.norm == w.norm; }))
      continue;
    const text::Lexicon::WordSet opposed =
        lexicon != nullptr ? lexicon->opposites(w.norm) : text::Lexicon::WordSet{};
    if ((!in_table(w.norm) && opposed.empty() &&
         text::change_direction(w.norm) == text::ChangeDirection::kNone) ||
        particle_or_pointer(clause.tokens, w, lexicon))
      continue;
    const std::size_t at = static_cast<std::size_t>(&w - clause.tokens.data());
    for (const Token& other : tokens) {
      if (other.kind != text::TokenKind::kWord || text::is_negation(other.norm) ||
          !opposite_words(w.norm, other.norm, lexicon, opposed) ||
          particle_or_pointer(tokens, other, lexicon))
        continue;
      const std::size_t other_at = static_cast<std::size_t>(&other - tokens.data());
      if (parties_exchanged(clause.tokens, at, tokens, other_at)) continue;
      const bool in_place =
          words_outside(clause, best.hit.piece, one(&w), /*verb_forms=*/true) == 0 &&
          flips_in_place(clause.tokens, at, tokens, other_at, lexicon);
      if (!in_place && !aligned_but(clause, best.hit.piece, &w, &other) &&
          !aligned_but_narrower(clause, best.hit.piece, NarrowerSide::kEvidence, &w, &other))
        continue;
      signals.antonym = true;
      signals.aligned_conflict = true;
      const std::string instead(text.substr(other.begin, other.end - other.begin));
      Verdict v = finding(clause, Label::kContradicted, ReasonCode::kAntonym,
                          HallucinationType::kContextualFabrication,
                          "answer says \"" + std::string(w.surface(clause.sentence)) +
                              "\", evidence says \"" + instead + "\"",
                          best.hit.piece);
      v.correction = Correction{w.begin, w.end, instead};
      return v;
    }
  }
  return std::nullopt;
}

std::optional<Verdict> PieceVerifier::check_parties(const Clause& clause,
                                                    ClauseSignals& signals) const {
  const text::Lexicon* lexicon = options_.lexicon.get();
  const std::vector<PartyPair> ours =
      party_pairs({clause.sentence, clause.tokens, clause.entities}, lexicon);
  if (ours.empty()) return check_exchanged_words(clause, signals);
  auto names_both = [&](std::string_view text, std::span<const Token> tokens, const PartyPair& p) {
    auto holds = [&](const Party& party) {
      return text.find(clause.sentence.substr(party.begin, party.end - party.begin)) !=
             std::string_view::npos;
    };
    // The relation's verb must be there too, in any form ("beat" for "were beaten by"), or
    // the relation tell a result, which any verb of one may tell the other way.
    const Token& verb = relation_verb(p);
    return holds(p.first) && holds(p.second) &&
           (text::first_party_won(p.relation, lexicon) ||
            std::any_of(tokens.begin(), tokens.end(),
                        [&](const Token& t) { return form_of(t, verb, lexicon); }));
  };
  struct Swap {
    const PartyPair* ours = nullptr;
    std::uint32_t piece = 0;
    std::string instead;  // the evidence's words from its first party to its second
  };
  std::optional<Swap> swap;
  for (const EvidencePiece& ev : clause.evidence) {
    if (ev.overlap < options_.match_overlap || asks(ev.hit.piece)) continue;
    const std::string_view text = readings_.text(ev.hit.piece);
    const std::vector<Token>& tokens = readings_.tokens(ev.hit.piece);
    if (std::none_of(ours.begin(), ours.end(),
                     [&](const PartyPair& p) { return names_both(text, tokens, p); }))
      continue;
    const std::vector<text::Entity>& entities = readings_.entities(ev.hit.piece);
    // The piece says the clause's sentence with the parties swapped: it holds every other
    // word and value of the clause (a result's words aside: "lost to" tells "defeated" the
    // other way). One about another event ("Beta later acquired Acme in 2023" against "Acme
    // acquired Beta in 2019") does not.
    const bool other_values = states_other_values(clause, nullptr, ev.hit.piece);
    auto one_thing_changed = [&](const PartyPair& pair) {
      const std::span<const Token> result =
          text::first_party_won(pair.relation, lexicon) ? pair.relation : std::span<const Token>();
      return other_values && words_outside(clause, ev.hit.piece, result, /*verb_forms=*/true) == 0;
    };
    for (const PartyPair& theirs : party_pairs({text, tokens, entities}, lexicon)) {
      for (const PartyPair& pair : ours) {
        const PairOrder order = compare_pairs(pair, theirs, lexicon);
        // The context states it as the clause does: no conflict, whatever another piece says.
        if (order == PairOrder::kSame) return std::nullopt;
        if (order == PairOrder::kSwapped && !swap && one_thing_changed(pair)) {
          swap = Swap{
              &pair, ev.hit.piece,
              std::string(text.substr(theirs.first.begin, theirs.second.end - theirs.first.begin))};
        }
      }
    }
  }
  if (!swap) return check_exchanged_words(clause, signals);
  // Any piece that states the clause's pair its own way ("Beta countersued Acme") agrees.
  for (const EvidencePiece& ev : clause.evidence) {
    const std::string_view text = readings_.text(ev.hit.piece);
    const std::vector<Token>& tokens = readings_.tokens(ev.hit.piece);
    const std::vector<text::Entity>& entities = readings_.entities(ev.hit.piece);
    if (states_in_order({text, tokens, entities}, *swap->ours, lexicon)) return std::nullopt;
  }
  signals.aligned_conflict = true;
  const std::size_t begin = swap->ours->first.begin, end = swap->ours->second.end;
  Verdict v = finding(clause, Label::kContradicted, ReasonCode::kPartiesSwapped,
                      HallucinationType::kContextualFabrication,
                      "the evidence says it the other way round: " + swap->instead, swap->piece);
  v.correction = Correction{begin, end, std::move(swap->instead)};
  return v;
}

std::optional<Verdict> PieceVerifier::check_only_one(const Clause& clause,
                                                     ClauseSignals& signals) const {
  for (const EvidencePiece& ev : clause.evidence) {
    if (ev.overlap < options_.match_overlap || asks(ev.hit.piece)) continue;
    const std::string_view text = readings_.text(ev.hit.piece);
    const std::optional<OnlyOneConflict> conflict = said_of_another_than_the_only(
        clause.tokens, readings_.tokens(ev.hit.piece), options_.lexicon.get());
    if (!conflict) continue;
    // Another piece that holds every word of the clause may state it ("Since March the Silver
    // plan includes phone support as well"): no conflict then.
    const bool stated_elsewhere =
        std::any_of(clause.evidence.begin(), clause.evidence.end(), [&](const EvidencePiece& e) {
          return e.hit.piece != ev.hit.piece && words_outside(clause, e.hit.piece) == 0;
        });
    if (stated_elsewhere) return std::nullopt;
    signals.aligned_conflict = true;
    const std::string said(clause.sentence.substr(conflict->clause_begin,
                                                  conflict->clause_end - conflict->clause_begin));
    std::string instead(
        text.substr(conflict->piece_begin, conflict->piece_end - conflict->piece_begin));
    Verdict v = finding(clause, Label::kContradicted, ReasonCode::kEntityMismatch,
                        HallucinationType::kContextualFabrication,
                        "answer says " + said + ", evidence says only " + instead, ev.hit.piece);
    v.correction = Correction{conflict->clause_begin, conflict->clause_end, std::move(instead)};
    return v;
  }
  return std::nullopt;
}

bool PieceVerifier::restarts_after(std::uint32_t piece) const {
  constexpr std::uint32_t kFollowing = 4;  // sentences read after the end
  const auto pieces = index_->pieces();
  for (std::uint32_t k = piece + 1;
       k < pieces.size() && k <= piece + kFollowing && pieces[k].passage == pieces[piece].passage;
       ++k) {
    if (tells_a_restart(readings_.tokens(k))) return true;
  }
  return false;
}

std::optional<Verdict> PieceVerifier::check_ended_state(const Clause& clause,
                                                        ClauseSignals& signals) const {
  for (const EvidencePiece& ev : clause.evidence) {
    if (ev.overlap < options_.match_overlap || asks(ev.hit.piece)) continue;
    const std::optional<EndedState> ended =
        ended_state(clause.tokens, readings_.tokens(ev.hit.piece), options_.lexicon.get());
    if (!ended) continue;
    // Another piece may state the clause ("The bakery is still open on Sundays") or tell of
    // a restart ("It reopened under new owners in 2021"): an evidence piece, or one of the
    // sentences that follow the end in its passage.
    const bool other_word =
        std::any_of(clause.evidence.begin(), clause.evidence.end(), [&](const EvidencePiece& e) {
          return e.hit.piece != ev.hit.piece && (words_outside(clause, e.hit.piece) == 0 ||
                                                 tells_a_restart(readings_.tokens(e.hit.piece)));
        });
    if (other_word || restarts_after(ev.hit.piece)) return std::nullopt;
    signals.aligned_conflict = true;
    signals.negation_mismatch = true;
    const std::string_view text = readings_.text(ev.hit.piece);
    return finding(
        clause, Label::kContradicted, ReasonCode::kNegationMismatch,
        HallucinationType::kContextualFabrication,
        "the evidence says it has ended: " +
            std::string(text.substr(ended->piece_begin, ended->piece_end - ended->piece_begin)),
        ev.hit.piece);
  }
  return std::nullopt;
}

std::optional<Verdict> PieceVerifier::check_exchanged_words(const Clause& clause,
                                                            ClauseSignals& signals) const {
  std::optional<Exchange> exchange;
  std::uint32_t piece = 0;
  for (const EvidencePiece& ev : clause.evidence) {
    if (ev.overlap < options_.match_overlap || asks(ev.hit.piece)) continue;
    bool stated = false;
    std::optional<Exchange> found = exchanged_words(clause.tokens, readings_.tokens(ev.hit.piece),
                                                    options_.lexicon.get(), stated);
    if (stated) return std::nullopt;
    if (found && !exchange) {
      exchange = found;
      piece = ev.hit.piece;
    }
  }
  if (!exchange) return std::nullopt;
  signals.aligned_conflict = true;
  std::string instead(readings_.text(piece).substr(exchange->piece_begin,
                                                   exchange->piece_end - exchange->piece_begin));
  Verdict v = finding(clause, Label::kContradicted, ReasonCode::kPartiesSwapped,
                      HallucinationType::kContextualFabrication,
                      "the evidence says it the other way round: " + instead, piece);
  v.correction = Correction{exchange->begin, exchange->end, std::move(instead)};
  return v;
}

}  // namespace groundgate::filters::semantic_piece
