#include "filters/semantic_piece/piece_verifier.h"

#include <algorithm>
#include <cstdio>

#include "filters/semantic_piece/clause_words.h"
#include "filters/semantic_piece/counted.h"
#include "filters/semantic_piece/names.h"
#include "filters/semantic_piece/order_check.h"
#include "filters/text/clause_splitter.h"
#include "filters/text/discourse.h"
#include "filters/text/negation.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Entity;
using text::EntityMatch;
using text::EntitySubtype;
using text::EntityType;
using text::Token;

constexpr std::size_t kMaxListedWords = 5;
// Content words a clause needs before negation or antonyms can contradict it.
constexpr std::size_t kMinPredicateWords = 3;

std::string quoted(std::string_view s) {
  std::string out = "\"";
  out.append(s);
  out += '"';
  return out;
}

std::string list_words(const std::vector<std::string_view>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size() && i < kMaxListedWords; ++i) {
    if (i > 0) out += ", ";
    out.append(words[i]);
  }
  if (words.size() > kMaxListedWords) out += ", ...";
  return out;
}

// A small count or an order in words ("two", "second"): summaries count and order what the
// context lists without the context saying the number.
bool is_enumeration(const Entity& e, std::string_view sentence) {
  if (e.type != EntityType::kNumber || e.begin >= sentence.size()) return false;
  const unsigned char first = static_cast<unsigned char>(sentence[e.begin]);
  const bool in_words = (first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z');
  return in_words && e.value >= 1 && e.value <= 10 && e.qualifier == text::Qualifier::kExact;
}

// A token inside an entity span of a value entity (its words are checked as a value).
bool inside(const Token& t, std::span<const Entity> entities) {
  return std::any_of(entities.begin(), entities.end(), [&](const Entity& e) {
    return is_value_entity(e) && t.begin >= e.begin && t.end <= e.end;
  });
}

// A word before a predicate comparative: "X is closer", "much longer", "no better".
bool introduces_predicate(std::string_view w) {
  static constexpr std::string_view kWords[] = {
      "is",  "are",  "was", "were", "be",    "been",     "being",    "much",
      "far", "even", "no",  "any",  "still", "slightly", "somewhat", "considerably"};
  return std::find(std::begin(kWords), std::end(kWords), w) != std::end(kWords);
}

// Words that order or compare ("first", "earlier", "closer", "largest"). A question asking
// "which came first?" does not ground an answer's "first": only the context can. WordNet's
// morphology makes an -er word of many nouns ("founder" from "found", "number" from "numb",
// "owner", "opener", "Peter"): a word that is itself a noun compares only before "than" or
// after a copula or an intensifier ("is closer", "much longer"), and a capitalised word inside
// the clause is a name.
bool is_comparative(std::span<const Token> tokens, std::size_t at, const text::Lexicon* lexicon) {
  const Token& t = tokens[at];
  static constexpr std::string_view kWords[] = {"first",   "last",  "prior",
                                                "earlier", "later", "equally"};
  if (std::find(std::begin(kWords), std::end(kWords), t.norm) != std::end(kWords)) return true;
  if (lexicon == nullptr || t.norm.size() < 5) return false;
  const bool er = t.norm.ends_with("er");
  const bool est = t.norm.ends_with("est");
  if (!er && !est) return false;
  if (at > 0 && t.has(text::kCapitalized)) return false;
  auto inflected = [&](text::Lexicon::Pos pos) {
    for (std::string_view lemma : lexicon->lemmas(t.norm, pos)) {
      if (lemma != t.norm) return true;
    }
    return false;
  };
  if (!inflected(text::Lexicon::Pos::kAdjective) && !inflected(text::Lexicon::Pos::kAdverb))
    return false;
  const std::vector<std::string_view> nouns = lexicon->lemmas(t.norm, text::Lexicon::Pos::kNoun);
  if (std::find(nouns.begin(), nouns.end(), t.norm) == nouns.end()) return true;
  const bool before_than = at + 1 < tokens.size() && tokens[at + 1].norm == "than";
  const bool after_copula = at > 0 && introduces_predicate(tokens[at - 1].norm);
  return before_than || after_copula;
}

// Comparisons and orderings relate things the context states apart ("born before Elytis"):
// the binding of names and values does not apply to them.
bool compares(std::span<const Token> tokens, const text::Lexicon* lexicon) {
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string_view w = tokens[i].norm;
    if (w == "than" || w == "before" || w == "after" || w == "same" || w == "different" ||
        is_comparative(tokens, i, lexicon)) {
      return true;
    }
  }
  return false;
}

// A capitalised word inside a sentence that is no adjective ("Italy", not "Italian"): a
// derivation does not say it. "Italian" names a language or an origin, not the place; but
// "Jamaican forward" is said by "from Jamaica".
bool proper_noun(const Token& w, const Token& sentence_start, const text::Lexicon* lexicon) {
  if (!w.has(text::kCapitalized) || w.begin == sentence_start.begin || lexicon == nullptr)
    return false;
  return lexicon->lemmas(w.norm, text::Lexicon::Pos::kAdjective).empty();
}

// "only A ...", "only the A ...": the clause claims its subject alone.
bool opens_with_only(std::span<const Token> tokens, std::string_view subject,
                     std::string_view sentence) {
  const auto at = static_cast<std::size_t>(subject.data() - sentence.data());
  for (std::size_t i = 0; i + 1 < tokens.size() && tokens[i].begin < at; ++i) {
    if (tokens[i].norm != "only") continue;
    std::size_t next = i + 1;
    if (tokens[next].norm == "the" && next + 1 < tokens.size()) ++next;
    if (tokens[next].begin == at) return true;
  }
  return false;
}

bool inside_name(const Token& t, std::span<const Entity> entities) {
  return std::any_of(entities.begin(), entities.end(), [&](const Entity& e) {
    return !is_value_entity(e) && t.begin >= e.begin && t.end <= e.end;
  });
}

}  // namespace

PieceVerifier::PieceVerifier(std::shared_ptr<const index::ContextIndex> index,
                             std::string_view question, VerifierOptions options)
    : index_(std::move(index)), options_(std::move(options)) {
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
  for (const text::Clause& clause : text::split_clauses(sentence, tokens)) {
    auto first = std::lower_bound(tokens.begin(), tokens.end(), clause.begin,
                                  [](const Token& t, std::size_t at) { return t.begin < at; });
    auto last = std::lower_bound(first, tokens.end(), clause.end,
                                 [](const Token& t, std::size_t at) { return t.begin < at; });
    auto efirst = std::lower_bound(entities.begin(), entities.end(), clause.begin,
                                   [](const Entity& e, std::size_t at) { return e.begin < at; });
    auto elast = std::lower_bound(efirst, entities.end(), clause.end,
                                  [](const Entity& e, std::size_t at) { return e.begin < at; });
    Verdict verdict = verify_clause(sentence, std::span<const Token>(first, last),
                                    std::span<const Entity>(efirst, elast));
    verdict.choice = choice;
    verdict.answer_begin = offset + clause.begin;
    verdict.answer_end = offset + clause.end;
    if (verdict.correction) {
      verdict.correction->answer_begin += offset;
      verdict.correction->answer_end += offset;
    }
    out.push_back(std::move(verdict));
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

void PieceVerifier::analyse(EvidencePiece& piece) const {
  if (piece.analysed) return;
  piece.analysed = true;
  std::vector<Token> tokens = text::tokenize(index_->piece_text(index_->pieces()[piece.hit.piece]));
  for (const text::NegationScope& scope : text::negation_scopes(tokens)) {
    std::vector<index::TermId>& negated = piece.negations.emplace_back();
    for (std::size_t i : scope.words)
      negated.push_back(index_->terms().find(text::stem(tokens[i].norm)));
  }
  for (Token& t : tokens) {
    if (text::is_content_word(t)) piece.tokens.push_back(std::move(t));
  }
}

std::vector<std::string_view> PieceVerifier::lemmas_of(std::span<EvidencePiece> evidence) const {
  std::vector<std::string_view> out;
  const text::Lexicon* lexicon = options_.lexicon.get();
  if (lexicon == nullptr) return out;
  for (EvidencePiece& piece : evidence) {
    analyse(piece);
    for (const Token& t : piece.tokens) {
      if (t.kind != text::TokenKind::kWord) continue;
      for (std::string_view lemma : lexicon->lemmas(t.norm))
        out.push_back(lemma);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

bool PieceVerifier::related(const Token& word, std::span<const std::string_view> evidence_lemmas,
                            bool with_question, bool with_derivations) const {
  const text::Lexicon* lexicon = options_.lexicon.get();
  if (lexicon == nullptr || word.kind != text::TokenKind::kWord) return false;
  const bool question = with_question && options_.question_grounds_words;
  if (question && !question_lemmas_ready_) {
    question_lemmas_ready_ = true;
    for (const Token& t : question_words_) {
      if (t.kind != text::TokenKind::kWord) continue;
      for (std::string_view lemma : lexicon->lemmas(t.norm))
        question_lemmas_.push_back(lemma);
    }
    std::sort(question_lemmas_.begin(), question_lemmas_.end());
    question_lemmas_.erase(std::unique(question_lemmas_.begin(), question_lemmas_.end()),
                           question_lemmas_.end());
  }
  if (evidence_lemmas.empty() && (!question || question_lemmas_.empty())) return false;
  // Synonyms: a lemma of the other word shares a synset with the word; derivations: a lemma
  // of the other word is a derivationally related form of the word.
  const std::vector<std::string_view> synonyms = lexicon->synonyms(word.norm);
  const std::vector<std::string_view> derivations =
      with_derivations ? lexicon->derivations(word.norm) : std::vector<std::string_view>{};
  auto hits = [&](std::span<const std::string_view> lemmas) {
    auto listed = [&](std::string_view w) {
      return std::binary_search(lemmas.begin(), lemmas.end(), w);
    };
    return std::any_of(synonyms.begin(), synonyms.end(), listed) ||
           std::any_of(derivations.begin(), derivations.end(), listed);
  };
  return hits(evidence_lemmas) || (question && hits(question_lemmas_));
}

const std::vector<PieceVerifier::ContextEntity>& PieceVerifier::context_entities() const {
  if (context_entities_ready_) return context_entities_;
  context_entities_ready_ = true;
  auto is_value = [](const index::IndexedEntity& e) {
    return e.type == EntityType::kTime || e.type == EntityType::kNumber;
  };
  const std::span<const index::IndexedEntity> all = index_->entities();
  context_entities_.reserve(
      static_cast<std::size_t>(std::count_if(all.begin(), all.end(), is_value)));
  // Pieces hold their entities in order: one walk, no search per entity.
  const auto pieces = index_->pieces();
  for (std::uint32_t piece = 0; piece < pieces.size(); ++piece) {
    for (const index::IndexedEntity& e : index_->piece_entities(pieces[piece])) {
      if (is_value(e))
        context_entities_.push_back({index_->unpack(e, pieces[piece].passage), piece});
    }
  }
  return context_entities_;
}

Counted PieceVerifier::context_counted_words(const ContextEntity& c) const {
  const index::ContextIndex::Piece& p = index_->pieces()[c.piece];
  if (c.entity.begin < p.begin || c.entity.end > p.end) return {};
  const std::vector<Token> tokens = text::tokenize(index_->piece_text(p));
  return counted_words(tokens, c.entity.begin - p.begin, c.entity.end - p.begin);
}

Evidence PieceVerifier::evidence_of(std::uint32_t piece) const {
  const auto& p = index_->pieces()[piece];
  return Evidence{p.passage, p.begin, p.end};
}

Verdict PieceVerifier::verify_clause(std::string_view sentence, std::span<const Token> tokens,
                                     std::span<const Entity> entities) const {
  Verdict v;
  // Content words and their terms in the context's dictionary (kNoTerm: not in the context).
  std::vector<std::string> stems;
  std::vector<index::TermId> terms;
  std::vector<const Token*> words;  // checked by coverage (value entities are checked apart)
  std::vector<std::size_t> word_stem;
  std::vector<const Token*> stem_tokens;
  // "The passage does not mention ...": framing words and their negation are about the source.
  const bool about_source = text::names_source(tokens);
  for (const Token& t : tokens) {
    if (!text::is_content_word(t) || is_particle(t.norm)) continue;
    if (about_source && text::is_framing_word(t.norm)) continue;
    stem_tokens.push_back(&t);
    stems.push_back(text::stem(t.norm));
    terms.push_back(index_->terms().find(stems.back()));
    if (!inside(t, entities)) {
      words.push_back(&t);
      word_stem.push_back(stems.size() - 1);
    }
  }
  const bool has_values = std::any_of(entities.begin(), entities.end(), is_value_entity);
  if (words.empty() && !has_values) {
    v.reason_code = ReasonCode::kNoClaim;
    v.reason = "no content word to check";
    return v;
  }
  std::vector<EvidencePiece> evidence = retrieve(stems, terms);
  EvidencePiece* best = nullptr;
  for (EvidencePiece& e : evidence) {
    if (best == nullptr || e.overlap > best->overlap) best = &e;
  }
  if (best != nullptr) v.evidence = evidence_of(best->hit.piece);
  auto in_evidence = [&](index::TermId term) {
    if (term == index::kNoTerm) return false;
    return std::any_of(evidence.begin(), evidence.end(), [&](const EvidencePiece& e) {
      auto piece_terms = index_->piece_terms(index_->pieces()[e.hit.piece]);
      return std::find(piece_terms.begin(), piece_terms.end(), term) != piece_terms.end();
    });
  };
  auto contradict = [&](ReasonCode code, HallucinationType type, std::string reason,
                        std::uint32_t piece) {
    v.label = Label::kContradicted;
    v.score = 0;
    v.reason_code = code;
    v.type = type;
    v.reason = std::move(reason);
    v.evidence = evidence_of(piece);
    return v;
  };

  // Numbers and dates: same value anywhere in the context supports; another value of the same
  // kind in well-matched evidence contradicts; otherwise the value is unsupported.
  const Entity* missing_value = nullptr;
  bool all_values_found = true;
  std::vector<std::string_view> missing;  // words and counts not found, for the reason
  std::size_t unmatched_counts = 0;
  for (const Entity& e : entities) {
    if (!is_value_entity(e)) continue;
    bool in_evidence_or_question =
        std::any_of(question_entities_.begin(), question_entities_.end(),
                    [&](const Entity& q) { return compare(e, q) == EntityMatch::kSame; });
    bool elsewhere = false;
    const ContextEntity* other = nullptr;
    bool other_ambiguous = false;           // well-matched evidence holds two different such values
    std::optional<Counted> answer_counted;  // see counted.h, when needed
    for (const ContextEntity& c : context_entities()) {
      const EvidencePiece* ev = nullptr;
      for (const EvidencePiece& candidate : evidence) {
        if (candidate.hit.piece == c.piece) ev = &candidate;
      }
      const EntityMatch m = compare(e, c.entity);
      if (m == EntityMatch::kSame) {
        (ev != nullptr ? in_evidence_or_question : elsewhere) = true;
      } else if (m == EntityMatch::kDifferent && ev != nullptr &&
                 ev->overlap >= options_.match_overlap) {
        // Counts of different things ("two tries", "four separate occasions") do not conflict.
        if (e.subtype == EntitySubtype::kCardinal && c.entity.subtype == EntitySubtype::kCardinal) {
          if (!answer_counted) answer_counted = counted_words(tokens, e.begin, e.end);
          if (!count_the_same(*answer_counted, context_counted_words(c))) continue;
        }
        if (other == nullptr) {
          other = &c;
        } else if (compare(other->entity, c.entity) != EntityMatch::kSame) {
          other_ambiguous = true;
        }
      }
    }
    if (in_evidence_or_question) continue;
    // Another value where the evidence matches beats the same value somewhere else.
    if (other != nullptr) {
      Verdict v = contradict(
          ReasonCode::kEntityMismatch, HallucinationType::kDetailedInformationModification,
          "answer says " + e.text + ", evidence says " + other->entity.text, other->piece);
      if (!other_ambiguous) v.correction = Correction{e.begin, e.end, other->entity.text};
      return v;
    }
    if (elsewhere) continue;
    all_values_found = false;
    if (is_enumeration(e, sentence)) {
      // "two different films", "the second is ...": a count or an order the answer makes of
      // what the context lists; weighed as a word, not as a fabricated value.
      missing.push_back(e.text);
      ++unmatched_counts;
      continue;
    }
    if (missing_value == nullptr) missing_value = &e;
  }

  // Lexical entailment: each content word covered by the evidence, the question, the rest of
  // the context, or a WordNet synonym or derivation of an evidence word.
  std::optional<std::vector<std::string_view>> lemmas;  // of the evidence words, when needed
  auto evidence_lemmas = [&]() -> std::span<const std::string_view> {
    if (!lemmas) lemmas = lemmas_of(evidence);
    return *lemmas;
  };
  double covered = 0;
  std::vector<const Token*> uncovered;
  const Token* missing_name = nullptr;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const Token& w = *words[i];
    const std::size_t s = word_stem[i];
    // An ordering or comparison must be stated by the evidence itself.
    const auto at = static_cast<std::size_t>(words[i] - tokens.data());
    const bool comparative = is_comparative(tokens, at, options_.lexicon.get());
    const bool asked = options_.question_grounds_words && !comparative && in_question(stems[s]);
    // Elsewhere in the context at full weight covers the word as a synonym would: the
    // WordNet lookups could not change the outcome.
    const bool elsewhere = terms[s] != index::kNoTerm && !comparative;
    if (in_evidence(terms[s]) || asked) {
      covered += 1;
    } else if (!(elsewhere && options_.elsewhere_weight == 1.0) &&
               related(w, evidence_lemmas(), !comparative,
                       !proper_noun(w, tokens.front(), options_.lexicon.get()))) {
      covered += 1;
    } else if (elsewhere) {
      covered += options_.elsewhere_weight;
    } else {
      missing.push_back(w.surface(sentence));
      uncovered.push_back(&w);
      const bool proper = inside_name(w, entities) ||
                          (w.has(text::kCapitalized) && w.begin != tokens.front().begin);
      if (proper && missing_name == nullptr) missing_name = &w;
    }
  }

  // Contradiction signals need well-matched evidence.
  // A fragment ("Cheltenham") states no predicate that a negation could flip.
  if (best != nullptr && best->overlap >= options_.match_overlap &&
      stems.size() >= kMinPredicateWords) {
    // A negation counts where it governs what the other side states: at least half of the
    // words in its scope are there too.
    analyse(*best);
    const auto best_terms = index_->piece_terms(index_->pieces()[best->hit.piece]);
    auto governs_shared = [](std::span<const index::TermId> scope,
                             std::span<const index::TermId> other) {
      const auto shared = std::count_if(scope.begin(), scope.end(), [&](index::TermId t) {
        return t != index::kNoTerm && std::find(other.begin(), other.end(), t) != other.end();
      });
      return shared > 0 && 2 * static_cast<std::size_t>(shared) >= scope.size();
    };
    bool negated = false;
    if (!about_source) {
      for (const text::NegationScope& scope : text::negation_scopes(tokens)) {
        std::vector<index::TermId> scope_terms;
        for (std::size_t i : scope.words)
          scope_terms.push_back(index_->terms().find(text::stem(tokens[i].norm)));
        negated = negated || governs_shared(scope_terms, best_terms);
      }
    }
    const bool evidence_negated = std::any_of(
        best->negations.begin(), best->negations.end(),
        [&](const std::vector<index::TermId>& scope) { return governs_shared(scope, terms); });
    if (negated != evidence_negated) {
      return contradict(ReasonCode::kNegationMismatch, HallucinationType::kContextualFabrication,
                        negated ? "answer negates what the evidence states"
                                : "evidence negates what the answer states",
                        best->hit.piece);
    }
    if (const text::Lexicon* lexicon = options_.lexicon.get()) {
      for (const Token* w : uncovered) {
        if (!lexicon->has_antonyms(w->norm)) continue;
        for (const Token& other : best->tokens) {
          if (other.kind == text::TokenKind::kWord && lexicon->are_antonyms(w->norm, other.norm)) {
            return contradict(ReasonCode::kAntonym, HallucinationType::kContextualFabrication,
                              "answer says " + quoted(w->surface(sentence)) + ", evidence says " +
                                  quoted(index_->piece_text(index_->pieces()[best->hit.piece])
                                             .substr(other.begin, other.end - other.begin)),
                              best->hit.piece);
          }
        }
      }
    }
  }

  if (auto conflict = check_order(
          *index_, sentence, tokens, entities, question_entities_, question_name_words_,
          question_alternative_ ? &question_entities_[*question_alternative_] : nullptr)) {
    if (conflict->kind == OrderConflict::Kind::kReversed) {
      return contradict(ReasonCode::kOrderMismatch, HallucinationType::kContextualFabrication,
                        std::move(conflict->reason), conflict->piece);
    }
    v.label = Label::kUnsupported;
    v.reason_code = ReasonCode::kOrderUndated;
    v.type = HallucinationType::kContextualFabrication;
    v.reason = std::move(conflict->reason);
    v.evidence = evidence_of(conflict->piece);
    v.score = std::min(v.score, 0.5);
    return v;
  }

  const std::size_t checked = words.size() + unmatched_counts;
  v.score = checked == 0 ? 1.0 : covered / static_cast<double>(checked);
  if (missing_value != nullptr || missing_name != nullptr) {
    v.label = Label::kUnsupported;
    v.reason_code = ReasonCode::kMissingEntity;
    v.type = HallucinationType::kAbsoluteFabrication;
    const std::string what = missing_value != nullptr
                                 ? missing_value->text
                                 : std::string(missing_name->surface(sentence));
    v.reason = quoted(what) + " appears nowhere in the context";
    v.score = std::min(v.score, 0.5);
    return v;
  }
  // A name made of context words that the context never writes so.
  if (options_.names_as_written) {
    for (const Entity& e : entities) {
      if (!is_value_entity(e) && composed_name(e)) {
        v.label = Label::kUnsupported;
        v.reason_code = ReasonCode::kMissingEntity;
        v.type = HallucinationType::kAbsoluteFabrication;
        v.reason = quoted(e.text) + " is not a name the context writes";
        v.score = std::min(v.score, 0.5);
        return v;
      }
    }
  }
  if (options_.check_relations && !compares(tokens, options_.lexicon.get())) {
    std::vector<Anchor> found = anchors(sentence, entities, stems, terms, stem_tokens);
    auto pair = unrelated(found);
    // The clause's subjects, when it opens with names ("Lucy Gordon directed Serendipity",
    // "Cia Berg and David Lee Roth were ..."): what the clause says is said of each of them,
    // so every other name, value and word must be related to each subject itself, not only
    // to some other name of the clause.
    const std::vector<Anchor> subject_list = subjects(found, sentence, tokens);
    auto is_subject = [&](const Anchor& a) {
      return std::any_of(subject_list.begin(), subject_list.end(),
                         [&](const Anchor& s) { return s.text.data() == a.text.data(); });
    };
    for (const Anchor& subject : subject_list) {
      for (std::size_t i = 0; !pair && i < found.size(); ++i) {
        if (!is_subject(found[i]) && !together(subject, found[i]))
          pair = std::pair{subject.text, found[i].text};
      }
    }
    // The clause's other content words of the context, where the context has them.
    std::vector<Anchor> claim_words;
    for (std::size_t i = 0; i < words.size(); ++i) {
      const index::TermId term = terms[word_stem[i]];
      if (term == index::kNoTerm || inside_name(*words[i], entities)) continue;
      std::span<const std::uint32_t> pieces = index_->postings(term);
      claim_words.push_back({words[i]->surface(sentence), {pieces.begin(), pieces.end()}});
    }
    // Each of them must also be said of one of the names or values.
    const bool bound = !found.empty() || !subject_list.empty();
    for (const Anchor& word : claim_words) {
      if (pair || !bound) break;
      for (const Anchor& subject : subject_list) {
        if (!pair && !together(subject, word)) pair = std::pair{subject.text, word.text};
      }
      if (subject_list.empty() && std::none_of(found.begin(), found.end(), [&](const Anchor& a) {
            return together(a, word);
          })) {
        pair = std::pair{found.front().text, word.text};
      }
    }
    // "No, only A is a drink.": the context saying the same of the question's other one
    // contradicts the "only".
    if (!pair && !subject_list.empty() &&
        opens_with_only(tokens, subject_list.front().text, sentence)) {
      std::vector<Anchor> claim = claim_words;  // what the clause says of its subject
      for (const Anchor& a : found) {
        if (!is_subject(a)) claim.push_back(a);
      }
      for (const Entity& q : question_entities_) {
        if (claim.empty()) break;
        if (is_value_entity(q)) continue;
        const bool named = std::any_of(entities.begin(), entities.end(),
                                       [&](const Entity& e) { return e.key == q.key; });
        if (named) continue;
        const Anchor other{std::string_view(q.text), name_pieces(*index_, q.text), true};
        if (other.pieces.empty()) continue;
        if (std::all_of(claim.begin(), claim.end(),
                        [&](const Anchor& c) { return together(other, c); })) {
          return contradict(ReasonCode::kExclusiveMismatch,
                            HallucinationType::kContextualFabrication,
                            "answer says only " + quoted(subject_list.front().text) +
                                ", the context says the same of " + quoted(other.text),
                            other.pieces.front());
        }
      }
    }
    if (pair) {
      v.label = Label::kUnsupported;
      v.reason_code = ReasonCode::kUnboundRelation;
      v.type = HallucinationType::kContextualFabrication;
      v.reason = "the context never relates " + quoted(pair->first) + " to " + quoted(pair->second);
      v.score = std::min(v.score, 0.5);
      return v;
    }
  }
  // A clause about the source with no value, or only a small bare count, which counts the
  // source's own parts ("The passage mentions two distinct topics"): framing, no claim.
  const bool framing =
      about_source && std::all_of(entities.begin(), entities.end(), [](const Entity& e) {
        return !is_value_entity(e) || (e.subtype == text::EntitySubtype::kCardinal &&
                                       e.unit == text::Unit::kNone && e.value <= 12);
      });
  // "Key points include:": a list's header; its items, checked one by one, hold the claims.
  const bool list_header = entities.empty() && !tokens.empty() && tokens.back().norm == ":";
  if (evidence.empty() && (framing || list_header)) {
    // "Here is a concise summary of the passage:": framing, nothing the source could hold.
    v.reason_code = ReasonCode::kNoClaim;
    v.reason = "speaks of the source, states nothing to check";
    return v;
  }
  if (evidence.empty() && !words.empty()) {
    v.label = Label::kUnsupported;
    v.reason_code = ReasonCode::kNoEvidence;
    v.type = HallucinationType::kAbsoluteFabrication;
    v.reason = "no context piece shares a word with this piece";
    v.score = 0;
    return v;
  }
  if (v.score < options_.min_coverage) {
    v.label = Label::kUnsupported;
    v.reason_code = ReasonCode::kLowCoverage;
    v.type = HallucinationType::kAbsoluteFabrication;
    v.reason = "not in the context: " + list_words(missing);
    return v;
  }
  v.reason_code = has_values && all_values_found ? ReasonCode::kSupportedEntity
                                                 : ReasonCode::kSupportedCoverage;
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "%zu of %zu content words found in the context",
                checked - missing.size(), checked);
  v.reason = missing.empty() ? std::string(buffer)
                             : std::string(buffer) + "; not found: " + list_words(missing);
  return v;
}

}  // namespace groundgate::filters::semantic_piece
