#include "filters/text/clause_splitter.h"

#include "filters/text/function_words.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::text {

namespace {

constexpr std::size_t kMaxVerbDistance = 8;  // a clause's verb comes soon after its start

// The determiners other than the possessive ones.
constexpr auto kDeterminers =
    word_table("the", "a", "an", "our", "my", "your", "this", "that", "these", "those", "some",
               "many", "most", "several", "both", "each", "every", "all", "no", "another", "such");
// Words other than the third-person pronouns that stand as a clause's subject.
constexpr auto kSubjectWords =
    word_table("we", "i", "you", "this", "that", "these", "those", "there", "it's", "he's", "she's",
               "there's", "that's", "one", "none", "nobody", "everyone", "someone");
// Frequent verb forms besides "be" and the auxiliaries that no suffix rule finds.
constexpr auto kVerbForms = word_table(
    "cannot", "said", "made", "went", "took", "came", "got", "gave", "found", "became", "began",
    "knew", "thought", "told", "left", "felt", "kept", "held", "brought", "wrote", "stood", "heard",
    "meant", "met", "ran", "paid", "spoke", "led", "grew", "lost", "won", "fell", "sold", "sent",
    "built", "bought", "caught", "taught", "fought", "drew", "drove", "rose", "chose", "broke",
    "ate", "hid", "hit", "put", "set", "spent", "says", "makes", "takes", "gives", "goes", "comes",
    "gets", "shows", "remains", "seems", "becomes", "includes", "contains", "claims", "plays",
    "leads", "owns", "runs", "lives", "works", "uses", "wants", "needs", "believes", "suggests",
    "reports", "states", "means", "helps", "remain", "seem", "include", "contain");
// Words in -ed that are no past forms.
constexpr auto kNotPastForms =
    word_table("hundred", "indeed", "speed", "united", "seed", "breed", "need");

bool is_determiner(std::string_view w) {
  return kDeterminers.contains(w) || kPossessiveDeterminers.contains(w);
}

bool is_pronoun(std::string_view w) {
  return kSubjectPronouns.contains(w) || kSubjectWords.contains(w);
}

// A form of "be" that makes a clause: not "being" (it heads none) nor "am", which is also the
// morning ("at 9 am").
bool is_clause_be(std::string_view w) {
  return kBeForms.contains(w) && w != "being" && w != "am";
}

bool is_verb(std::span<const Token> t, std::size_t i) {
  const Token& tok = t[i];
  if (tok.kind != TokenKind::kWord) return false;
  const std::string_view w = tok.norm;
  if (tok.has(kContraction) || tok.has(kClitic)) return true;  // "it's", "don't", "'s"
  if (is_clause_be(w) || kAuxiliaryVerbs.contains(w) || kVerbForms.contains(w)) return true;
  // Regular past forms, but not adjectives after a determiner ("the published list").
  if (w.size() >= 5 && w.ends_with("ed") && !tok.has(kCapitalized) && !kNotPastForms.contains(w)) {
    return i == 0 || !is_determiner(t[i - 1].norm);
  }
  return false;
}

bool has_verb(std::span<const Token> t, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to && i - from < kMaxVerbDistance; ++i) {
    if (is_verb(t, i)) return true;
  }
  return false;
}

bool has_any_verb(std::span<const Token> t, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to; ++i) {
    if (is_verb(t, i)) return true;
  }
  return false;
}

// A clause start: a pronoun, a determiner, a name or a number, and not a bare verb
// ("and left early" shares its subject and is not independent).
bool subject_like(std::span<const Token> t, std::size_t i, std::size_t end) {
  if (i >= end) return false;
  const Token& tok = t[i];
  if (is_verb(t, i)) return false;
  if (tok.kind == TokenKind::kNumber) return true;
  if (tok.kind != TokenKind::kWord) return false;
  return is_pronoun(tok.norm) || is_determiner(tok.norm) || tok.has(kCapitalized);
}

bool is_joiner(const Token& tok, bool after_comma) {
  if (tok.kind != TokenKind::kWord) return false;
  if (tok.norm == "and" || tok.norm == "but") return true;
  static constexpr auto kAfterComma = word_table("while", "whereas", "yet", "so");
  return after_comma && kAfterComma.contains(tok.norm);
}

}  // namespace

std::vector<Clause> split_clauses(std::string_view sentence, std::span<const Token> t) {
  std::vector<Clause> out;
  if (t.empty()) return out;
  // Candidate split points: semicolons and joiners, in order.
  std::vector<std::size_t> points;
  for (std::size_t i = 1; i + 1 < t.size(); ++i) {
    const bool comma = t[i - 1].norm == ",";
    if (t[i].norm == ";" || is_joiner(t[i], comma)) points.push_back(i);
  }
  std::size_t start = 0;
  for (std::size_t p = 0; p < points.size(); ++p) {
    const std::size_t k = points[p];
    const std::size_t next = p + 1 < points.size() ? points[p + 1] : t.size();
    const bool semicolon = t[k].norm == ";";
    const std::size_t left_end = (!semicolon && t[k - 1].norm == ",") ? k - 1 : k;
    if (left_end <= start) continue;
    bool split = false;
    if (semicolon) {
      split = k + 1 < t.size();
    } else {
      split = has_any_verb(t, start, left_end) && subject_like(t, k + 1, next) &&
              has_verb(t, k + 1, next);
    }
    if (!split) continue;
    out.push_back({t[start].begin, t[left_end - 1].end});
    start = k + 1;
  }
  if (start < t.size()) out.push_back({t[start].begin, t.back().end});
  return out;
}

std::vector<Clause> split_clauses(std::string_view sentence) {
  const std::vector<Token> tokens = tokenize(sentence);
  return split_clauses(sentence, tokens);
}

}  // namespace groundgate::filters::text
