#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "filters/index/context_index.h"
#include "filters/semantic_piece/clause_signals.h"
#include "filters/semantic_piece/counted.h"
#include "filters/semantic_piece/piece_readings.h"
#include "filters/semantic_piece/value_pairs.h"
#include "filters/semantic_piece/verdict.h"
#include "filters/semantic_piece/verifier_options.h"
#include "filters/text/adjective_degree.h"
#include "filters/text/entities.h"
#include "filters/text/modality.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::semantic_piece {

// A figure of the sentence another check (filters/figures) placed: the context gives it (a
// cell, or arithmetic over its figures), or gives another value. The value check counts it
// so instead of looking for it as written: a recomputed figure is not a missing value, and a
// contradicted one is reported by the check that placed it.
struct PlacedFigure {
  std::size_t begin = 0;  // byte span in the sentence
  std::size_t end = 0;
  bool supported = false;
  bool derived = false;  // supported by a computation only: the context states it nowhere
};

// Checks one answer sentence at a time against the context: the sentence is cut into clause
// pieces, each gets its top-k evidence pieces, an entity check and a lexical entailment check.
// A verdict depends only on the sentence, its offset and the (immutable) context and question,
// so any split of the answer into deltas gives the same verdicts.
class PieceVerifier {
 public:
  PieceVerifier(std::shared_ptr<const index::ContextIndex> index, std::string_view question,
                VerifierOptions options);

  // Appends one verdict per clause of `sentence`, which starts at byte `offset` of the answer.
  void verify_sentence(std::string_view sentence, std::size_t offset, std::uint32_t choice,
                       std::vector<Verdict>& out);
  // The same with the sentence's tokens and entities already read, and its placed figures.
  void verify_sentence(std::string_view sentence, std::span<const text::Token> tokens,
                       std::span<const text::Entity> entities,
                       std::span<const PlacedFigure> figures, std::size_t offset,
                       std::uint32_t choice, std::vector<Verdict>& out);

  const VerifierOptions& options() const { return options_; }

 private:
  using NegatedTerms = PieceReadings::NegatedTerms;
  struct EvidencePiece {
    index::ContextIndex::Hit hit;
    double overlap = 0;  // share of the clause's content terms it holds
  };
  using ContextEntity = index::ContextIndex::Value;
  // A name or value of the clause found in the context, with the pieces that hold it.
  struct Anchor {
    std::string_view text;
    std::vector<std::uint32_t> pieces;  // ascending
    bool is_name = false;               // else a number or date
  };

  // The clause under check: its content words, their stems and context terms, its evidence.
  struct Clause {
    std::string_view sentence;
    std::span<const text::Token> sentence_tokens;  // the whole sentence's
    std::span<const text::Token> tokens;
    std::span<const text::Entity> entities;
    bool about_source = false;  // "The passage does not mention ...": framing words skipped
    bool has_values = false;
    std::span<const PlacedFigure> figures;  // offsets in `sentence`
    std::vector<std::string> stems;         // of every content word, values' words included
    std::vector<index::TermId> terms;       // their terms (kNoTerm: not in the context)
    std::vector<const text::Token*> stem_tokens;
    std::vector<const text::Token*> words;  // checked by coverage (values are checked apart)
    std::vector<std::size_t> word_stem;     // index into stems, per word
    std::vector<EvidencePiece> evidence;
    EvidencePiece* best = nullptr;  // the evidence piece with the most of the clause's terms
  };
  // What the value check found: a conflict, or values the context never gives.
  struct ValueCheck {
    std::optional<Verdict> conflict;              // the first value another value contradicts
    bool aligned = false;                         // the conflict is an aligned one (signals)
    const text::Entity* missing_value = nullptr;  // the first value found nowhere
    bool all_found = true;
    std::vector<std::string_view> missing;  // counts (and then words) not found, for the reason
    std::size_t unmatched_counts = 0;
  };
  // What the coverage check found.
  struct Coverage {
    double covered = 0;
    std::vector<const text::Token*> uncovered;
    // Covered by another word (a synonym, a related form) or elsewhere in the context, not by
    // the evidence's own: the evidence may still state its opposite ("rose" against "fell 2
    // percent after the central bank raised rates").
    std::vector<const text::Token*> by_another_word;
    const text::Token* missing_name = nullptr;  // the first proper word found nowhere
  };

  // The steps of one clause's check, in order; each records what it measured in `signals`.
  // The first finding, in this order, decides the label: a value conflict, a negation or an
  // antonym, a record's flag said the other way, an ordering, two parties swapped, a missing
  // value or name, an unrelated name or word, no evidence, too little coverage.
  // `tokens`: the clause's, of `sentence_tokens`.
  Verdict verify_clause(std::string_view sentence, std::span<const text::Token> sentence_tokens,
                        std::span<const text::Token> tokens, std::span<const text::Entity> entities,
                        std::span<const PlacedFigure> figures) const;
  Clause read_clause(std::string_view sentence, std::span<const text::Token> sentence_tokens,
                     std::span<const text::Token> tokens,
                     std::span<const text::Entity> entities) const;
  // A clause with nothing to check: no content word or value, one that greets or thanks, or
  // one that leads in to the answer in the question's words.
  std::optional<Verdict> no_claim(const Clause& clause, std::span<const text::Token> tokens,
                                  const ClauseSignals& signals) const;
  bool leads_in(const Clause& clause, std::span<const text::Token> tokens) const;
  // The label when no check found a conflict: framing, no evidence, too little coverage, or
  // supported, with the clause's coverage `score` over `checked` words and values.
  Verdict uncontested(const Clause& clause, const ValueCheck& values, double score,
                      std::size_t checked, std::span<const text::Token> tokens,
                      ClauseSignals& signals) const;
  ValueCheck check_values(const Clause& clause, ClauseSignals& signals) const;
  // How context piece `piece` pairs the clause's value `e` with the clause's values of other
  // kinds (value_pairs.h): together with one of them, apart from one (and what it gives
  // instead), or not said.
  struct PieceValuePairing {
    ValuePairing::Kind kind = ValuePairing::Kind::kUnknown;
    const text::Entity* key = nullptr;  // kApart: the clause's value the piece gives another with
    std::string instead_text;           // kApart: that other value, as the piece writes it
  };
  // With `counts`, a bare count pairs too (only to find a pair the piece gives together).
  PieceValuePairing pairing_in(const Clause& clause, std::uint32_t piece, const text::Entity& e,
                               bool counts = false) const;
  // Context piece `piece` gives the clause's value `e` to one of two things it sets side by
  // side and another value to the other, which the clause names (value_pairs.h
  // parallel_parts): that thing's naming words and value.
  struct OtherThing {
    std::string name;   // "basic", "global population"
    std::string value;  // "$10", as the piece writes it
  };
  // Piece `piece` gives the clause's value `e` to a thing the clause names, side by side with
  // `other`, the value it gives another thing, in parts that say the same in all their words
  // ("pro subscribers in the US pay $25 … in Canada pay $32" for "Pro subscribers pay $32 a
  // month in Canada"; not "hired 200 workers in Texas and laid off 50 in Ohio").
  bool gives_to_named(const Clause& clause, std::uint32_t piece, const text::Entity& e,
                      const text::Entity& other) const;
  // `pieces`: the pieces that state `e`; one that gives it to the clause's thing settles it.
  std::optional<OtherThing> given_to_another(const Clause& clause, std::uint32_t piece,
                                             const text::Entity& e,
                                             std::span<const std::uint32_t> pieces) const;
  // Stated, but given with another of the clause's values than the evidence gives it ("$1.2
  // billion in fiscal 2022" where the sentence gives 2022 $1.0 billion; with `with_keys`), or to
  // the other of two things the evidence sets side by side ("The basic plan costs $25." where it
  // reads "the basic plan costs $10 a month and the pro plan costs $25 a month"), by one of
  // `pieces` that holds every word of the clause (for things side by side, the piece's passage
  // window or the question may hold them): sets the conflict in `out`.
  bool given_apart(const Clause& clause, const text::Entity& e,
                   std::span<const std::uint32_t> pieces, bool with_keys, ValueCheck& out,
                   ClauseSignals& signals) const;
  // How many of the clause's content words neither the question nor a piece of `piece`'s
  // window (index::ContextIndex::same_window) holds, nor a synonym among the evidence's words.
  std::size_t words_outside_window(const Clause& clause, std::uint32_t piece) const;
  // Where the context states the clause's value `e`, or another value in its place.
  struct ValueEvidence;
  ValueEvidence find_value(const Clause& clause, const text::Entity& e) const;
  // One value of the clause, checked against the context: updates `out` and `signals`.
  void check_value(const Clause& clause, const text::Entity& e, ValueCheck& out,
                   ClauseSignals& signals) const;
  Coverage measure_coverage(Clause& clause, ValueCheck& values, ClauseSignals& signals) const;
  std::optional<Verdict> check_polarity(Clause& clause, const Coverage& coverage,
                                        ClauseSignals& signals) const;
  // A negation one side states and the other does not, about what both state.
  std::optional<Verdict> check_negation(Clause& clause, const EvidencePiece& best,
                                        ClauseSignals& signals) const;
  // An uncovered word of the clause whose antonym the best evidence holds.
  std::optional<Verdict> check_antonyms(Clause& clause, const EvidencePiece& best,
                                        const Coverage& coverage, ClauseSignals& signals) const;
  // What the negations in `tokens` reach of context piece `piece`'s words (`other`): `governs`,
  // one governs them (half its scope at least); `said_of_it`, such a one is said of what the
  // piece speaks of: each word of its clause's own subject is the piece's, the question's or
  // (a subject the piece speaks of without naming it) one of the passage's sentences before
  // the piece; a word that is only an adverb ("typically") names nothing.
  struct NegationReach {
    bool governs = false;
    bool said_of_it = false;
  };
  NegationReach negation_reach(std::span<const text::Token> tokens, std::uint32_t piece) const;
  // One word of the clause flipped to its opposite where the best evidence piece lines up with
  // it word for word but for that word ("completed before the vote" against "completed after
  // the vote", "fell 4%" against "rose 4%"), or holds every other word of the clause and gives
  // the opposite the same complement ("was down 12 percent" against "..., up 12 percent"): the
  // opposite, aligned. Function words of order, comparison and direction count, which coverage
  // and the antonym check never see.
  // Context piece `piece` states the clause's comparative at token `at` turned round with its
  // opposite: "Alice is older than Bob" for "Bob is younger than Alice". The same fact.
  bool states_converse(const Clause& clause, std::size_t at, std::uint32_t piece) const;
  std::optional<Verdict> check_flipped_word(const Clause& clause, const EvidencePiece& best,
                                            ClauseSignals& signals) const;
  // The clause's sentence with one name changed: the words the context lacks are one name,
  // and an evidence piece holds every other word with another name in its slot ("opens in
  // Austin" against "opens in London", "on Tuesday" against "on Wednesday").
  std::optional<Verdict> check_name_substitution(const Clause& clause, const ValueCheck& values,
                                                 const Coverage& coverage,
                                                 ClauseSignals& signals) const;
  static constexpr std::size_t kMaxNameWords = 4;
  // A name the context gives elsewhere, in the place of another name in a piece that holds
  // every other word and value of the clause: what the context says of another one ("Chief
  // executive Raj Patel said demand remained strong." against "Chief executive Anna Weber said
  // demand remained strong."; Raj Patel is the finance chief).
  std::optional<Verdict> check_name_in_another_role(const Clause& clause, const ValueCheck& values,
                                                    const Coverage& coverage,
                                                    ClauseSignals& signals) const;
  // The piece's token at byte `at` is a value the piece denies its slot (denied.h), of a verb
  // the clause states: no other value for that slot.
  bool denied_in(std::span<const text::Token> piece_tokens, std::size_t at,
                 const Clause& clause) const;
  bool denied_in(const ContextEntity& c, const Clause& clause) const;
  // Some piece of the context holds a word of both names: one may be the other's alias
  // ("Lee Ji-eun, better known as IU") or both be parties of one fact.
  bool named_together(std::span<const text::Token> a, std::span<const text::Token> b) const;
  // A number, date or identifier the context never states ("Form 2198", "MI9") where an
  // evidence piece holds every other word of the clause and another number or identifier in
  // its place ("Form 1099", "MI6"): the clause's sentence with that one thing changed; or a
  // name changed (check_name_substitution).
  std::optional<Verdict> check_substitution(const Clause& clause, const ValueCheck& values,
                                            const Coverage& coverage, ClauseSignals& signals) const;
  std::optional<Verdict> check_ordering(const Clause& clause, ClauseSignals& signals) const;
  // Two parties of the clause in each other's place in an evidence piece that relates them
  // with the same words, and no evidence piece that states them as the clause does
  // (party_swap.h): the evidence that says otherwise, aligned.
  std::optional<Verdict> check_parties(const Clause& clause, ClauseSignals& signals) const;
  // Two words or names of the clause in each other's places in an evidence piece that says the
  // rest word for word, the words between ordering them one way, and no evidence piece that
  // states the clause as it stands (party_swap.h exchanged_words).
  std::optional<Verdict> check_exchanged_words(const Clause& clause, ClauseSignals& signals) const;
  // Two of the clause's words are opposites of the best piece's, one of them a comparison:
  // the clause turns the piece's statement round ("Small firms pay a lower rate" against
  // "Large firms pay a higher rate") and says the same; neither opposite is a conflict.
  bool turns_a_comparison_round(const Clause& clause, const EvidencePiece& best) const;
  // An evidence piece says what the clause says of one thing alone, and the clause says it of
  // another of its kind (only_one.h): the evidence that says otherwise, aligned.
  std::optional<Verdict> check_only_one(const Clause& clause, ClauseSignals& signals) const;
  // The clause says a state goes on that an evidence piece says has ended (ended_state.h):
  // the evidence that says otherwise, unless another piece states the clause or tells of a
  // restart.
  std::optional<Verdict> check_ended_state(const Clause& clause, ClauseSignals& signals) const;
  // One of the few sentences after `piece` in its passage tells of a restart.
  bool restarts_after(std::uint32_t piece) const;
  // An evidence piece says the clause with another strength (text/modality.h) and none says it
  // as the clause does (ClauseSignals::modality_changed).
  std::optional<Verdict> check_modality(const Clause& clause, ClauseSignals& signals) const;
  // The modality of context piece `piece` where it lines up with the clause word for word but
  // for modality words and auxiliaries: kFact where it has no modality word the clause lacks;
  // nullopt where it does not line up.
  // `planned`: the piece states as to come what the clause states as done (its modality then a
  // possibility, as of "plans to").
  std::optional<text::Modality> modality_in(const Clause& clause, std::uint32_t piece,
                                            bool& planned) const;
  std::optional<Verdict> check_names(const Clause& clause, const ValueCheck& values,
                                     const Coverage& coverage, double score,
                                     ClauseSignals& signals) const;
  std::optional<Verdict> check_relations(const Clause& clause, ClauseSignals& signals) const;
  // A record's yes/no fact said with the wrong polarity ("offers outdoor seating" where the
  // record has OutdoorSeating: false; "no Wi-Fi" where it has WiFi: true).
  std::optional<Verdict> check_flags(const Clause& clause, ClauseSignals& signals) const;
  // The sentence's opening hours against those the context states (records and prose alike):
  // one verdict for its hours statements, or none when it states none or the context has none.
  std::optional<Verdict> check_hours(std::span<const text::Token> tokens) const;
  // A verdict of `label` on the clause, with its best evidence (or `piece`'s when given).
  Verdict finding(const Clause& clause, Label label, ReasonCode code, HallucinationType type,
                  std::string reason, std::optional<std::uint32_t> piece = std::nullopt) const;
  std::vector<EvidencePiece> retrieve(std::span<const std::string> stems,
                                      std::span<const index::TermId> terms) const;
  bool in_question(std::string_view stem) const;
  // The clause's values are figures the figures check placed (one at least; the others the
  // question's own) and its words are the question's
  // ("The FY2022 DSO is 14.69 days." for "What is the FY2022 DSO?"): the figure asked for,
  // though no context sentence shares a word with it.
  bool restates_question_with_figures(const Clause& clause) const;
  // The evidence piece's content words and negation scopes (read once per answer).
  const PieceReadings::Analysis& analysis(const EvidencePiece& piece) const {
    return readings_.analysis(piece.hit.piece);
  }
  // A WordNet synonym of the word among the evidence (and question) words, or with
  // `with_derivations` a derivation or an adjective head of it, found among the words' lemmas:
  // one lookup per answer word, not one per word pair.
  bool related(const text::Token& word, std::span<const EvidencePiece> evidence, bool with_question,
               bool with_derivations) const;
  std::span<const ContextEntity> context_entities() const { return index_->values(); }
  std::vector<Anchor> anchors(std::string_view sentence, std::span<const text::Entity> entities,
                              std::span<const std::string> stems,
                              std::span<const index::TermId> terms,
                              std::span<const text::Token* const> stem_tokens) const;
  // The clause's subjects: the name it opens with and the names joined to it ("A and B
  // were ..."), or the question's names for a clause opening with "both" or "each" ("Both are
  // American authors."); empty when the clause opens with no name.
  std::vector<Anchor> subjects(std::span<const Anchor> anchors, std::string_view sentence,
                               std::span<const text::Token> tokens) const;
  // Two anchors the context never relates, even through the clause's other anchors.
  std::optional<std::pair<std::string_view, std::string_view>> unrelated(
      std::span<const Anchor> anchors) const;
  // Pieces that speak of someone the context never names: a passage that opens with a pronoun
  // ("He is a nephew of ...": a chunk cut from its document) and the pieces that go on from it.
  // The question usually names that one.
  const std::vector<std::uint32_t>& unnamed_subject_pieces() const;
  bool together(const Anchor& a, const Anchor& b) const;
  // News and encyclopaedia text write a name in full once and its last word after that
  // ("Dorothy Ann Willis Richards ... Richards served as ..."): adds to `pieces` (ascending)
  // the pieces where the context names someone by the last word of `key` alone.
  void add_short_form_pieces(std::string_view key, std::vector<std::uint32_t>& pieces) const;
  // A name of two or more words that neither the question nor the context writes: no name of
  // theirs holds all its words, and its words never stand in a row in the context.
  bool composed_name(const text::Entity& e) const;
  Evidence evidence_of(std::uint32_t piece) const;
  // The context piece is a question (it ends with "?"): it asks, it states nothing.
  bool asks(std::uint32_t piece) const;
  // counted_words() of a context count, from its piece (counted.h).
  Counted context_counted_words(const ContextEntity& c) const;
  // The clause and context piece `piece` say the same but for their polarity (a negation, an
  // auxiliary) and, when given, the clause's word `word` and the piece's `instead` (an
  // antonym): the piece holds every content word of the clause, and the two line up token by
  // token (slot.h same_but).
  bool aligned_but(const Clause& clause, std::uint32_t piece, const text::Token* word,
                   const text::Token* instead) const;
  // Of the clause's `words`, one names something context piece `piece` does not: a
  // capitalized word inside the sentence that neither the piece, the earlier sentences of its
  // passage (names_passage_topic) nor the question hold.
  bool names_unknown_to(const Clause& clause, std::uint32_t piece,
                        std::span<const text::Token* const> words) const;
  // A negation of the clause names in its scope or its subject something the piece does not
  // (names_unknown_to): "does not have a branch in Madrid" against "opened a branch in Lisbon".
  bool negates_another_name(const Clause& clause, std::uint32_t piece) const;
  // Which side of a conflict may say more than the other: the one whose statement, narrowed,
  // is what the other side denies.
  enum class NarrowerSide : std::uint8_t { kEvidence, kAnswer };
  // aligned_but() once the narrower side's words that only narrow what it states are set aside
  // (narrowing.h): "did not approve a share buyback" against "approved a share buyback of $500
  // million" (the evidence narrower), "showed a clear benefit" against "showed no benefit"
  // (the answer narrower), "rose 3 percent on Monday" against "fell 3 percent on Monday after
  // the company cut its forecast". A time set aside from the evidence denies only a clause in
  // its own tense; none is set aside from the answer.
  bool aligned_but_narrower(const Clause& clause, std::uint32_t piece, NarrowerSide side,
                            const text::Token* word, const text::Token* instead) const;
  // Whether tokens `ours` (the clause's, or the words of it that stay) and the piece's `tokens`
  // line up but for the polarity and the pair `word` / `instead` (slot.h same_but).
  bool lines_up(std::span<const text::Token> ours, std::span<const text::Token> tokens,
                const text::Token* word, const text::Token* instead) const;
  // The value at bytes [begin, end) of `tokens`' text states a difference ("6 more hours than",
  // "0.4 kg less than", "two years older than", "$15 more", "an extra $15"): it is no value the
  // thing itself has, to compare with the context's, only with another difference.
  static bool states_a_difference(std::span<const text::Token> tokens, std::size_t begin,
                                  std::size_t end, const text::Lexicon* lexicon);
  // The clause's count `e` and the context's `c` follow two different verbs ("made two"
  // against "saw five"): counts of different events.
  bool counted_by_other_verbs(const Clause& clause, const text::Entity& e,
                              const ContextEntity& c) const;
  // Context piece `piece` states `value` (the same value, however written).
  bool piece_states(std::uint32_t piece, const text::Entity& value) const;
  // The clause labels an item of a series ("phase two") that context piece `piece` does not:
  // the piece speaks of another item.
  bool labels_another_item(const Clause& clause, std::uint32_t piece) const;
  // Bytes [begin, end) of the clause are a number that labels the thing it speaks of, one the
  // context never gives, and the clause gives that thing a value ("Room 305 holds 80 people"):
  // a context sentence with another label there ("Room 204 holds 80") speaks of another item
  // of the series, not of this one; its values say nothing of this one's.
  bool another_item_alike(const Clause& clause, std::size_t begin, std::size_t end) const;
  // The clause's words before byte `clause_at` and context piece `piece`'s before byte
  // `piece_at` of its text (each side's value) each hold a word (not a verb) the other side
  // lacks: "The Enterprise plan includes a 60-day trial" against "The Team plan has a 14-day
  // trial" speak of two things.
  bool names_another_thing(const Clause& clause, std::size_t clause_at, std::uint32_t piece,
                           std::size_t piece_at) const;
  // names_another_thing() at the clause's value `e` and the context's `c`: the piece gives `c`
  // to another thing ("The Platinum policy ... covers 90%" for "The Gold policy covers 90%").
  bool gives_it_to_another(const Clause& clause, const text::Entity& e,
                           const ContextEntity& c) const;
  // Context piece `piece` states each value of the clause but `e` (null: each): the clause's
  // sentence with `e` changed, if any.
  bool states_other_values(const Clause& clause, const text::Entity* e, std::uint32_t piece) const;
  // The clause and context piece `piece` say the same word for word but for their values (the
  // clause's `e`, the piece's values) and determiners (slot.h same_but).
  bool same_but_values(const Clause& clause, const text::Entity& e, std::uint32_t piece) const;
  // The context's value `c` stands where the clause's value `e` stands (slot.h).
  bool same_slot(const Clause& clause, const text::Entity& e, const ContextEntity& c) const;
  // How many of the clause's content words (values apart) context piece `piece` does not hold,
  // `except` not counted: 0 when the piece says all the clause says but for its values. A name
  // word of the clause the piece lacks counts as held when one of the passage's kTopicPieces
  // sentences before the piece has it: the subject the piece speaks of without naming it.
  // With `verb_forms`, an inflected verb and its base form are one word ("won", "win").
  // `except`: tokens of the clause not counted (one(t) for a single one).
  std::size_t words_outside(const Clause& clause, std::uint32_t piece,
                            std::span<const text::Token> except = {},
                            bool verb_forms = false) const;
  static std::span<const text::Token> one(const text::Token* t) {
    return t == nullptr ? std::span<const text::Token>() : std::span<const text::Token>(t, 1);
  }
  static constexpr std::uint32_t kTopicPieces = 16;
  // Context piece `piece` holds a name (words the context writes as one, past its first word)
  // none of whose words the clause has: it speaks of that one.
  bool names_another(const Clause& clause, std::uint32_t piece) const;
  bool names_passage_topic(std::uint32_t piece, index::TermId term) const;

  // A record flag with the words that name it, for check_flags.
  struct FlagWords {
    struct Word {
      std::string stem;
      std::vector<std::string_view> synonyms;  // WordNet's, sorted
      std::size_t surface_size = 0;            // of the word as the key writes it
    };
    std::vector<Word> name;  // stopwords too: "Take Out"
    std::string joined;      // the name's words as one ("takeout")
    std::vector<Word> group;
    bool value = false;
    std::string text;  // "Outdoor Seating: no", for reasons
    std::uint32_t passage = 0;
  };
  struct DayHours {
    int open = 0;
    int close = 0;
    std::uint32_t piece = 0;
  };
  // The content words of `words` with their WordNet synonyms (none without a lexicon).
  static std::vector<FlagWords::Word> flag_words(std::string_view words,
                                                 const text::Lexicon* lexicon);
  const std::vector<FlagWords>& context_flags() const;
  // Takes off the first word of flag names where it names the record's kind (record_checks.cc).
  static void drop_kind_prefixes(std::vector<FlagWords>& flags);
  const std::array<std::vector<DayHours>, 7>& context_hours() const;

  std::shared_ptr<const index::ContextIndex> index_;
  VerifierOptions options_;
  PieceReadings readings_;                   // of index_'s pieces, with options_.lexicon
  std::vector<std::string> question_stems_;  // sorted
  std::vector<text::Token> question_words_;
  // WordNet lemmas of the question's words, sorted and unique; looked up on first need.
  mutable std::vector<std::string_view> question_lemmas_;
  mutable bool question_lemmas_ready_ = false;
  std::vector<text::Entity> question_entities_;
  std::vector<std::string> question_name_words_;     // sorted: see names.h
  std::optional<std::size_t> question_alternative_;  // in question_entities_: see names.h
  mutable std::vector<std::uint32_t> unnamed_;       // see unnamed_subject_pieces()
  mutable bool unnamed_ready_ = false;
  mutable std::vector<FlagWords> flags_;  // see context_flags()
  mutable bool flags_ready_ = false;
  mutable std::array<std::vector<DayHours>, 7> hours_;  // per day, Monday first
  mutable std::vector<DayHours> undated_hours_;         // hours stated without days
  mutable bool hours_ready_ = false;
};

}  // namespace groundgate::filters::semantic_piece
