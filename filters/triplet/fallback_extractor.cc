#include "filters/triplet/fallback_extractor.h"

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "filters/text/function_words.h"
#include "filters/text/stopwords.h"
#include "filters/text/verb_form.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::triplet {

namespace {

// The auxiliaries' clitics: "'s" after a subject is "is" or "has" in a verb group.
constexpr auto kAuxiliaryClitics = text::word_table("'s", "'re", "'ve", "'ll");
constexpr auto kPrepositions = text::word_table(
    "in", "on", "at", "by", "with", "from", "during", "since", "for", "to", "into", "after",
    "before", "between", "through", "under", "over", "of", "about", "against", "among", "across");
// Words that open a relative or subordinate clause, or a fronted adverbial.
constexpr auto kClauseOpeners =
    text::word_table("which", "who", "whom", "whose", "that", "where", "when", "while", "whereas",
                     "if", "since", "unless", "although", "though", "because", "whether", "as");
constexpr auto kNonVerbs =
    text::word_table("the", "a", "an", "this", "that", "these", "those", "his", "her", "their");

bool is_auxiliary(std::string_view w) {
  return text::kBeForms.contains(w) || text::kAuxiliaryVerbs.contains(w) ||
         kAuxiliaryClitics.contains(w);
}

bool is_word(const text::Token& t) {
  return t.kind == text::TokenKind::kWord;
}

bool is_adverb_in_group(const text::Token& t) {
  static constexpr auto kAdverbs = text::word_table("also", "still", "already", "only");
  return is_word(t) &&
         (text::is_negation(t.norm) || kAdverbs.contains(t.norm) || t.norm.ends_with("ly"));
}

std::string_view slice(std::string_view s, std::size_t b, std::size_t e) {
  return b < e ? s.substr(b, e - b) : std::string_view{};
}

bool is_preposition(const text::Token& t) {
  return is_word(t) && kPrepositions.contains(t.norm);
}

// The subject is at least one word: the verb group starts at the first verb-like token after
// it (tokens.size(): none).
std::size_t first_verb(std::span<const text::Token> tokens, const text::Lexicon* lexicon) {
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    const text::Token& t = tokens[i];
    if (!is_word(t) || kNonVerbs.contains(tokens[i - 1].norm)) continue;
    if (is_auxiliary(t.norm) || text::inflected_verb(t, lexicon)) return i;
  }
  return tokens.size();
}

// The verb group: auxiliaries, negation and adverbs, then verbs; the last verb is the head.
struct VerbGroup {
  std::size_t head = 0;
  std::size_t end = 0;
  bool negated = false;
  bool passive = false;
};
VerbGroup verb_group(std::span<const text::Token> tokens, std::size_t verb_begin,
                     const text::Lexicon* lexicon) {
  VerbGroup g;
  g.head = verb_begin;
  bool passive_aux = false;
  std::size_t i = verb_begin;
  for (; i < tokens.size(); ++i) {
    const text::Token& t = tokens[i];
    if (!is_word(t) && !t.has(text::kClitic)) break;
    const bool aux = is_auxiliary(t.norm);
    if (text::is_negation(t.norm)) {
      g.negated = true;
    } else if (i == verb_begin || aux ||
               (i > verb_begin && (text::inflected_verb(t, lexicon) ||
                                   (is_auxiliary(tokens[g.head].norm) && lexicon != nullptr &&
                                    !lexicon->lemmas(t.norm, text::Lexicon::Pos::kVerb).empty() &&
                                    !t.has(text::kCapitalized))))) {
      if (i > verb_begin && !aux && passive_aux && t.norm.ends_with("ed")) g.passive = true;
      if (aux && text::kBeForms.contains(t.norm)) passive_aux = true;
      g.head = i;
    } else if (!is_adverb_in_group(t)) {
      break;
    }
  }
  g.end = i;
  return g;
}

// The subject's tokens [begin, end) before the verb group: without leading conjunctions,
// sentence adverbs and punctuation, nor a relative clause after a comma.
std::pair<std::size_t, std::size_t> subject_span(std::span<const text::Token> tokens,
                                                 std::size_t verb_begin) {
  std::size_t begin = 0;
  static constexpr auto kLeadingWords = text::word_table("and", "but", "however", "so");
  while (begin < verb_begin && is_word(tokens[begin]) && kLeadingWords.contains(tokens[begin].norm))
    ++begin;
  while (begin < verb_begin && tokens[begin].kind == text::TokenKind::kPunctuation)
    ++begin;
  std::size_t end = verb_begin;
  // "The company, which was founded in 1990, employs": the relative clause is not the subject.
  for (std::size_t r = begin + 1; r < verb_begin; ++r) {
    if (tokens[r - 1].norm == "," && (tokens[r].norm == "which" || tokens[r].norm == "who")) {
      end = r - 1;
      break;
    }
  }
  while (end > begin && tokens[end - 1].kind == text::TokenKind::kPunctuation)
    --end;
  return {begin, end};
}

// The end of a phrase from `from`: the next preposition (after its first token) or
// punctuation other than a hyphen or an apostrophe.
std::size_t phrase_end(std::span<const text::Token> tokens, std::size_t from) {
  std::size_t e = from;
  while (e < tokens.size() && !(is_preposition(tokens[e]) && e > from) &&
         !(tokens[e].kind == text::TokenKind::kPunctuation && tokens[e].norm != "-" &&
           tokens[e].norm != "'")) {
    ++e;
  }
  return e;
}

// A phrase's end where "of" continues a noun phrase ("the capital of France").
std::size_t noun_phrase_end(std::span<const text::Token> tokens, std::size_t from) {
  std::size_t e = phrase_end(tokens, from);
  while (e + 1 < tokens.size() && is_word(tokens[e]) && tokens[e].norm == "of")
    e = phrase_end(tokens, e + 1);
  return e;
}

// After the verb group (at `k`): the object up to the first preposition; then qualifiers, one
// per preposition.
void add_object_and_qualifiers(std::string_view clause, std::span<const text::Token> tokens,
                               std::size_t k, Triplet& t) {
  if (k < tokens.size() && !is_preposition(tokens[k])) {
    const std::size_t e = noun_phrase_end(tokens, k);
    if (e > k) {
      t.object = std::string(slice(clause, tokens[k].begin, tokens[e - 1].end));
      t.end = tokens[e - 1].end;
      k = e;
    }
  }
  while (k < tokens.size()) {
    if (!is_preposition(tokens[k])) {
      ++k;
      continue;
    }
    const std::size_t e = noun_phrase_end(tokens, k + 1);
    if (e > k + 1) {
      t.qualifiers.push_back({tokens[k].norm,
                              std::string(slice(clause, tokens[k + 1].begin, tokens[e - 1].end)),
                              tokens[k + 1].begin, tokens[e - 1].end});
      t.end = tokens[e - 1].end;
    }
    k = std::max(e, k + 1);
  }
}

}  // namespace

std::vector<Triplet> extract_by_rules(std::string_view clause, std::span<const text::Token> tokens,
                                      const text::Lexicon* lexicon) {
  const std::size_t verb_begin = first_verb(tokens, lexicon);
  if (verb_begin == tokens.size()) return {};
  const VerbGroup group = verb_group(tokens, verb_begin, lexicon);
  const auto [subject_begin, subject_end] = subject_span(tokens, verb_begin);
  if (subject_begin >= subject_end) return {};
  Triplet t;
  t.fallback = true;
  t.negated = group.negated;
  t.subject = std::string(slice(clause, tokens[subject_begin].begin, tokens[subject_end - 1].end));
  t.verb = tokens[group.head].norm;
  t.relation = std::string(slice(clause, tokens[verb_begin].begin, tokens[group.head].end));
  t.begin = tokens[subject_begin].begin;
  t.end = tokens[group.head].end;
  // "is" + "born": keep as the relation head, like the parser's Pa reading.
  std::size_t k = group.end;
  if (k < tokens.size() && tokens[k].norm == "born") t.verb = "born";
  if (t.verb == "born" && k < tokens.size()) {
    t.relation = std::string(slice(clause, tokens[verb_begin].begin, tokens[k].end));
    ++k;
  }
  add_object_and_qualifiers(clause, tokens, k, t);
  normalise_voice(t, group.passive);
  return {t};
}

bool rules_suffice(std::span<const text::Token> tokens, std::span<const Triplet> triplets,
                   const text::Lexicon* lexicon) {
  if (triplets.size() != 1 || tokens.empty()) return false;
  const text::Token& opener = tokens.front();
  if (!is_word(opener) || kPrepositions.contains(opener.norm)) return false;
  // Verb-like tokens must form one run (negation and adverbs may sit inside it).
  std::size_t verbs = 0;
  bool run_closed = false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const text::Token& t = tokens[i];
    if (t.kind == text::TokenKind::kPunctuation && (t.norm == "(" || t.norm == ")")) return false;
    if (!is_word(t) && !t.has(text::kClitic)) {
      if (verbs > 0) run_closed = true;
      continue;
    }
    if (kClauseOpeners.contains(t.norm)) return false;
    const bool verb = i > 0 && !kNonVerbs.contains(tokens[i - 1].norm) &&
                      (is_auxiliary(t.norm) || text::inflected_verb(t, lexicon));
    if (verb) {
      if (run_closed) return false;
      ++verbs;
    } else if (verbs > 0 && !text::is_negation(t.norm) && !is_adverb_in_group(t)) {
      run_closed = true;
    }
  }
  // A comma before the verb group is a fronted phrase or an apposition.
  for (const text::Token& t : tokens) {
    if (is_auxiliary(t.norm) || text::inflected_verb(t, lexicon)) break;
    if (t.kind == text::TokenKind::kPunctuation && t.norm == ",") return false;
  }
  return verbs > 0;
}

}  // namespace groundgate::filters::triplet
