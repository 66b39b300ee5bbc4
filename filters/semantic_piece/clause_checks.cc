// PieceVerifier's check of one clause, as named steps: read its words, retrieve evidence,
// check its values, measure coverage, look for a flipped polarity, an ordering, a missing value
// or name, and unrelated names. Every step runs (bounded work) and records what it measured in
// the verdict's signals; the first finding in this order decides the label.
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <optional>

#include "filters/semantic_piece/clause_words.h"
#include "filters/semantic_piece/count_comparison.h"
#include "filters/semantic_piece/counted.h"
#include "filters/semantic_piece/denied.h"
#include "filters/semantic_piece/names.h"
#include "filters/semantic_piece/narrowing.h"
#include "filters/semantic_piece/only_one.h"
#include "filters/semantic_piece/order_check.h"
#include "filters/semantic_piece/party_swap.h"
#include "filters/semantic_piece/piece_verifier.h"
#include "filters/semantic_piece/slot.h"
#include "filters/semantic_piece/value_pairs.h"
#include "filters/text/adjective_degree.h"
#include "filters/text/discourse.h"
#include "filters/text/function_words.h"
#include "filters/text/negation.h"
#include "filters/text/outcome_words.h"
#include "filters/text/phrasal_verb.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/tokenizer.h"
#include "filters/text/verb_form.h"
#include "filters/text/word_table.h"

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

// Words that order or compare ("first", "earlier", "closer", "largest"). A question asking
// "which came first?" does not ground an answer's "first": only the context can.
bool is_comparative(std::span<const Token> tokens, std::size_t at, const text::Lexicon* lexicon) {
  static constexpr auto kOrderWords =
      text::word_table("first", "last", "prior", "earlier", "later", "equally");
  if (kOrderWords.contains(tokens[at].norm)) return true;
  return lexicon != nullptr &&
         text::inflected_degree(*lexicon, tokens, at) != text::Degree::kPositive;
}

// The word a negation cue of the clause negates, right after it or after a form of "be" or an
// auxiliary ("is not required", "isn't required", "does not cover", "not be allowed"), by
// token index; for a token that is the cue itself, the word it negates so. None otherwise.
std::optional<std::size_t> negated_head(std::span<const Token> tokens, std::size_t at) {
  if (!text::has_negation_cue(tokens)) return std::nullopt;
  for (const text::NegationScope& scope : text::negation_scopes(tokens)) {
    if (scope.words.empty()) continue;
    const std::size_t head = scope.words.front();
    if (head <= scope.cue || (at != head && at != scope.cue)) continue;
    const bool next_to_it =
        std::all_of(tokens.begin() + scope.cue + 1, tokens.begin() + head, [](const Token& t) {
          return text::kBeForms.contains(t.norm) || text::kAuxiliaryVerbs.contains(t.norm);
        });
    if (next_to_it) return head;
  }
  return std::nullopt;
}

// A comparison turned round with its opposite says the same: "Bob is younger than Alice"
// against "Alice is older than Bob". Clause word `at` and the piece's `pivot` are the two
// comparatives; a content word of the clause before its comparative comes after the piece's,
// and one after it before, each on that side only (the "plan" of "The annual plan is cheaper
// than the monthly plan" names neither party).
bool turned_round(std::span<const Token> clause, std::size_t at, std::span<const Token> piece,
                  std::size_t pivot) {
  auto found = [&](const Token& w, std::size_t from, std::size_t to) {
    const std::string stem = text::stem(w.norm);
    return std::any_of(piece.begin() + static_cast<std::ptrdiff_t>(from),
                       piece.begin() + static_cast<std::ptrdiff_t>(to),
                       [&](const Token& t) { return text::stem(t.norm) == stem; });
  };
  bool first_after = false, second_before = false;
  for (std::size_t i = 0; i < clause.size() && pivot < piece.size(); ++i) {
    if (i == at || !text::is_content_word(clause[i])) continue;
    const bool before = found(clause[i], 0, pivot),
               after = found(clause[i], pivot + 1, piece.size());
    if (before == after) continue;
    if (i < at) first_after = first_after || after;
    if (i > at) second_before = second_before || before;
  }
  return first_after && second_before;
}

// A word of the evidence's that is an opposite of the word `form` ("optional" for
// "required"), a synonym of one ("prohibited" is "disallowed", the opposite of "allowed"), or
// its "non-" form ("non-refundable" for "refunded"); `evidence_words`: an analysed piece's
// content words.
bool opposite_in(const text::Lexicon& lexicon, std::string_view form,
                 std::span<const Token> evidence_words) {
  const text::Lexicon::WordSet opposites = lexicon.opposites(form);
  const std::string stem = text::stem(form);
  return std::any_of(evidence_words.begin(), evidence_words.end(), [&](const Token& t) {
    if (t.kind != text::TokenKind::kWord) return false;
    if (text::non_form_of(t.norm, form, /*by_stem=*/true)) return true;
    return !opposites.empty() && text::stem(t.norm) != stem &&
           lexicon.has_synonym_in(t.norm, opposites);
  });
}

// The clause's negated word at `head` says what the evidence says: the evidence states its
// opposite and not the word itself ("is not required" against "is optional"; against "breakfast
// is included, but parking is excluded", "breakfast is not included" still denies it).
bool restates_opposite(const text::Lexicon& lexicon, std::span<const Token> tokens,
                       std::size_t head, std::span<const Token> evidence_words) {
  const std::string stem = text::stem(tokens[head].norm);
  const bool states_it = std::any_of(evidence_words.begin(), evidence_words.end(),
                                     [&](const Token& t) { return text::stem(t.norm) == stem; });
  return !states_it &&
         opposite_in(lexicon, text::phrasal_form(lexicon, tokens, head), evidence_words);
}

// The clause negates a word whose opposite the evidence states ("is not required" against
// "is optional"): the two say the same.
bool negates_an_opposite(const text::Lexicon* lexicon, std::span<const Token> tokens,
                         std::span<const Token> evidence_words) {
  if (lexicon == nullptr) return false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (!text::is_negation(tokens[i].norm)) continue;
    const std::optional<std::size_t> head = negated_head(tokens, i);
    if (head && restates_opposite(*lexicon, tokens, *head, evidence_words)) return true;
  }
  return false;
}

// `times` counts occurrences ("scored four times", "twice") and `count` counts a thing ("four
// goals"): the verb may make them one count.
bool counts_times_of(const Entity& times, const Entity& count) {
  return times.subtype == EntitySubtype::kQuantity && times.unit == text::Unit::kTimes &&
         count.subtype == EntitySubtype::kCardinal;
}

// compare_with_context() can find anything but kIncomparable for the context's value `c` (a
// number or time, never a name): values of one kind, or a count and a score.
bool may_compare(const Entity& e, const Entity& c) {
  return e.subtype == c.subtype ||
         (e.subtype == EntitySubtype::kCardinal && c.subtype == EntitySubtype::kScore) ||
         counts_times_of(e, c) || counts_times_of(c, e);
}

// The first content word at or after token `from` of `tokens`, past at most two function words
// ("except Italy", "apart from the Basic plan", "excludes theft"); tokens.size() if none.
std::size_t first_content_word(std::span<const Token> tokens, std::size_t from) {
  std::size_t j = from;
  while (j < tokens.size() && !text::is_content_word(tokens[j]) &&
         tokens[j].kind == text::TokenKind::kWord && j < from + 2)
    ++j;
  return j < tokens.size() && text::is_content_word(tokens[j]) ? j : tokens.size();
}

// The clause's negation denies `w` as its verb's object: the first content word after a
// negated head ("does not cover theft": "theft").
bool denies_as_object(std::span<const Token> clause, const Token& w) {
  const std::string stem = text::stem(w.norm);
  for (std::size_t i = 0; i < clause.size(); ++i) {
    if (!text::is_negation(clause[i].norm)) continue;
    const std::optional<std::size_t> head = negated_head(clause, i);
    if (!head) continue;
    const std::size_t object = first_content_word(clause, *head + 1);
    if (object < clause.size() && text::stem(clause[object].norm) == stem) return true;
  }
  return false;
}

// `evidence` excepts a word `clause` holds ("every market except Italy", "all plans apart from
// Basic"): a few words after "except", "excluding", "apart from", "other than". Or it excludes
// what the clause's negation denies ("covers water damage but excludes theft" for "does not
// cover theft"): not a whole something is left out of ("excluded from Policy A"), nor where the
// clause says "exclude" itself ("does not exclude theft" denies the exclusion).
bool excepts_a_word_of(std::span<const Token> evidence, std::span<const Token> clause) {
  static constexpr auto kExcept = text::word_table("except", "excluding");
  static constexpr auto kExclude = text::word_table("exclude", "excludes", "excluded");
  static constexpr auto kBeforeFromThan = text::word_table("apart", "other");
  auto in_clause = [&](const Token& w) {
    const std::string stem = text::stem(w.norm);
    return std::any_of(clause.begin(), clause.end(), [&](const Token& t) {
      return text::is_content_word(t) && text::stem(t.norm) == stem;
    });
  };
  for (std::size_t i = 0; i < evidence.size(); ++i) {
    if (kExclude.contains(evidence[i].norm)) {
      const bool from = i + 1 < evidence.size() && evidence[i + 1].norm == "from";
      const std::size_t excluded = first_content_word(evidence, i + 1);
      if (!from && !in_clause(evidence[i]) && excluded < evidence.size() &&
          denies_as_object(clause, evidence[excluded]))
        return true;
      continue;
    }
    std::size_t from = i + 1;
    if (kBeforeFromThan.contains(evidence[i].norm) && i + 1 < evidence.size() &&
        (evidence[i + 1].norm == "from" || evidence[i + 1].norm == "than")) {
      from = i + 2;
    } else if (!kExcept.contains(evidence[i].norm)) {
      continue;
    }
    // The excepted thing: the first content word, with the name words that follow it ("except
    // Italy", "apart from the Basic plan"), not the clause it goes on into.
    const std::size_t first = first_content_word(evidence, from);
    for (std::size_t j = first; j < evidence.size() && text::is_content_word(evidence[j]) &&
                                (j == first || evidence[j].has(text::kCapitalized));
         ++j)
      if (in_clause(evidence[j])) return true;
  }
  return false;
}

// One of `a` and `b` states an omission the other denies (text::denied_omissions): "waived
// the fee" against "did not waive the fee".
bool one_denies_the_others_omission(std::span<const Token> a, std::span<const Token> b) {
  return share_a_word(text::omissions(a), text::denied_omissions(b)) ||
         share_a_word(text::denied_omissions(a), text::omissions(b));
}

// One of `a` and `b` negates a condition the other states ("if you are not able to" against
// "if you are able to"); both must state one ("difficult – if not impossible – to hear" says
// nothing of a clause that leaves it out).
bool one_negates_the_others_condition(std::span<const Token> a, std::span<const Token> b) {
  return text::states_condition(a) && text::states_condition(b) &&
         text::negates_in_condition(a) != text::negates_in_condition(b);
}

// `a` and `b` state an omission of one verb (text::omissions), whatever their voices.
bool state_one_omission(std::span<const Token> a, std::span<const Token> b) {
  const std::vector<std::string> ours = text::omissions(a);
  if (ours.empty()) return false;
  const std::vector<std::string> theirs = text::omissions(b);
  std::vector<std::string> both;
  std::set_intersection(ours.begin(), ours.end(), theirs.begin(), theirs.end(),
                        std::back_inserter(both));
  return !both.empty();
}

// The clause's value `e` against the context's `c`: as compare() has it, but a count states
// one end of a range the context writes with a hyphen ("3 to 5 days" against "3-5 days", "aged
// 18" against "aged 18-65"); a range the clause writes says more than the context's one
// number.
EntityMatch compare_with_context(const Entity& e, const Entity& c) {
  if (e.subtype == EntitySubtype::kCardinal && c.subtype == EntitySubtype::kScore) {
    const bool end = e.value == c.value || e.value == c.second;
    return end ? EntityMatch::kSame : EntityMatch::kIncomparable;
  }
  // "four goals" and "scored four times" may be one count; two different ones count different
  // things as far as the words tell.
  if (counts_times_of(e, c) || counts_times_of(c, e))
    return e.value == c.value ? EntityMatch::kSame : EntityMatch::kIncomparable;
  return compare(e, c);
}

// The base form of the inflected verb right before the count at byte `at` (past at most two
// words, never past punctuation): "made two holes-in-one" → "make", "a day which saw five" →
// "see"; empty where there is none.
std::string verb_before_count(std::span<const Token> tokens, std::size_t at,
                              const text::Lexicon* lexicon) {
  constexpr std::size_t kReach = 3;
  if (lexicon == nullptr) return {};
  std::size_t i = token_at(tokens, at);
  for (std::size_t reach = 0; i > 0 && reach < kReach; ++reach) {
    const Token& t = tokens[--i];
    if (t.kind == text::TokenKind::kPunctuation) break;
    if (text::inflected_verb(t, lexicon)) return text::verb_base(t, lexicon);
  }
  return {};
}

// A number that labels one of a series: right after the noun it labels, with no content word
// right after it that it would count ("phase two of", "Highway 60.", "Chapter 3,"). Another
// label names another item.
bool labels_an_item(std::span<const Token> tokens, const Entity& e, const text::Lexicon* lexicon) {
  if (e.subtype != EntitySubtype::kCardinal) return false;
  const std::size_t first = token_at(tokens, e.begin), after = token_at(tokens, e.end);
  if (first == 0 || first == tokens.size()) return false;
  const Token& before = tokens[first - 1];
  const bool noun_before = before.kind == text::TokenKind::kWord && text::is_content_word(before) &&
                           !(lexicon != nullptr && text::inflected_verb(before, lexicon));
  return noun_before && (after == tokens.size() || !text::is_content_word(tokens[after]));
}

// Bytes [begin, end) label the thing the clause speaks of: right after the one or two nouns
// they label, which open the clause but for an article ("Room 305", "The Model 3"), and right
// before a word that may be its verb ("holds", "is", "can"; "holds" is no plural there).
bool labels_the_subject(std::span<const Token> tokens, std::size_t begin, std::size_t end,
                        const text::Lexicon* lexicon) {
  static constexpr auto kArticles = text::word_table("the", "a", "an");
  if (lexicon == nullptr) return false;
  const std::size_t first = token_at(tokens, begin), after = token_at(tokens, end);
  if (first >= tokens.size() || after >= tokens.size()) return false;
  std::size_t i = 0;
  while (i < first &&
         (tokens[i].kind == text::TokenKind::kPunctuation || kArticles.contains(tokens[i].norm)))
    ++i;
  if (first == i || first - i > 2) return false;
  for (std::size_t k = i; k < first; ++k) {
    if (tokens[k].kind != text::TokenKind::kWord || !text::is_content_word(tokens[k]) ||
        lexicon->lemmas(tokens[k].norm, text::Lexicon::Pos::kNoun).empty() ||
        text::inflected_verb(tokens[k], lexicon))
      return false;
  }
  const Token& verb = tokens[after];
  return text::kBeForms.contains(verb.norm) || text::kAuxiliaryVerbs.contains(verb.norm) ||
         (verb.kind == text::TokenKind::kWord &&
          !lexicon->lemmas(verb.norm, text::Lexicon::Pos::kVerb).empty());
}

// Comparisons and orderings relate things the context states apart ("born before Elytis"):
// the binding of names and values does not apply to them.
bool compares(std::span<const Token> tokens, const text::Lexicon* lexicon) {
  static constexpr auto kRelating =
      text::word_table("than", "before", "after", "same", "different");
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string_view w = tokens[i].norm;
    if (kRelating.contains(w) || is_comparative(tokens, i, lexicon)) {
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

std::uint16_t count16(std::size_t n) {
  return static_cast<std::uint16_t>(std::min<std::size_t>(n, UINT16_MAX));
}

}  // namespace

Verdict PieceVerifier::finding(const Clause& clause, Label label, ReasonCode code,
                               HallucinationType type, std::string reason,
                               std::optional<std::uint32_t> piece) const {
  Verdict v;
  v.label = label;
  v.reason_code = code;
  v.type = type;
  v.reason = std::move(reason);
  if (piece) {
    v.evidence = evidence_of(*piece);
  } else if (clause.best != nullptr) {
    v.evidence = evidence_of(clause.best->hit.piece);
  }
  if (label == Label::kContradicted) v.score = 0;
  return v;
}

PieceVerifier::Clause PieceVerifier::read_clause(std::string_view sentence,
                                                 std::span<const Token> sentence_tokens,
                                                 std::span<const Token> tokens,
                                                 std::span<const Entity> entities) const {
  Clause c;
  c.sentence = sentence;
  c.sentence_tokens = sentence_tokens;
  c.tokens = tokens;
  c.entities = entities;
  c.about_source = text::names_source(tokens);
  for (const Token& t : tokens) {
    if (!text::is_content_word(t) || is_particle(t.norm)) continue;
    if (c.about_source && text::is_framing_word(t.norm)) continue;
    c.stem_tokens.push_back(&t);
    c.stems.push_back(text::stem(t.norm));
    c.terms.push_back(index_->terms().find(c.stems.back()));
    // A hyphenated word the context writes solid ("Wi-Fi", "WiFi") is the context's word.
    if (const std::string solid = text::solid_spelling(t);
        c.terms.back() == index::kNoTerm && !solid.empty()) {
      std::string solid_stem = text::stem(solid);
      if (const index::TermId term = index_->terms().find(solid_stem); term != index::kNoTerm) {
        c.stems.back() = std::move(solid_stem);
        c.terms.back() = term;
      }
    }
    if (!inside(t, entities)) {
      c.words.push_back(&t);
      c.word_stem.push_back(c.stems.size() - 1);
    }
  }
  c.has_values = std::any_of(entities.begin(), entities.end(), is_value_entity);
  return c;
}

bool PieceVerifier::leads_in(const Clause& clause, std::span<const Token> tokens) const {
  // "Based on the passages, here are the steps to find someone in France:": a clause that
  // introduces what follows with a lead-in or source word, with no value and no negation, and
  // every other word of it (names' too) the question's, states nothing the question did not.
  static constexpr auto kLeadInWords = text::word_table(
      "here", "here's", "step", "steps", "way", "ways", "answer", "follows", "summarized",
      "summarised", "list", "options", "methods", "tips", "things", "below");
  auto leading = [](std::string_view word) {
    return text::is_framing_word(word) || kLeadInWords.contains(word);
  };
  if (tokens.empty() || tokens.back().norm != ":" || question_stems_.empty() || clause.has_values ||
      text::has_negation_cue(tokens) ||
      std::none_of(tokens.begin(), tokens.end(), [&](const Token& t) { return leading(t.norm); })) {
    return false;
  }
  for (std::size_t i = 0; i < clause.stems.size(); ++i) {
    if (!leading(clause.stem_tokens[i]->norm) && !in_question(clause.stems[i])) return false;
  }
  return true;
}

std::optional<Verdict> PieceVerifier::no_claim(const Clause& clause, std::span<const Token> tokens,
                                               const ClauseSignals& signals) const {
  // A question to the reader names only what the context names, or offers more in words of
  // its own ("details", "help"): "Would you like to hear about our lifetime guarantee?" over a
  // context with no guarantee presumes one, and is checked.
  auto offers_only_context_words = [&] {
    static constexpr auto kOfferWords = text::word_table(
        "like", "want", "need", "know", "hear", "learn", "see", "get", "details", "detail",
        "information", "info", "help", "more", "else", "anything", "explain", "clarify", "tell",
        "list", "share", "question", "questions", "assist", "assistance", "further", "additional",
        "specific", "example", "examples", "step", "steps", "walk", "go", "through", "summary",
        "summarize", "summarise", "elaborate", "provide");
    for (std::size_t i = 0; i < clause.words.size(); ++i) {
      if (clause.terms[clause.word_stem[i]] == index::kNoTerm &&
          !kOfferWords.contains(clause.words[i]->norm))
        return false;
    }
    return true;
  };
  const char* reason = nullptr;
  if (clause.words.empty() && !clause.has_values) {
    reason = "no content word to check";
  } else if (text::is_phatic(tokens)) {
    reason = "greets, thanks or offers help: no claim to check";
  } else if (text::asks_the_reader(clause.sentence_tokens) && offers_only_context_words()) {
    reason = "asks the reader a question: no claim to check";
  } else if (leads_in(clause, tokens)) {
    reason = "leads in to the answer in the question's words: no claim to check";
  } else {
    return std::nullopt;
  }
  Verdict v;
  v.reason_code = ReasonCode::kNoClaim;
  v.reason = reason;
  v.signals = signals;
  return v;
}

Verdict PieceVerifier::verify_clause(std::string_view sentence,
                                     std::span<const Token> sentence_tokens,
                                     std::span<const Token> tokens,
                                     std::span<const Entity> entities,
                                     std::span<const PlacedFigure> figures) const {
  Clause clause = read_clause(sentence, sentence_tokens, tokens, entities);
  clause.figures = figures;
  ClauseSignals signals;
  signals.tokens = count16(tokens.size());
  signals.content_words = count16(clause.words.size());
  signals.about_source = clause.about_source;
  for (const Entity& e : entities)
    ++(is_value_entity(e) ? signals.values : signals.names);
  if (std::optional<Verdict> nothing = no_claim(clause, tokens, signals)) return *nothing;
  clause.evidence = retrieve(clause.stems, clause.terms);
  for (EvidencePiece& e : clause.evidence) {
    if (clause.best == nullptr || e.overlap > clause.best->overlap) clause.best = &e;
  }
  signals.evidence_pieces = static_cast<std::uint8_t>(clause.evidence.size());
  if (clause.best != nullptr) {
    signals.best_overlap = static_cast<float>(clause.best->overlap);
    signals.best_bm25 = clause.best->hit.score;
  }

  ValueCheck values = check_values(clause, signals);
  const Coverage coverage = measure_coverage(clause, values, signals);
  const std::size_t checked = clause.words.size() + values.unmatched_counts;
  const double score = checked == 0 ? 1.0 : coverage.covered / static_cast<double>(checked);
  signals.coverage = static_cast<float>(score);
  if (!values.conflict) values.conflict = check_substitution(clause, values, coverage, signals);
  std::optional<Verdict> polarity = check_polarity(clause, coverage, signals);
  std::optional<Verdict> flags = check_flags(clause, signals);
  std::optional<Verdict> ordering = check_ordering(clause, signals);
  std::optional<Verdict> parties = check_parties(clause, signals);
  if (!parties) parties = check_only_one(clause, signals);
  std::optional<Verdict> ended = check_ended_state(clause, signals);
  std::optional<Verdict> names = check_names(clause, values, coverage, score, signals);
  std::optional<Verdict> relations = check_relations(clause, signals);

  auto decided = [&]() -> Verdict {
    for (std::optional<Verdict>* first :
         {&values.conflict, &polarity, &flags, &ordering, &parties, &ended, &names}) {
      if (*first) return std::move(**first);
    }
    // Only where nothing says otherwise: the scorer does not read it.
    if (std::optional<Verdict> modality = check_modality(clause, signals)) return *modality;
    if (relations) {
      // An unrelated name or word leaves the clause's coverage as its score.
      if (relations->label == Label::kUnsupported) relations->score = std::min(score, 0.5);
      return std::move(*relations);
    }
    return uncontested(clause, values, score, checked, tokens, signals);
  };
  Verdict v = decided();
  v.signals = signals;
  return v;
}

bool PieceVerifier::restates_question_with_figures(const Clause& clause) const {
  if (!clause.has_values || !options_.question_grounds_words) return false;
  bool any_placed = false;
  for (const Entity& e : clause.entities) {
    if (!is_value_entity(e)) continue;
    const bool placed = std::any_of(
        clause.figures.begin(), clause.figures.end(),
        [&](const PlacedFigure& f) { return f.supported && f.begin < e.end && e.begin < f.end; });
    const bool asked =
        std::any_of(question_entities_.begin(), question_entities_.end(),
                    [&](const Entity& q) { return compare(e, q) == EntityMatch::kSame; });
    if (!placed && !asked) return false;
    any_placed = any_placed || placed;
  }
  if (!any_placed) return false;
  for (std::size_t i = 0; i < clause.words.size(); ++i) {
    if (!in_question(clause.stems[clause.word_stem[i]])) return false;
  }
  return true;
}

Verdict PieceVerifier::uncontested(const Clause& clause, const ValueCheck& values, double score,
                                   std::size_t checked, std::span<const Token> tokens,
                                   ClauseSignals& signals) const {
  // A clause about the source with no value, or only a small bare count, which counts the
  // source's own parts ("The passage mentions two distinct topics"): framing, no claim.
  const bool framing =
      clause.about_source &&
      std::all_of(clause.entities.begin(), clause.entities.end(), [](const Entity& e) {
        return !is_value_entity(e) || (e.subtype == text::EntitySubtype::kCardinal &&
                                       e.unit == text::Unit::kNone && e.value <= 12);
      });
  // "Key points include:": a list's header; its items, checked one by one, hold the claims.
  const bool list_header = clause.entities.empty() && !tokens.empty() && tokens.back().norm == ":";
  if (clause.evidence.empty() && (framing || list_header)) {
    // "Here is a concise summary of the passage:": framing, nothing the source could hold.
    signals.framing = true;
    Verdict v = finding(clause, Label::kSupported, ReasonCode::kNoClaim, HallucinationType::kNone,
                        "speaks of the source, states nothing to check");
    v.score = score;
    return v;
  }
  if (clause.evidence.empty() && !clause.words.empty() && !restates_question_with_figures(clause)) {
    Verdict v = finding(clause, Label::kUnsupported, ReasonCode::kNoEvidence,
                        HallucinationType::kAbsoluteFabrication,
                        "no context piece shares a word with this piece");
    v.score = 0;
    return v;
  }
  if (score < options_.min_coverage) {
    Verdict v = finding(clause, Label::kUnsupported, ReasonCode::kLowCoverage,
                        HallucinationType::kAbsoluteFabrication,
                        "not in the context: " + list_words(values.missing));
    v.score = score;
    return v;
  }
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "%zu of %zu content words found in the context",
                checked - values.missing.size(), checked);
  Verdict v = finding(clause, Label::kSupported,
                      clause.has_values && values.all_found ? ReasonCode::kSupportedEntity
                                                            : ReasonCode::kSupportedCoverage,
                      HallucinationType::kNone,
                      values.missing.empty()
                          ? std::string(buffer)
                          : std::string(buffer) + "; not found: " + list_words(values.missing));
  v.score = score;
  return v;
}

// What the context says of one value of the clause.
struct PieceVerifier::ValueEvidence {
  bool in_evidence = false;  // the same value in a top-k evidence piece
  bool elsewhere = false;    // ... in another piece
  // The same value in the pieces that hold most of the clause's words.
  std::vector<const ContextEntity*> matched_values;
  // Those pieces.
  std::vector<std::uint32_t> matched_pieces() const {
    std::vector<std::uint32_t> out;
    for (const ContextEntity* c : matched_values)
      out.push_back(c->piece);
    return out;
  }
  const ContextEntity* other = nullptr;  // another value where the evidence matches
  bool other_ambiguous = false;          // well-matched evidence holds two different such values
  // Another value in the slot of the clause's value, in a piece that holds every other word
  // of the clause: the clause's own sentence with one value changed.
  const ContextEntity* aligned = nullptr;
};

bool PieceVerifier::gives_it_to_another(const Clause& clause, const Entity& e,
                                        const ContextEntity& c) const {
  const std::size_t piece_begin = index_->pieces()[c.piece].begin;
  return c.entity.begin >= piece_begin &&
         names_another_thing(clause, e.begin, c.piece, c.entity.begin - piece_begin);
}

PieceVerifier::ValueEvidence PieceVerifier::find_value(const Clause& clause,
                                                       const Entity& e) const {
  ValueEvidence found;
  const text::Lexicon* lexicon = options_.lexicon.get();
  const bool difference = states_a_difference(clause.tokens, e.begin, e.end, lexicon);
  // A label of the clause's subject that the context never gives ("Room 305 holds 80"): a
  // piece with another label there speaks of another item, and lines up with no value of it.
  const bool another_item = another_item_alike(clause, e.begin, e.end);
  const bool loose_only = difference || another_item || labels_an_item(clause.tokens, e, lexicon);
  // A difference lines up only with a difference in its slot ("an extra $20" for "an extra
  // $15"), not with the item's own value ("$25 a month" for "$15 more per month").
  auto difference_in_piece = [&](const ContextEntity& c) {
    const index::ContextIndex::Piece& p = index_->pieces()[c.piece];
    if (c.entity.begin < p.begin) return false;
    const std::vector<Token>& tokens = readings_.tokens(c.piece);
    return states_a_difference(tokens, c.entity.begin - p.begin, c.entity.end - p.begin, lexicon);
  };
  std::optional<Counted> answer_counted_;  // counted.h, when needed
  auto answer_counted = [&]() -> const Counted& {
    if (!answer_counted_) answer_counted_ = counted_words(clause.tokens, e.begin, e.end);
    return *answer_counted_;
  };
  for (const ContextEntity& c : context_entities()) {
    if (!may_compare(e, c.entity)) continue;
    const EvidencePiece* ev = nullptr;
    for (const EvidencePiece& candidate : clause.evidence) {
      if (candidate.hit.piece == c.piece) ev = &candidate;
    }
    const EntityMatch m = compare_with_context(e, c.entity);
    const bool matched = ev != nullptr && ev->overlap >= options_.match_overlap;
    if (m == EntityMatch::kSame) {
      (ev != nullptr ? found.in_evidence : found.elsewhere) = true;
      if (matched) found.matched_values.push_back(&c);
    } else if (m == EntityMatch::kDifferent && matched && !asks(c.piece)) {
      // A piece that names another thing where the clause names its own ("The Team plan has
      // a 14-day trial" for "The Starter plan has a 7-day trial") gives no value of the
      // clause's, even where an earlier sentence of its passage gives the clause's word (which
      // words_outside() takes for the piece's topic).
      if (gives_it_to_another(clause, e, c)) continue;
      const bool lines_up = found.aligned == nullptr && !another_item &&
                            words_outside(clause, c.piece) == 0 && same_slot(clause, e, c) &&
                            states_other_values(clause, &e, c.piece) &&
                            (!difference || difference_in_piece(c));
      // Out of an aligned slot, an order ("her second prize"), a label ("phase two") or a
      // difference ("6 more hours than") names another item or no value of the thing, and a
      // piece about another item of a series ("Phase one ... 2025" against "Phase two ...
      // 2027") gives no value of the clause's: the context's other value is no conflict.
      if (!lines_up && (e.subtype == EntitySubtype::kOrdinal || loose_only ||
                        labels_another_item(clause, c.piece)))
        continue;
      // Counts of different things ("two tries", "four separate occasions") do not conflict,
      // nor counts of what different verbs do ("Villegas made two" against "a day which saw
      // five"); in the same slot of the same sentence they count the same thing.
      if (!lines_up && e.subtype == EntitySubtype::kCardinal &&
          c.entity.subtype == EntitySubtype::kCardinal &&
          (!count_the_same(answer_counted(), context_counted_words(c)) ||
           counted_by_other_verbs(clause, e, c)))
        continue;
      if (found.other == nullptr) {
        found.other = &c;
      } else if (compare(found.other->entity, c.entity) != EntityMatch::kSame) {
        found.other_ambiguous = true;
      }
      if (lines_up) found.aligned = &c;
    }
  }
  return found;
}

namespace {

// `entities` list values of `value`'s kind (three at least: "1am, 3am and 12am"), one of them
// the same as `value`.
bool lists_too(std::span<const Entity> entities, const Entity& value) {
  std::size_t of_kind = 0;
  bool same = false;
  for (const Entity& e : entities) {
    if (!is_value_entity(e) || e.subtype != value.subtype) continue;
    ++of_kind;
    same = same || compare(e, value) == EntityMatch::kSame;
  }
  return same && of_kind >= 3;
}

// A name of the answer's sentence that the evidence's `word` is: a capitalized word that is
// no function word ("The", "It"), where it does not open the sentence or the evidence
// capitalizes it too ("Ling scored …" against "… David Ling got one back").
bool names_it(std::span<const Token> answer, const Token& word) {
  if (text::is_stopword(word.norm)) return false;
  for (std::size_t i = 0; i < answer.size(); ++i) {
    if (answer[i].has(text::kCapitalized) && answer[i].norm == word.norm &&
        (i > 0 || word.has(text::kCapitalized)))
      return true;
  }
  return false;
}

// Whether the context's value `c` holds only until a later event its sentence goes on to tell,
// done by someone the answer's sentence (`answer`) names: the value followed by "before" or "until"
// and a clause of a name the answer's sentence holds and an inflected verb ("made it 4-2 before
// Nottingham's David Ling got one back", against "David Ling scored to make it 4-3"). The
// answer's value may be the state after that event. An answer that puts the value before the
// same event ("made it 4-3 before Ling got one back") states the evidence's moment, and a time
// ("before Christmas") is no event: both still conflict.
bool changed_after(std::span<const Token> answer, const index::ContextIndex& index,
                   const index::ContextIndex::Value& c, const text::Lexicon* lexicon) {
  const index::ContextIndex::Piece& p = index.pieces()[c.piece];
  if (lexicon == nullptr || c.entity.end < p.begin || c.entity.end > p.end) return false;
  auto until = [](const Token& t) { return t.norm == "before" || t.norm == "until"; };
  const std::vector<Token> rest =
      text::tokenize(index.piece_text(p).substr(c.entity.end - p.begin));
  if (rest.empty() || !until(rest[0])) return false;
  std::vector<std::string_view> names;  // of the event
  bool event = false;
  for (std::size_t i = 1; i < rest.size() && rest[i].kind != text::TokenKind::kPunctuation; ++i) {
    // The context may be lowercased ("before nottingham 's david ling"): the answer's name
    // decides.
    if (names_it(answer, rest[i])) {
      names.push_back(rest[i].norm);
    } else if (!names.empty() && text::inflected_verb(rest[i], lexicon)) {
      event = true;
      break;
    }
  }
  if (!event) return false;
  // The answer's own "before" or "until" the event, a few words on.
  constexpr std::size_t kReach = 4;
  for (std::size_t i = 0; i < answer.size(); ++i) {
    if (!until(answer[i])) continue;
    for (std::size_t j = i + 1; j < answer.size() && j <= i + kReach; ++j) {
      if (std::find(names.begin(), names.end(), answer[j].norm) != names.end()) return false;
    }
  }
  return true;
}

// A form of "be", an auxiliary or an inflected verb ("pools" is none): the clause states
// something of its own.
bool has_verb(std::span<const Token> tokens, const text::Lexicon* lexicon) {
  return std::any_of(tokens.begin(), tokens.end(), [&](const Token& t) {
    return text::kBeForms.contains(t.norm) || text::kAuxiliaryVerbs.contains(t.norm) ||
           (lexicon != nullptr && text::inflected_verb(t, lexicon));
  });
}

// A pronoun or a demonstrative that stands for what an earlier sentence names: "It is not
// waterproof." lines up with any "It is waterproof." of the context, whatever each "it" is.
bool has_pronoun_subject(std::span<const Token> tokens) {
  // "this", "that", "these", "those" stand for a thing before a verb or at the end ("This is
  // refundable."); before a noun they are its determiner ("This ticket is refundable.").
  static constexpr auto kStandsFor = text::word_table("this", "that", "these", "those");
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (text::kSubjectPronouns.contains(tokens[i].norm)) return true;
    if (!kStandsFor.contains(tokens[i].norm)) continue;
    const bool before_verb = i + 1 == tokens.size() ||
                             tokens[i + 1].kind == text::TokenKind::kPunctuation ||
                             text::kBeForms.contains(tokens[i + 1].norm) ||
                             text::kAuxiliaryVerbs.contains(tokens[i + 1].norm);
    if (before_verb) return true;
  }
  return false;
}

}  // namespace

bool PieceVerifier::states_a_difference(std::span<const Token> tokens, std::size_t begin,
                                        std::size_t end, const text::Lexicon* lexicon) {
  constexpr std::size_t kReach = 8;
  static constexpr auto kMoreOrLess = text::word_table("more", "less", "fewer");
  static constexpr auto kAdded = text::word_table("extra", "additional", "another", "further");
  const std::size_t first = token_at(tokens, begin), after = token_at(tokens, end);
  // "an extra $15", "a further 5%": an amount added.
  for (std::size_t i = first; i-- > 0 && first - i <= 2;) {
    if (kAdded.contains(tokens[i].norm)) return true;
  }
  // "costs $15 more.", "$15 more per month": an amount more or less, whatever it is compared
  // with; not "In 2019 more people ...".
  static constexpr auto kAfterAmount =
      text::word_table("per", "a", "an", "each", "every", "for", "to", "than");
  if (after < tokens.size() && kMoreOrLess.contains(tokens[after].norm) &&
      (after + 1 == tokens.size() || tokens[after + 1].kind == text::TokenKind::kPunctuation ||
       kAfterAmount.contains(tokens[after + 1].norm)))
    return true;
  // "6 more hours than", "two years older than": a comparison in the span or after it.
  bool compared = false;
  for (std::size_t i = first; i < after; ++i)
    compared =
        compared || kMoreOrLess.contains(tokens[i].norm) || is_comparative(tokens, i, lexicon);
  std::size_t seen = 0;
  for (std::size_t i = after; i < tokens.size() && seen < kReach; ++i) {
    if (tokens[i].kind == text::TokenKind::kPunctuation) return false;
    ++seen;
    if (tokens[i].norm == "than") return compared;
    compared =
        compared || kMoreOrLess.contains(tokens[i].norm) || is_comparative(tokens, i, lexicon);
  }
  return false;
}

bool PieceVerifier::counted_by_other_verbs(const Clause& clause, const Entity& e,
                                           const ContextEntity& c) const {
  const text::Lexicon* lexicon = options_.lexicon.get();
  const index::ContextIndex::Piece& p = index_->pieces()[c.piece];
  if (lexicon == nullptr || c.entity.begin < p.begin) return false;
  const std::string ours = verb_before_count(clause.tokens, e.begin, lexicon);
  if (ours.empty()) return false;
  const std::vector<Token>& tokens = readings_.tokens(c.piece);
  const std::string theirs = verb_before_count(tokens, c.entity.begin - p.begin, lexicon);
  return !theirs.empty() && theirs != ours;
}

bool PieceVerifier::piece_states(std::uint32_t piece, const Entity& value) const {
  return std::any_of(context_entities().begin(), context_entities().end(),
                     [&](const ContextEntity& c) {
                       return c.piece == piece && compare(value, c.entity) == EntityMatch::kSame;
                     });
}

bool PieceVerifier::states_other_values(const Clause& clause, const Entity* e,
                                        std::uint32_t piece) const {
  // A value joined to `e` by a dash is read from it ("2013-14": 2014), a part of it.
  auto joined_to_e = [&](const Entity& other) {
    return e != nullptr && other.begin == e->end + 1 && e->end < clause.sentence.size() &&
           clause.sentence[e->end] == '-';
  };
  return std::all_of(clause.entities.begin(), clause.entities.end(), [&](const Entity& other) {
    return &other == e || !is_value_entity(other) || joined_to_e(other) ||
           text::numbers_a_source(clause.sentence, other.begin) || piece_states(piece, other);
  });
}

bool PieceVerifier::labels_another_item(const Clause& clause, std::uint32_t piece) const {
  return std::any_of(clause.entities.begin(), clause.entities.end(), [&](const Entity& label) {
    return is_value_entity(label) && labels_an_item(clause.tokens, label, options_.lexicon.get()) &&
           !piece_states(piece, label);
  });
}

bool PieceVerifier::another_item_alike(const Clause& clause, std::size_t begin,
                                       std::size_t end) const {
  // A number, not a year or an amount ("Fiscal 2019 profits" are the year's).
  const auto label =
      std::find_if(clause.entities.begin(), clause.entities.end(), [&](const Entity& v) {
        return v.begin == begin && v.end == end && v.subtype == EntitySubtype::kCardinal;
      });
  if (label == clause.entities.end() ||
      !labels_the_subject(clause.tokens, begin, end, options_.lexicon.get()))
    return false;
  const bool gives_a_value =
      std::any_of(clause.entities.begin(), clause.entities.end(), [&](const Entity& v) {
        return is_value_entity(v) && v.begin >= end &&
               !text::numbers_a_source(clause.sentence, v.begin);
      });
  // A label the context gives too is an item it speaks of: its values there are the ones to
  // compare ("Room 204 has a capacity of 30" against "Room 204 holds 80").
  return gives_a_value && std::none_of(context_entities().begin(), context_entities().end(),
                                       [&](const ContextEntity& c) {
                                         return compare(*label, c.entity) == EntityMatch::kSame;
                                       });
}

bool PieceVerifier::names_another_thing(const Clause& clause, std::size_t clause_at,
                                        std::uint32_t piece, std::size_t piece_at) const {
  const text::Lexicon* lexicon = options_.lexicon.get();
  auto nominal = [&](const Token& t) {
    return t.kind == text::TokenKind::kWord && !text::is_stopword(t.norm) &&
           !text::kBeForms.contains(t.norm) && !text::kAuxiliaryVerbs.contains(t.norm) &&
           !(lexicon != nullptr && text::inflected_verb(t, lexicon));
  };
  // Each side's words from the start of the value's own clause: after the last comma or
  // relative word before the value ("…, with whom she had two children" names no one).
  static constexpr auto kClauseStarts =
      text::word_table(",", ";", ":", "(", "who", "whom", "whose", "which", "where", "while");
  auto own_clause = [](std::span<const Token> tokens, std::size_t at) {
    std::size_t first = 0, last = 0;
    for (; last < tokens.size() && tokens[last].end <= at; ++last) {
      if (kClauseStarts.contains(tokens[last].norm)) first = last + 1;
    }
    return tokens.subspan(first, last - first);
  };
  // A word of the clause's that the piece lacks.
  const auto piece_terms = index_->piece_terms(index_->pieces()[piece]);
  const std::span<const Token> ours = own_clause(clause.tokens, clause_at);
  bool lacked = false;
  for (std::size_t i = 0; i < clause.words.size() && !lacked; ++i) {
    const Token& w = *clause.words[i];
    if (w.begin < (ours.empty() ? clause_at : ours.front().begin) || w.end > clause_at ||
        !nominal(w))
      continue;
    const index::TermId term = clause.terms[clause.word_stem[i]];
    lacked = term == index::kNoTerm ||
             std::find(piece_terms.begin(), piece_terms.end(), term) == piece_terms.end();
  }
  if (!lacked) return false;
  // And one of the piece's that the clause lacks.
  for (const Token& t : own_clause(readings_.tokens(piece), piece_at)) {
    if (!nominal(t)) continue;
    const std::string stem = text::stem(t.norm);
    if (std::find(clause.stems.begin(), clause.stems.end(), stem) == clause.stems.end())
      return true;
  }
  return false;
}

bool PieceVerifier::gives_to_named(const Clause& clause, std::uint32_t piece, const Entity& e,
                                   const Entity& other) const {
  const std::vector<ParallelPart> parts = parallel_parts(
      {readings_.text(piece), readings_.tokens(piece), readings_.entities(piece)}, e);
  auto clause_says = [&](std::string_view word) {
    return std::any_of(clause.tokens.begin(), clause.tokens.end(),
                       [&](const Token& t) { return t.norm == word; });
  };
  return std::any_of(parts.begin(), parts.end(), [&](const ParallelPart& part) {
    return part.same_words && compare(other, *part.other_value) == EntityMatch::kSame &&
           std::all_of(part.own_words.begin(), part.own_words.end(), clause_says);
  });
}

std::optional<PieceVerifier::OtherThing> PieceVerifier::given_to_another(
    const Clause& clause, std::uint32_t piece, const Entity& e,
    std::span<const std::uint32_t> pieces) const {
  // Two things side by side give two values of the kind (the index's values, in piece order,
  // say so before the piece is read).
  const auto values = context_entities();
  const auto first =
      std::lower_bound(values.begin(), values.end(), piece,
                       [](const ContextEntity& c, std::uint32_t p) { return c.piece < p; });
  bool another = false;
  for (auto it = first; it != values.end() && it->piece == piece && !another; ++it)
    another = compare(e, it->entity) == EntityMatch::kDifferent;
  if (!another) return std::nullopt;
  const std::vector<Entity>& entities = readings_.entities(piece);
  const std::string_view text = readings_.text(piece);
  const std::vector<Token>& tokens = readings_.tokens(piece);
  const std::vector<ParallelPart> parts = parallel_parts({text, tokens, entities}, e);
  if (parts.empty()) return std::nullopt;
  // What the clause gives the value to: the words of its part that holds it ("They make up
  // 23% of Malaysia and 17% globally" gives 17% to nothing the evidence names).
  const std::vector<std::string_view> clause_words =
      value_part_words({clause.sentence, clause.tokens, clause.entities}, e);
  auto says_in = [](std::span<const std::string_view> said, std::string_view word) {
    return std::find(said.begin(), said.end(), word) != said.end();
  };
  auto says_all = [&](std::span<const std::string_view> said,
                      std::span<const std::string_view> words) {
    return std::all_of(words.begin(), words.end(),
                       [&](std::string_view w) { return says_in(said, w); });
  };
  // The clause names the other thing where it says a word only the other's name holds and none
  // only the value's own holds ("the pension credit" against "the basic state pension" and
  // "the means-tested pension credit"): those words of the other's name; empty where it does not.
  // Names that hold the same words in another order name no two things: the parts say who did
  // what to whom ("Acme sued Beta" and "Beta countersued Acme").
  auto shared_in_order = [&](std::span<const std::string_view> a,
                             std::span<const std::string_view> b) {
    std::vector<std::string_view> x, y;
    for (std::string_view w : a)
      if (says_in(b, w)) x.push_back(w);
    for (std::string_view w : b)
      if (says_in(a, w)) y.push_back(w);
    return x == y;
  };
  // Names that share no word are told apart by the whole name: the clause says all of the
  // other's ("top diameter" is not named by "base diameter").
  auto naming_other = [&](const ParallelPart& part) {
    std::vector<std::string_view> named;
    if (!shared_in_order(part.own_words, part.other_words)) return named;
    const bool share =
        std::any_of(part.own_words.begin(), part.own_words.end(),
                    [&](std::string_view w) { return says_in(part.other_words, w); });
    if (!share && !says_all(clause_words, part.other_words)) return named;
    for (std::string_view w : part.other_words)
      if (says_in(clause_words, w) && !says_in(part.own_words, w)) named.push_back(w);
    const bool names_own =
        std::any_of(part.own_words.begin(), part.own_words.end(), [&](std::string_view w) {
          return says_in(clause_words, w) && !says_in(part.other_words, w);
        });
    if (names_own) named.clear();
    return named;
  };
  for (const ParallelPart& part : parts) {
    const std::vector<std::string_view> named = naming_other(part);
    if (named.empty()) continue;
    // Another sentence that gives the value to the clause's thing (a second source) leaves
    // the clause grounded in it.
    const bool stated_elsewhere =
        std::any_of(pieces.begin(), pieces.end(), [&](std::uint32_t other) {
          if (other == piece) return false;
          const ReadText read{readings_.text(other), readings_.tokens(other),
                              readings_.entities(other)};
          return says_all(value_part_words(read, e), named);
        });
    if (stated_elsewhere) return std::nullopt;
    return OtherThing{std::string(part.other_name), part.other_value->text};
  }
  return std::nullopt;
}

PieceVerifier::PieceValuePairing PieceVerifier::pairing_in(const Clause& clause,
                                                           std::uint32_t piece, const Entity& e,
                                                           bool counts) const {
  PieceValuePairing out;
  const std::string_view text = readings_.text(piece);
  // The clause's values of other kinds it gives together with `e` (in one of its parts).
  // Amounts, dates and times only: a bare number ("Adobe 11", "61 caps", "aged 30") or an order
  // ("sixth") stands in too many roles to pair.
  auto pairs = [](const Entity& v) {
    return v.subtype != EntitySubtype::kOrdinal && v.subtype != EntitySubtype::kCardinal &&
           v.subtype != EntitySubtype::kScore;
  };
  if (!pairs(e) && !(counts && e.subtype == EntitySubtype::kCardinal)) return out;
  const ReadText read{clause.sentence, clause.tokens, clause.entities};
  for (const Entity& key : clause.entities) {
    if (&key == &e || !is_value_entity(key) || !pairs(key) ||
        compare(e, key) != EntityMatch::kIncomparable ||
        text::numbers_a_source(clause.sentence, key.begin) || !in_one_part(read, e, key))
      continue;
    const ValuePairing pairing =
        pair_values({text, readings_.tokens(piece), readings_.entities(piece)}, e, key);
    if (pairing.kind == ValuePairing::Kind::kTogether) {
      out.kind = pairing.kind;
      return out;
    }
    if (pairing.kind == ValuePairing::Kind::kApart && out.kind == ValuePairing::Kind::kUnknown) {
      out.kind = pairing.kind;
      out.key = &key;
      out.instead_text = pairing.instead->text;
    }
  }
  return out;
}

PieceVerifier::ValueCheck PieceVerifier::check_values(const Clause& clause,
                                                      ClauseSignals& signals) const {
  // Numbers and dates: same value anywhere in the context supports; another value of the same
  // kind in well-matched evidence contradicts; otherwise the value is unsupported.
  ValueCheck out;
  for (const Entity& e : clause.entities) {
    if (!is_value_entity(e) || text::numbers_a_source(clause.sentence, e.begin)) continue;
    check_value(clause, e, out, signals);
  }
  return out;
}

bool PieceVerifier::given_apart(const Clause& clause, const Entity& e,
                                std::span<const std::uint32_t> pieces, bool with_keys,
                                ValueCheck& out, ClauseSignals& signals) const {
  for (const std::uint32_t piece : pieces) {
    std::string reason;
    std::string instead;
    const PieceValuePairing pairing =
        with_keys ? pairing_in(clause, piece, e) : PieceValuePairing{};
    if (pairing.kind == ValuePairing::Kind::kApart) {
      reason = "answer says " + e.text + " with " + pairing.key->text + ", evidence says " +
               pairing.instead_text;
      instead = pairing.instead_text;
    } else if (const std::optional<OtherThing> other = given_to_another(clause, piece, e, pieces)) {
      reason = "answer says " + e.text + " for " + other->name + ", evidence says " + other->value;
      instead = other->value;
    } else {
      continue;
    }
    // Last, as the dearest test: the piece speaks of what the clause does. One that pairs the
    // value with another key holds every word of the clause ("Revenue was $1.2 billion in 2023,
    // up from $1.0 billion in 2022" says nothing of the $1.2 billion in cash Acme held in
    // 2022); the things one sets side by side may be named in the sentences around it.
    const bool apart = pairing.kind == ValuePairing::Kind::kApart;
    if ((apart ? words_outside(clause, piece) : words_outside_window(clause, piece)) != 0) continue;
    ++signals.value_mismatches;
    signals.aligned_conflict = true;
    out.aligned = true;
    out.conflict =
        finding(clause, Label::kContradicted, ReasonCode::kEntityMismatch,
                HallucinationType::kDetailedInformationModification, std::move(reason), piece);
    out.conflict->correction = Correction{e.begin, e.end, std::move(instead)};
    return true;
  }
  return false;
}

std::size_t PieceVerifier::words_outside_window(const Clause& clause, std::uint32_t piece) const {
  const auto window_holds = [&](index::TermId term) {
    const auto holds = [&](std::uint32_t q) {
      const auto terms = index_->piece_terms(index_->pieces()[q]);
      return std::find(terms.begin(), terms.end(), term) != terms.end();
    };
    for (std::uint32_t q = index_->pieces()[piece].chain_begin; q <= piece; ++q) {
      if (holds(q)) return true;
    }
    for (std::uint32_t q = piece + 1; q < index_->pieces().size() && index_->same_window(piece, q);
         ++q) {
      if (holds(q)) return true;
    }
    return false;
  };
  std::size_t outside = 0;
  for (std::size_t i = 0; i < clause.words.size(); ++i) {
    if (text::is_negation(clause.words[i]->norm)) continue;
    const std::size_t s = clause.word_stem[i];
    if (in_question(clause.stems[s])) continue;
    if (clause.terms[s] != index::kNoTerm && window_holds(clause.terms[s])) continue;
    if (related(*clause.words[i], clause.evidence, /*with_question=*/false,
                /*with_derivations=*/false))
      continue;  // a synonym of an evidence word ("comprise" for "constitute")
    ++outside;
  }
  return outside;
}

void PieceVerifier::check_value(const Clause& clause, const Entity& e, ValueCheck& out,
                                ClauseSignals& signals) const {
  const auto placed =
      std::find_if(clause.figures.begin(), clause.figures.end(),
                   [&](const PlacedFigure& f) { return f.begin < e.end && e.begin < f.end; });
  // A figure the figures check placed is decided there, except one only a computation gives:
  // a sentence that lines up with a context sentence stating another value in its slot has
  // that value changed, whatever arithmetic over the context's figures happens to give it.
  const bool derived = placed != clause.figures.end() && placed->derived;
  if (placed != clause.figures.end() && !derived) {
    if (!placed->supported) {
      ++signals.value_mismatches;
    } else if (out.conflict || !given_apart(clause, e, find_value(clause, e).matched_pieces(),
                                            /*with_keys=*/false, out, signals)) {
      ++signals.values_found;
    }
    return;
  }
  const bool in_question =
      std::any_of(question_entities_.begin(), question_entities_.end(),
                  [&](const Entity& q) { return compare(e, q) == EntityMatch::kSame; });
  const ValueEvidence found = find_value(clause, e);
  // A date the clause denies ("did not visit North Korea in 2010", "has not erupted since
  // 2000") conflicts with no other date of the context: the evidence's 2005 says nothing of
  // 2010.
  const bool denied = denied_value(clause.tokens, e, options_.lexicon.get());
  // Likewise a value the aligned piece denies the slot ("was not completed in 1925") is no
  // other value for it where the clause denies nothing ("was completed in 1930").
  const bool denied_there = found.aligned != nullptr && denied_in(*found.aligned, clause);
  // An aligned conflict stands unless another piece that holds most of the clause's words
  // states the clause's value too (sources that disagree): the clause's value in a piece about
  // something else (one that names another thing where the clause names its own), in another
  // slot of the aligned piece ("2019 and 2018"), or in the question, is no evidence for it.
  // That piece must hold the clause's words (at most a third of them missing): a piece that
  // shares the value and a word or two says it of something else. Where the aligned piece is
  // the clause's sentence word for word but for the value, that piece must be too: "The Team
  // plan costs $29" against "The Team plan costs $79" is not outweighed by "The Business plan
  // costs $79", nor "During probation ... 2 weeks" by "After probation ... 1 month".
  const bool aligned_word_for_word =
      found.aligned != nullptr && same_but_values(clause, e, found.aligned->piece);
  const bool stated_apart =
      found.aligned != nullptr &&
      std::any_of(found.matched_values.begin(), found.matched_values.end(),
                  [&](const ContextEntity* c) {
                    return c->piece != found.aligned->piece &&
                           3 * words_outside(clause, c->piece) <= clause.words.size() &&
                           (!aligned_word_for_word || same_but_values(clause, e, c->piece)) &&
                           !gives_it_to_another(clause, e, *c);
                  });
  // The aligned piece gives the clause's value too, with the clause's other value (its year,
  // say) in one of its parts: the slot held the sentence's other figure ("10 in 1998" of "50
  // employees in 2005, up from 10 in 1998"; a count may be the value here).
  // Or gives it to the thing the clause names, beside the value the words' order lines up
  // with, or pairs its values by order ("respectively"): the words' order tells no slot.
  const auto read = [&](std::uint32_t piece) {
    return ReadText{readings_.text(piece), readings_.tokens(piece), readings_.entities(piece)};
  };
  // Or gives it in a part of its own whose every word the clause says, where the aligned
  // value's part holds a word the clause does not: a list's item that gives the value to the
  // clause's thing ("… 48 percent of respondents in Germany …, compared with 31 percent in
  // France and 27 percent in Italy" for "27 percent of respondents in Italy …").
  const auto item_of_clause = [&](const ContextEntity& aligned) {
    const auto says = [&](std::string_view w) {
      return std::find(clause.stems.begin(), clause.stems.end(), text::stem(w)) !=
             clause.stems.end();
    };
    const std::vector<std::string_view> own = value_item_words(read(aligned.piece), e);
    const std::vector<std::string_view> other =
        value_item_words(read(aligned.piece), aligned.entity);
    // A word that names the item: the other part lacks it ("italy"; "model" names both).
    const auto names_it = [&](std::string_view w) {
      return std::find(other.begin(), other.end(), w) == other.end();
    };
    return !own.empty() && std::all_of(own.begin(), own.end(), says) &&
           std::any_of(own.begin(), own.end(), names_it) &&
           !std::all_of(other.begin(), other.end(), says);
  };
  const bool paired_in_aligned =
      found.aligned != nullptr && !stated_apart &&
      (pairing_in(clause, found.aligned->piece, e, /*counts=*/true).kind ==
           ValuePairing::Kind::kTogether ||
       gives_to_named(clause, found.aligned->piece, e, found.aligned->entity) ||
       pairs_by_order(read(found.aligned->piece), e) || item_of_clause(*found.aligned));
  if (found.aligned != nullptr && !stated_apart && !paired_in_aligned && !denied && !denied_there) {
    ++signals.value_mismatches;
    signals.aligned_conflict = true;
    if (out.aligned) return;
    out.aligned = true;
    out.conflict =
        finding(clause, Label::kContradicted, ReasonCode::kEntityMismatch,
                HallucinationType::kDetailedInformationModification,
                "answer says " + e.text + ", evidence says " + found.aligned->entity.text,
                found.aligned->piece);
    out.conflict->correction = Correction{e.begin, e.end, found.aligned->entity.text};
    return;
  }
  if (derived || found.in_evidence || in_question) {
    // Any piece that gives the pair together settles the pairing by keys (not which thing the
    // value is given to: "… of corn in 2023" gives the year to both things).
    const bool together_somewhere = std::any_of(
        found.matched_values.begin(), found.matched_values.end(), [&](const ContextEntity* c) {
          return pairing_in(clause, c->piece, e).kind == ValuePairing::Kind::kTogether;
        });
    if (derived || out.conflict ||
        !given_apart(clause, e, found.matched_pieces(), /*with_keys=*/!together_somewhere, out,
                     signals))
      ++signals.values_found;
    return;
  }
  // Another value where the evidence matches contradicts, unless the context also states the
  // answer's value: sources that disagree (two recipes, two years' figures) leave the answer
  // grounded in one of them, not contradicted. Nor does it when the clause lists values of
  // that kind, the evidence's among them ("1am, 3am and 12am" against "3am"): which of the
  // listed values the evidence's stands for is not said. Nor when the evidence's value held
  // only until an event the answer speaks of (changed_after).
  if (found.other != nullptr && !found.elsewhere && !denied && !denied_in(*found.other, clause) &&
      !lists_too(clause.entities, found.other->entity) &&
      !changed_after(clause.tokens, *index_, *found.other, options_.lexicon.get())) {
    ++signals.value_mismatches;
    if (out.conflict) return;
    signals.conflict_holds_clause = words_outside_window(clause, found.other->piece) == 0;
    out.conflict = finding(clause, Label::kContradicted, ReasonCode::kEntityMismatch,
                           HallucinationType::kDetailedInformationModification,
                           "answer says " + e.text + ", evidence says " + found.other->entity.text,
                           found.other->piece);
    // A correction only from a piece that speaks of what the clause does.
    if (!found.other_ambiguous && signals.conflict_holds_clause)
      out.conflict->correction = Correction{e.begin, e.end, found.other->entity.text};
    return;
  }
  if (found.elsewhere) {
    ++signals.values_found;
    return;
  }
  out.all_found = false;
  if (is_enumeration(e, clause.sentence)) {
    // "two different films", "the second is ...": a count or an order the answer makes of
    // what the context lists; weighed as a word, not as a fabricated value.
    out.missing.push_back(e.text);
    ++out.unmatched_counts;
    ++signals.counts_missing;
    return;
  }
  ++signals.values_missing;
  if (out.missing_value == nullptr) out.missing_value = &e;
}

PieceVerifier::Coverage PieceVerifier::measure_coverage(Clause& clause, ValueCheck& values,
                                                        ClauseSignals& signals) const {
  // Lexical entailment: each content word covered by the evidence, the question, the rest of
  // the context, or a WordNet synonym or derivation of an evidence word.
  auto in_evidence = [&](index::TermId term) {
    if (term == index::kNoTerm) return false;
    return std::any_of(clause.evidence.begin(), clause.evidence.end(), [&](const EvidencePiece& e) {
      auto piece_terms = index_->piece_terms(index_->pieces()[e.hit.piece]);
      return std::find(piece_terms.begin(), piece_terms.end(), term) != piece_terms.end();
    });
  };
  Coverage out;
  const std::span<const Token> tokens = clause.tokens;
  // A negated word whose opposite the best evidence states is what the evidence says ("is not
  // required" against "is optional").
  const text::Lexicon* lexicon = options_.lexicon.get();
  // So is its negation cue.
  auto negated_opposite = [&](std::size_t at) {
    if (lexicon == nullptr || clause.best == nullptr) return false;
    const std::optional<std::size_t> head = negated_head(tokens, at);
    if (!head) return false;
    return restates_opposite(*lexicon, tokens, *head, analysis(*clause.best).words);
  };
  // The best evidence holds the word only in its "non-" form ("non-refundable" for
  // "refundable"), whose parts the index holds as terms, and no evidence piece holds it on its
  // own. Not where the clause compares (the converse: "Residents pay a lower rate" against
  // "Non-residents pay a higher rate") or sets the word apart itself ("shops other than
  // essential ones" for "non-essential shops").
  auto compares = [&] {
    return std::any_of(clause.words.begin(), clause.words.end(), [&](const Token* w) {
      return is_comparative(tokens, static_cast<std::size_t>(w - tokens.data()), lexicon);
    });
  };
  auto set_apart = [&](std::size_t at) {
    static constexpr auto kExcepting = text::word_table("except", "excluding", "besides", "apart",
                                                        "other", "outside", "instead", "rather");
    constexpr std::size_t kReach = 4;
    for (std::size_t k = at; k-- > 0 && at - k <= kReach;) {
      if (kExcepting.contains(tokens[k].norm)) return true;
      if (tokens[k].norm == "but" && k > 0 && tokens[k - 1].norm == "all") return true;  // all but
    }
    // A word of the clause that keeps it out ("Commercial vehicles are banned", "bars the
    // employee from competing") says what the "non-" form says.
    static constexpr auto kKeepingOut = text::word_table(
        "ban", "bar", "exclud", "deni", "restrict", "prevent", "stop", "prohibit", "forbid",
        "forbidden", "avoid", "refrain", "exempt", "inelig", "disallow", "reject", "refus");
    return std::any_of(tokens.begin(), tokens.end(),
                       [](const Token& t) { return kKeepingOut.contains(text::stem(t.norm)); });
  };
  // (The pieces' tokens, not their analyses: this runs for every clause.)
  auto only_its_non_form = [&](const Token& w, std::size_t at) {
    if (clause.best == nullptr) return false;
    const std::vector<Token>& evidence = readings_.tokens(clause.best->hit.piece);
    const bool non_form = std::any_of(evidence.begin(), evidence.end(), [&](const Token& t) {
      return t.kind == text::TokenKind::kWord &&
             text::non_form_of(t.norm, w.norm, /*by_stem=*/true);
    });
    if (!non_form || set_apart(at) || compares()) return false;
    const std::string stem = text::stem(w.norm);
    auto holds_plain = [&](const EvidencePiece& e) {
      const std::vector<Token>& words = readings_.tokens(e.hit.piece);
      return std::any_of(words.begin(), words.end(), [&](const Token& t) {
        return t.kind == text::TokenKind::kWord && text::stem(t.norm) == stem;
      });
    };
    return std::none_of(clause.evidence.begin(), clause.evidence.end(), holds_plain);
  };
  for (std::size_t i = 0; i < clause.words.size(); ++i) {
    const Token& w = *clause.words[i];
    const std::size_t s = clause.word_stem[i];
    // An ordering or comparison must be stated by the evidence itself.
    const auto at = static_cast<std::size_t>(clause.words[i] - tokens.data());
    const bool comparative = is_comparative(tokens, at, options_.lexicon.get());
    const bool asked =
        options_.question_grounds_words && !comparative && in_question(clause.stems[s]);
    // Elsewhere in the context at full weight covers the word as a synonym would: the
    // WordNet lookups could not change the outcome.
    const bool elsewhere = clause.terms[s] != index::kNoTerm && !comparative;
    // (A negated word says what the "non-" form says: "cannot be refunded".)
    if (only_its_non_form(w, at) && !negated_head(tokens, at)) {
      // Found, but as its opposite: the antonym check reads the pair.
      values.missing.push_back(w.surface(clause.sentence));
      out.uncovered.push_back(&w);
      ++signals.words_missing;
    } else if (in_evidence(clause.terms[s])) {
      out.covered += 1;
      ++signals.words_in_evidence;
    } else if (asked) {
      out.covered += 1;
      ++signals.words_in_question;
    } else if (!(elsewhere && options_.elsewhere_weight == 1.0) &&
               related(w, clause.evidence, !comparative,
                       !proper_noun(w, tokens.front(), options_.lexicon.get()))) {
      out.covered += 1;
      out.by_another_word.push_back(&w);
      ++signals.words_related;
    } else if (elsewhere) {
      out.covered += options_.elsewhere_weight;
      out.by_another_word.push_back(&w);
      ++signals.words_elsewhere;
    } else if (negated_opposite(at) || (comparative && clause.best != nullptr &&
                                        states_converse(clause, at, clause.best->hit.piece))) {
      out.covered += 1;
      ++signals.words_related;
    } else {
      values.missing.push_back(w.surface(clause.sentence));
      out.uncovered.push_back(&w);
      ++signals.words_missing;
      const bool proper = inside_name(w, clause.entities) ||
                          (w.has(text::kCapitalized) && w.begin != tokens.front().begin);
      if (proper) {
        ++signals.names_missing;
        if (out.missing_name == nullptr) out.missing_name = &w;
      }
    }
  }
  return out;
}

std::optional<Verdict> PieceVerifier::check_polarity(Clause& clause, const Coverage& coverage,
                                                     ClauseSignals& signals) const {
  // Contradiction signals need well-matched evidence.
  // A question states nothing to contradict ("Why does milk form a skin when heated?").
  EvidencePiece* best = clause.best;
  if (best == nullptr || best->overlap < options_.match_overlap || asks(best->hit.piece)) {
    return std::nullopt;
  }
  // A fragment ("Hey Monday", "Cheltenham") states no predicate that a negation could flip,
  // and a couple of words found around an opposite say too little to oppose it; a short clause
  // with a verb and a subject of its own that lines up with the evidence sentence but for the
  // flip ("The reviews were bad." against "The reviews were good.") states one.
  const bool short_clause = clause.stems.size() < kMinPredicateWords;
  if (short_clause &&
      (!has_verb(clause.tokens, options_.lexicon.get()) || has_pronoun_subject(clause.tokens)))
    return std::nullopt;
  const ClauseSignals before = signals;
  std::optional<Verdict> conflict = check_negation(clause, *best, signals);
  if (!conflict) {
    const ClauseSignals without_opposite = signals;
    conflict = check_antonyms(clause, *best, coverage, signals);
    if (!conflict) conflict = check_flipped_word(clause, *best, signals);
    // Two opposites, one of them a comparison, say the same turned round.
    if (conflict && turns_a_comparison_round(clause, *best)) {
      signals = without_opposite;
      conflict.reset();
    }
  }
  if (conflict && short_clause && (before.aligned_conflict || !signals.aligned_conflict)) {
    signals = before;
    return std::nullopt;
  }
  return conflict;
}

namespace {

bool holds(std::span<const index::TermId> terms, index::TermId t) {
  return t != index::kNoTerm && std::find(terms.begin(), terms.end(), t) != terms.end();
}

std::size_t shared_terms(std::span<const index::TermId> terms,
                         std::span<const index::TermId> other) {
  return static_cast<std::size_t>(
      std::count_if(terms.begin(), terms.end(), [&](index::TermId t) { return holds(other, t); }));
}

// A negation's scope governs what the other side states: at least half of its words are there.
bool governs_shared(std::span<const index::TermId> scope, std::span<const index::TermId> other) {
  const std::size_t n = shared_terms(scope, other);
  return n > 0 && 2 * n >= scope.size();
}

// Words of their own that only count what a clause states ("several passengers").
constexpr auto kCountingWords = text::word_table("several", "multiple", "numerous", "various");

// Words that make a negation's tail no slot of its own: a universal ("any", "ever"), a reason
// or a concession ("due to", "because", "despite"), a purpose ("for the new stadium"), a span
// of time ("in its history", "during her lifetime").
constexpr auto kNoSlot =
    text::word_table("any", "anywhere", "anyone", "anything", "ever", "all", "whatsoever",
                     "because", "due", "despite", "for", "during", "throughout", "since", "after",
                     "life", "lifetime", "career", "history", "time");

// The evidence's negation denies another thing than the clause states when the two part at
// their ends: the negated scope runs on past the last word the clause shares with it with a
// word the clause lacks, and the clause runs on past its last word shared with the negated
// clause with a word of its own in that place. "No tickets were sold online" says nothing
// against "Tickets were sold at the door", nor "was not built by the Romans" against "was
// built by the Normans"; a negation that ends with a word the clause holds ("No passengers
// were injured" against "Several passengers were injured") still denies it. Not where the
// negation says "never", or its tail is no slot of its own (kNoSlot: "did not produce any
// gold in its history" against "produced gold in 1850").
bool negates_another_end(const PieceReadings::NegatedTerms& negated,
                         std::span<const Token> piece_tokens,
                         std::span<const index::TermId> clause_terms,
                         std::span<const Token* const> clause_tokens) {
  if (negated.cue >= piece_tokens.size() || negated.scope_end > piece_tokens.size() ||
      piece_tokens[negated.cue].norm == "never")
    return false;
  const auto scope_tokens = piece_tokens.subspan(negated.cue, negated.scope_end - negated.cue);
  if (std::any_of(scope_tokens.begin(), scope_tokens.end(),
                  [](const Token& t) { return kNoSlot.contains(t.norm); }))
    return false;
  const std::span<const index::TermId> scope = negated.scope;
  std::size_t scope_shared_end = 0;  // one past the last scope word the clause holds
  for (std::size_t i = 0; i < scope.size(); ++i)
    if (holds(clause_terms, scope[i])) scope_shared_end = i + 1;
  if (scope_shared_end == 0 ||
      std::none_of(scope.begin() + static_cast<std::ptrdiff_t>(scope_shared_end), scope.end(),
                   [](index::TermId t) { return t != index::kNoTerm; }))
    return false;
  std::size_t clause_shared_end = 0;
  for (std::size_t i = 0; i < clause_terms.size(); ++i)
    if (holds(negated.clause, clause_terms[i])) clause_shared_end = i + 1;
  for (std::size_t i = clause_shared_end; i < clause_terms.size(); ++i)
    if (!kCountingWords.contains(clause_tokens[i]->norm)) return clause_shared_end > 0;
  return false;
}

}  // namespace

PieceVerifier::NegationReach PieceVerifier::negation_reach(std::span<const Token> tokens,
                                                           std::uint32_t piece) const {
  const auto other = index_->piece_terms(index_->pieces()[piece]);
  const text::Lexicon* lexicon = options_.lexicon.get();
  auto only_an_adverb = [&](std::string_view w) {
    using Pos = text::Lexicon::Pos;
    return lexicon != nullptr && !lexicon->lemmas(w, Pos::kAdverb).empty() &&
           lexicon->lemmas(w, Pos::kNoun).empty() && lexicon->lemmas(w, Pos::kVerb).empty() &&
           lexicon->lemmas(w, Pos::kAdjective).empty();
  };
  auto held = [&](std::size_t i) {
    const std::string stem = text::stem(tokens[i].norm);
    const index::TermId term = index_->terms().find(stem);
    return (term != index::kNoTerm && (std::find(other.begin(), other.end(), term) != other.end() ||
                                       names_passage_topic(piece, term))) ||
           in_question(stem) || only_an_adverb(tokens[i].norm);
  };
  NegationReach reach;
  for (const text::NegationScope& scope : text::negation_scopes(tokens, options_.lexicon.get())) {
    std::vector<index::TermId> scope_terms;
    for (std::size_t i : scope.words)
      scope_terms.push_back(index_->terms().find(text::stem(tokens[i].norm)));
    if (!governs_shared(scope_terms, other)) continue;
    reach.governs = true;
    reach.said_of_it = std::all_of(scope.subject.begin(), scope.subject.end(), held);
    if (reach.said_of_it) break;
  }
  return reach;
}

std::optional<Verdict> PieceVerifier::check_negation(Clause& clause, const EvidencePiece& best,
                                                     ClauseSignals& signals) const {
  // A negation counts where it governs what the other side states: at least half of the
  // words in its scope are there too. It contradicts the other side only when its clause
  // states a fact about what the other side states, and the other side holds no negation of
  // its own (which may say the same in other words: "won't" / "cannot", "favoured neither"):
  // - in the answer, not in a clause about the source ("The passage does not mention the
  //   cost", "may not apply to all versions") or about its writer ("I am unable to answer");
  // - in the evidence, with half of the answer clause's words in its clause: a piece that
  //   negates something else in another of its clauses ("X holds, and Y is not Z") does not
  //   negate an answer about X;
  // - in the answer, said of what the evidence speaks of: a negated clause with a subject of its
  //   own that the evidence does not name ("..., while white-tailed deer do not have this black
  //   tip" against "Mule deer have a black tip") denies nothing the evidence states.
  // An omission one side states and the other denies ("waived the fee" against "did not waive
  // the fee"): each side holds a negation that governs the other's words, so the scopes below
  // see none left out; where the two line up word for word but for it, the polarity differs.
  // Likewise a condition one side negates: no scope reads a negation in a condition (it
  // states no fact), yet "If the tenant pays by the fifth, a fee applies" turns the rule round.
  const std::span<const Token> evidence_tokens = readings_.tokens(best.hit.piece);
  const bool omission = one_denies_the_others_omission(clause.tokens, evidence_tokens);
  if ((omission || one_negates_the_others_condition(clause.tokens, evidence_tokens)) &&
      aligned_but(clause, best.hit.piece, nullptr, nullptr)) {
    signals.negation_mismatch = true;
    signals.aligned_conflict = true;
    return finding(clause, Label::kContradicted, ReasonCode::kNegationMismatch,
                   HallucinationType::kContextualFabrication,
                   omission ? "one side denies the omission the other states"
                            : "one side negates the condition the other states",
                   best.hit.piece);
  }
  const PieceReadings::Analysis& best_reading = analysis(best);
  const NegationReach answer = negation_reach(clause.tokens, best.hit.piece);
  const bool answer_states_negation =
      answer.said_of_it && !clause.about_source && !text::speaks_of_itself(clause.tokens);
  // The sentence may negate the same words in another of its clauses ("X refers to things,
  // like Y, and most people don't like to hear them"): then the evidence's negation is the
  // sentence's own, not one it leaves out.
  const bool sentence_negates =
      answer.governs || (clause.sentence_tokens.size() > clause.tokens.size() &&
                         negation_reach(clause.sentence_tokens, best.hit.piece).governs);
  bool evidence_negates = false;          // governs words of the answer
  bool evidence_states_negation = false;  // ... in a clause about what the answer states
  // The evidence's negated clause is about what the answer states when it holds half the
  // answer's words, or when the answer repeats every word of it (two at least), negation aside
  // ("It is not a perfect analogy, but ..." against "It is a perfect analogy, but ...").
  auto repeats = [&](std::span<const index::TermId> negated_clause) {
    return negated_clause.size() >= 2 &&
           shared_terms(negated_clause, clause.terms) == negated_clause.size();
  };
  for (const NegatedTerms& n : best_reading.negations) {
    if (!governs_shared(n.scope, clause.terms)) continue;
    evidence_negates = true;
    evidence_states_negation =
        evidence_states_negation ||
        ((2 * shared_terms(clause.terms, n.clause) >= clause.terms.size() || repeats(n.clause)) &&
         !negates_another_end(n, evidence_tokens, clause.terms, clause.stem_tokens));
  }
  const bool negated =
      answer_states_negation && !evidence_negates && !best_reading.has_negation_cue &&
      !negates_an_opposite(options_.lexicon.get(), clause.tokens, best_reading.words);
  // Likewise the evidence's negated word whose opposite the clause states ("is not permitted"
  // against "is prohibited").
  const bool evidence_negated =
      evidence_states_negation && !sentence_negates && !text::has_negation_cue(clause.tokens) &&
      !negates_an_opposite(options_.lexicon.get(), evidence_tokens, clause.tokens);
  if (!negated && !evidence_negated) return std::nullopt;
  // A negation in the present denies no statement of the past: "Okoye does not play for
  // Everton" against "Okoye played for Everton between 1998 and 2004" may both hold.
  const text::Lexicon* lexicon = options_.lexicon.get();
  const std::span<const Token> negating = negated ? clause.tokens : evidence_tokens,
                               stating = negated ? evidence_tokens : clause.tokens;
  if (tense_of(negating, lexicon) == Tense::kPresent && tense_of(stating, lexicon) == Tense::kPast)
    return std::nullopt;
  // A negation says otherwise only of the things the evidence names: one whose scope names
  // something the piece does not ("does not have a branch in Madrid" against "opened a second
  // branch in Lisbon") speaks of another.
  if (negated && negates_another_name(clause, best.hit.piece)) return std::nullopt;
  // Likewise a date it denies that the piece does not state ("was not the chair in 2015"
  // against "has chaired the board since 2018").
  if (negated && std::any_of(clause.entities.begin(), clause.entities.end(), [&](const Entity& e) {
        return is_value_entity(e) && denied_value(clause.tokens, e, lexicon) &&
               !piece_states(best.hit.piece, e);
      }))
    return std::nullopt;
  // The evidence's exception names what the clause denies ("grew in every market except
  // Italy" against "did not grow in Italy"), or says it of another thing alone ("only the Gold
  // plan includes phone support" against "The Silver plan does not include phone support"):
  // the two agree.
  if (negated && (excepts_a_word_of(evidence_tokens, clause.tokens) ||
                  denies_what_only_another_does(clause.tokens, evidence_tokens, lexicon)))
    return std::nullopt;
  // The same omission in the other voice ("The fee was waived by the council." for "The council
  // waived the fee."): the active denies its object, the passive its subject, which no negation
  // scope reads; neither side adds a negation or leaves one out.
  if (state_one_omission(clause.tokens, readings_.tokens(best.hit.piece))) return std::nullopt;
  signals.negation_mismatch = true;
  signals.aligned_conflict =
      signals.aligned_conflict || aligned_but(clause, best.hit.piece, nullptr, nullptr) ||
      aligned_but_narrower(clause, best.hit.piece,
                           negated ? NarrowerSide::kEvidence : NarrowerSide::kAnswer, nullptr,
                           nullptr);
  return finding(clause, Label::kContradicted, ReasonCode::kNegationMismatch,
                 HallucinationType::kContextualFabrication,
                 negated ? "answer negates what the evidence states"
                         : "evidence negates what the answer states",
                 best.hit.piece);
}

bool PieceVerifier::states_converse(const Clause& clause, std::size_t at,
                                    std::uint32_t piece) const {
  const text::Lexicon* lexicon = options_.lexicon.get();
  if (lexicon == nullptr) return false;
  const text::Lexicon::WordSet opposed = lexicon->opposites(clause.tokens[at].norm);
  if (opposed.empty()) return false;
  const std::vector<Token>& tokens = readings_.tokens(piece);
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    if (tokens[k].kind == text::TokenKind::kWord &&
        text::adjective_degree(*lexicon, tokens, k) == text::Degree::kComparative &&
        lexicon->has_lemma_in(tokens[k].norm, opposed) &&
        turned_round(clause.tokens, at, tokens, k))
      return true;
  }
  return false;
}

bool PieceVerifier::turns_a_comparison_round(const Clause& clause,
                                             const EvidencePiece& best) const {
  const text::Lexicon* lexicon = options_.lexicon.get();
  if (lexicon == nullptr) return false;
  const std::vector<Token>& evidence = analysis(best).words;
  const std::vector<Token>& piece_tokens = readings_.tokens(best.hit.piece);
  std::size_t opposed = 0;
  bool comparison = false;
  for (const Token* w : clause.words) {
    const auto at = static_cast<std::size_t>(w - clause.tokens.data());
    const std::string form = text::phrasal_form(*lexicon, clause.tokens, at);
    // A word the piece holds itself is no opposite of it ("weaker in women than in men"
    // against "stronger in women than in men").
    const std::string stem = text::stem(w->norm);
    if (std::any_of(evidence.begin(), evidence.end(),
                    [&](const Token& t) { return text::stem(t.norm) == stem; }))
      continue;
    const text::Lexicon::WordSet opposites = lexicon->opposites(form);
    const auto opposite = std::find_if(evidence.begin(), evidence.end(), [&](const Token& other) {
      return other.kind == text::TokenKind::kWord && other.norm != w->norm &&
             (text::non_form_of(other.norm, form, /*by_stem=*/true) ||
              text::non_form_of(form, other.norm) ||
              (!opposites.empty() && lexicon->has_lemma_in(other.norm, opposites)));
    });
    if (opposite == evidence.end()) continue;
    ++opposed;
    // ("lower" is an adjective of its own too: its opposite "higher" tells the comparison.)
    const std::size_t other_at = token_at(piece_tokens, opposite->begin);
    comparison =
        comparison || is_comparative(clause.tokens, at, lexicon) ||
        (other_at < piece_tokens.size() && is_comparative(piece_tokens, other_at, lexicon));
  }
  return opposed >= 2 && comparison;
}

std::optional<Verdict> PieceVerifier::check_antonyms(Clause& clause, const EvidencePiece& best,
                                                     const Coverage& coverage,
                                                     ClauseSignals& signals) const {
  const text::Lexicon* lexicon = options_.lexicon.get();
  if (lexicon == nullptr) return std::nullopt;
  const PieceReadings::Analysis& best_reading = analysis(best);
  // A clause that names both sides ("indoor and outdoor seating", "good and bad reviews")
  // states no opposition to the evidence's side.
  auto clause_says = [&](const Token& word) {
    const std::string stem = text::stem(word.norm);
    return std::find(clause.stems.begin(), clause.stems.end(), stem) != clause.stems.end();
  };
  // The evidence word's form read on the piece's own tokens (the piece's analysis keeps its
  // content words only, without the particles); asked only once a pair is found.
  auto evidence_form = [&](const Token& other) {
    const std::vector<Token>& tokens = readings_.tokens(best.hit.piece);
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      if (tokens[i].begin == other.begin) return text::phrasal_form(*lexicon, tokens, i);
    }
    return other.norm;
  };
  // A word in a condition ("If the body fat is still high, ...") states no fact to oppose.
  auto in_condition = [&](const Token* word) {
    static constexpr auto kConditions = text::word_table("if", "unless", "whether");
    const std::span<const Token> tokens = clause.tokens;
    for (auto i = static_cast<std::size_t>(word - tokens.data()); i-- > 0;) {
      if (tokens[i].norm == "," || tokens[i].norm == ";") return false;
      if (kConditions.contains(tokens[i].norm)) return true;
    }
    return false;
  };
  // Opposites oppose in the same degree only: a comparison ("cheaper than its neighbours")
  // or an extreme ("one of the most expensive areas") says nothing against a plain
  // statement ("expensive") or against each other; and a sufficiency ("too high", "low
  // enough") is measured against a purpose, which may differ: it opposes nothing.
  // A verb heading a phrasal verb is looked up as the phrase, on both sides ("broken down" is
  // not the opposite of "made").
  // A capitalized word inside the piece's sentence (not its first): a word of a name.
  const std::vector<Token>& piece_tokens = readings_.tokens(best.hit.piece);
  auto in_name = [&](const Token& word) {
    return word.has(text::kCapitalized) && !piece_tokens.empty() &&
           word.begin != piece_tokens.front().begin;
  };
  // Two words are opposed when WordNet makes them antonyms, or one is the other's "non-" form
  // ("non-refundable"); and, where the clause lines up with the piece but for the two, when
  // they are words of two opposed senses ("prohibited" against "permitted": WordNet opposes
  // "forbid" to "permit"), which join words less tightly than antonyms do, or tell opposite
  // outcomes in the active voice ("lost to" against "beat"; outcome_words.h).
  // The passive: a form of "be" before the verb, or "by" right after it ("A, beaten by B").
  auto passive = [](std::span<const Token> tokens, const Token& t) {
    const auto i = std::find_if(tokens.begin(), tokens.end(),
                                [&](const Token& x) { return x.begin == t.begin; });
    if (i == tokens.end()) return false;
    return (i != tokens.begin() && text::kBeForms.contains((i - 1)->norm)) ||
           (i + 1 != tokens.end() && (i + 1)->norm == "by");
  };
  auto opposed_words = [&](const Clause& c, const Token* w, const std::string& form,
                           const text::Lexicon::WordSet& opposed, bool may_line_up,
                           const Token& other) {
    if (text::non_form_of(form, other.norm) ||
        text::non_form_of(other.norm, form, /*by_stem=*/true))
      return true;
    if (!opposed.empty() && lexicon->has_lemma_in(other.norm, opposed) &&
        lexicon->are_antonyms(form, evidence_form(other)))
      return true;
    if (!may_line_up) return false;
    const bool near = lexicon->have_opposed_senses(form, evidence_form(other)) ||
                      (text::opposed_outcomes(form, other.norm, lexicon) &&
                       !passive(c.tokens, *w) && !passive(piece_tokens, other));
    return near && (aligned_but(c, best.hit.piece, w, &other) ||
                    aligned_but_narrower(c, best.hit.piece, NarrowerSide::kEvidence, w, &other));
  };
  // An evidence word a negation governs says what its opposite says ("not allergy
  // accommodating" against "non-accommodating"): no opposite of it. Read once, when needed.
  std::optional<std::vector<text::NegationScope>> piece_negations;
  auto negated_in_piece = [&](const Token& other) {
    if (!piece_negations) piece_negations = text::negation_scopes(piece_tokens, lexicon);
    for (const text::NegationScope& scope : *piece_negations)
      for (const std::size_t i : scope.words)
        if (piece_tokens[i].begin == other.begin) return true;
    return false;
  };
  // An opposite says otherwise only of what the evidence names: the clause's other names must
  // be the piece's ("Stock in the Bergen warehouse increased" against "Stock in the Oslo
  // warehouse decreased" speaks of another; "North Dakota" against "South Dakota" is the
  // flip).
  auto names_another_than = [&](const Token* w) {
    std::vector<const Token*> others;
    for (const Token* x : clause.words)
      if (x != w) others.push_back(x);
    return names_unknown_to(clause, best.hit.piece, others);
  };
  // A thing the clause names with an article ("the beginning of summer") against a verb of the
  // piece's said of a thing the clause never names ("when spring has ended"): the verb's
  // subject, the noun right before it past auxiliaries and adverbs, within its own clause. The
  // two are said of different things unless the sentences line up.
  auto said_of_another = [&](const Token* w, const Token& other) {
    static constexpr auto kNaming =
        text::word_table("the", "a", "an", "its", "their", "his", "her");
    static constexpr auto kClauseStarts =
        text::word_table("and", "but", "or", "when", "while", "which", "that", "who", "where",
                         "because", "as", "if");
    const auto clause_at = static_cast<std::size_t>(w - clause.tokens.data());
    if (clause_at == 0 || !kNaming.contains(clause.tokens[clause_at - 1].norm)) return false;
    const auto at = std::find_if(piece_tokens.begin(), piece_tokens.end(),
                                 [&](const Token& t) { return t.begin == other.begin; });
    if (at == piece_tokens.end() || !text::inflected_verb(*at, lexicon)) return false;
    auto noun = [&](const Token& t) {
      return !lexicon->lemmas(t.norm, text::Lexicon::Pos::kNoun).empty();
    };
    constexpr std::ptrdiff_t kReach = 4;
    for (auto i = at; i != piece_tokens.begin() && at - i < kReach;) {
      const Token& t = *--i;
      if (t.kind == text::TokenKind::kPunctuation || kClauseStarts.contains(t.norm)) return false;
      const bool adverb = !noun(t) && !lexicon->lemmas(t.norm, text::Lexicon::Pos::kAdverb).empty();
      if (!text::is_content_word(t) || text::kBeForms.contains(t.norm) ||
          text::kAuxiliaryVerbs.contains(t.norm) || adverb)
        continue;
      if (!noun(t) || text::inflected_verb(t, lexicon) || clause_says(t)) return false;
      return !aligned_but(clause, best.hit.piece, w, &other) &&
             !aligned_but_narrower(clause, best.hit.piece, NarrowerSide::kEvidence, w, &other);
    }
    return false;
  };
  // The words the context lacks; then those another word covers, whose opposite counts only
  // where the sentences line up but for the pair (a related word elsewhere may be the match).
  std::vector<const Token*> candidates = coverage.uncovered;
  candidates.insert(candidates.end(), coverage.by_another_word.begin(),
                    coverage.by_another_word.end());
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    const Token* w = candidates[c];
    const bool only_aligned = c >= coverage.uncovered.size();
    const auto at = static_cast<std::size_t>(w - clause.tokens.data());
    // A negated opposite says what the evidence says ("is not required": "optional").
    if (in_condition(w) || negated_head(clause.tokens, at)) continue;
    // Only a clause whose other words the piece holds may line up with it (aligned_but).
    const bool may_line_up =
        words_outside(clause, best.hit.piece, one(w), /*verb_forms=*/true) == 0;
    if (only_aligned && !may_line_up) continue;
    const std::string form = text::phrasal_form(*lexicon, clause.tokens, at);
    const text::Lexicon::WordSet opposed = lexicon->opposites(form);
    const text::Degree degree = text::adjective_degree(*lexicon, clause.tokens, at);
    for (std::size_t k = 0; k < best_reading.words.size(); ++k) {
      const Token& other = best_reading.words[k];
      // A word of a name is no opposite of a common word ("Xbox One" against "different");
      // two names may differ by one ("North Dakota" / "South Dakota").
      if (other.kind != text::TokenKind::kWord || (in_name(other) && !w->has(text::kCapitalized)) ||
          best_reading.degrees[k] != degree || degree == text::Degree::kSufficiency ||
          clause_says(other) || !opposed_words(clause, w, form, opposed, may_line_up, other) ||
          negated_in_piece(other) || names_another_than(w) || said_of_another(w, other) ||
          (degree == text::Degree::kComparative && states_converse(clause, at, best.hit.piece)))
        continue;
      const auto other_at = std::find_if(piece_tokens.begin(), piece_tokens.end(),
                                         [&](const Token& t) { return t.begin == other.begin; });
      if (other_at != piece_tokens.end() &&
          parties_exchanged(clause.tokens, at, piece_tokens,
                            static_cast<std::size_t>(other_at - piece_tokens.begin())))
        continue;
      const bool lines_up =
          aligned_but(clause, best.hit.piece, w, &other) ||
          aligned_but_narrower(clause, best.hit.piece, NarrowerSide::kEvidence, w, &other);
      if (only_aligned && !lines_up) continue;
      signals.antonym = true;
      signals.aligned_conflict = signals.aligned_conflict || lines_up;
      return finding(clause, Label::kContradicted, ReasonCode::kAntonym,
                     HallucinationType::kContextualFabrication,
                     "answer says " + quoted(w->surface(clause.sentence)) + ", evidence says " +
                         quoted(index_->piece_text(index_->pieces()[best.hit.piece])
                                    .substr(other.begin, other.end - other.begin)),
                     best.hit.piece);
    }
  }
  return std::nullopt;
}

std::optional<Verdict> PieceVerifier::check_ordering(const Clause& clause,
                                                     ClauseSignals& signals) const {
  const ComparedClause compared{
      *index_,
      clause.sentence,
      clause.tokens,
      clause.entities,
      question_entities_,
      question_name_words_,
      question_alternative_ ? &question_entities_[*question_alternative_] : nullptr};
  std::optional<OrderConflict> conflict = check_order(compared);
  if (!conflict) conflict = check_count_comparison(compared);
  if (!conflict) return std::nullopt;
  if (conflict->kind == OrderConflict::Kind::kReversed) {
    signals.order_reversed = true;
    return finding(clause, Label::kContradicted, ReasonCode::kOrderMismatch,
                   HallucinationType::kContextualFabrication, std::move(conflict->reason),
                   conflict->piece);
  }
  signals.order_undated = true;
  Verdict v = finding(clause, Label::kUnsupported, ReasonCode::kOrderUndated,
                      HallucinationType::kContextualFabrication, std::move(conflict->reason),
                      conflict->piece);
  v.score = 0.5;
  return v;
}

std::optional<Verdict> PieceVerifier::check_names(const Clause& clause, const ValueCheck& values,
                                                  const Coverage& coverage, double score,
                                                  ClauseSignals& signals) const {
  // A name made of context words that the context never writes so.
  const Entity* composed = nullptr;
  if (options_.names_as_written) {
    for (const Entity& e : clause.entities) {
      if (!is_value_entity(e) && composed_name(e)) {
        composed = &e;
        break;
      }
    }
  }
  signals.composed_name = composed != nullptr;
  if (values.missing_value != nullptr || coverage.missing_name != nullptr) {
    const std::string what = values.missing_value != nullptr
                                 ? values.missing_value->text
                                 : std::string(coverage.missing_name->surface(clause.sentence));
    Verdict v = finding(clause, Label::kUnsupported, ReasonCode::kMissingEntity,
                        HallucinationType::kAbsoluteFabrication,
                        quoted(what) + " appears nowhere in the context");
    v.score = std::min(score, 0.5);
    return v;
  }
  if (composed != nullptr) {
    Verdict v = finding(clause, Label::kUnsupported, ReasonCode::kMissingEntity,
                        HallucinationType::kAbsoluteFabrication,
                        quoted(composed->text) + " is not a name the context writes");
    v.score = std::min(score, 0.5);
    return v;
  }
  return std::nullopt;
}

std::optional<Verdict> PieceVerifier::check_relations(const Clause& clause,
                                                      ClauseSignals& signals) const {
  signals.compares = compares(clause.tokens, options_.lexicon.get());
  if (!options_.check_relations || signals.compares) return std::nullopt;
  const std::span<const Token> tokens = clause.tokens;
  std::vector<Anchor> found =
      anchors(clause.sentence, clause.entities, clause.stems, clause.terms, clause.stem_tokens);
  auto pair = unrelated(found);
  // The clause's subjects, when it opens with names ("Lucy Gordon directed Serendipity",
  // "Cia Berg and David Lee Roth were ..."): what the clause says is said of each of them,
  // so every other name, value and word must be related to each subject itself, not only
  // to some other name of the clause.
  const std::vector<Anchor> subject_list = subjects(found, clause.sentence, tokens);
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
  for (std::size_t i = 0; i < clause.words.size(); ++i) {
    const index::TermId term = clause.terms[clause.word_stem[i]];
    if (term == index::kNoTerm || inside_name(*clause.words[i], clause.entities)) continue;
    std::span<const std::uint32_t> pieces = index_->postings(term);
    claim_words.push_back(
        {clause.words[i]->surface(clause.sentence), {pieces.begin(), pieces.end()}});
  }
  // Each of them must also be said of one of the names or values.
  const bool bound = !found.empty() || !subject_list.empty();
  for (const Anchor& word : claim_words) {
    if (pair || !bound) break;
    for (const Anchor& subject : subject_list) {
      if (!pair && !together(subject, word)) pair = std::pair{subject.text, word.text};
    }
    if (subject_list.empty() && std::none_of(found.begin(), found.end(),
                                             [&](const Anchor& a) { return together(a, word); })) {
      pair = std::pair{found.front().text, word.text};
    }
  }
  // "No, only A is a drink.": the context saying the same of the question's other one
  // contradicts the "only".
  if (!pair && !subject_list.empty() &&
      opens_with_only(tokens, subject_list.front().text, clause.sentence)) {
    std::vector<Anchor> claim = claim_words;  // what the clause says of its subject
    for (const Anchor& a : found) {
      if (!is_subject(a)) claim.push_back(a);
    }
    for (const Entity& q : question_entities_) {
      if (claim.empty()) break;
      if (is_value_entity(q)) continue;
      const bool named = std::any_of(clause.entities.begin(), clause.entities.end(),
                                     [&](const Entity& e) { return e.key == q.key; });
      if (named) continue;
      const Anchor other{std::string_view(q.text), name_pieces(*index_, q.text), true};
      if (other.pieces.empty()) continue;
      if (std::all_of(claim.begin(), claim.end(),
                      [&](const Anchor& c) { return together(other, c); })) {
        signals.exclusive_mismatch = true;
        return finding(clause, Label::kContradicted, ReasonCode::kExclusiveMismatch,
                       HallucinationType::kContextualFabrication,
                       "answer says only " + quoted(subject_list.front().text) +
                           ", the context says the same of " + quoted(other.text),
                       other.pieces.front());
      }
    }
  }
  if (!pair) return std::nullopt;
  signals.unbound_relation = true;
  return finding(
      clause, Label::kUnsupported, ReasonCode::kUnboundRelation,
      HallucinationType::kContextualFabrication,
      "the context never relates " + quoted(pair->first) + " to " + quoted(pair->second));
}

}  // namespace groundgate::filters::semantic_piece
