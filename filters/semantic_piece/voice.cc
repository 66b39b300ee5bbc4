#include "filters/semantic_piece/voice.h"

#include "filters/text/function_words.h"
#include "filters/text/stopwords.h"
#include "filters/text/verb_form.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Token;

// Words that start a clause: what stands before them is no part of the passive's subject.
constexpr auto kClauseStarts =
    text::word_table("that", "and", "but", "while", "whereas", "which", "who", "when", "after",
                     "before", "because", "as", "if", "although", "though", "since", "where");
// Words that end the agent after "by": a preposition of another phrase, a joining word.
constexpr auto kAgentEnds = text::word_table(
    "in", "on", "at", "for", "during", "after", "before", "with", "from", "to", "into", "by",
    "since", "until", "over", "under", "and", "but", "while", "which", "who", "that", "when",
    "because", "as", "than", "without", "following", "amid", "despite", "through");
// A subject or an agent is a noun phrase: a few words.
constexpr std::size_t kMaxPhrase = 8;
// Words between the participle and "by" ("beaten 3-0 by").
constexpr std::size_t kMaxBetween = 3;

bool punctuation(const Token& t) {
  return t.kind == text::TokenKind::kPunctuation;
}

// An adverb between "be" and the participle ("was never ratified", "was later sold").
bool adverb(const Token& t, const text::Lexicon* lexicon) {
  using Pos = text::Lexicon::Pos;
  return text::is_negation(t.norm) ||
         (t.kind == text::TokenKind::kWord && !lexicon->lemmas(t.norm, Pos::kAdverb).empty() &&
          lexicon->lemmas(t.norm, Pos::kVerb).empty() &&
          lexicon->lemmas(t.norm, Pos::kNoun).empty());
}

}  // namespace

std::optional<std::vector<Token>> active_form(std::span<const Token> statement,
                                              const text::Lexicon* lexicon) {
  if (lexicon == nullptr) return std::nullopt;
  const std::size_t n = statement.size();
  for (std::size_t be = 1; be < n; ++be) {
    if (!text::kBeForms.contains(statement[be].norm)) continue;
    std::size_t verb = be + 1;
    while (verb < n && adverb(statement[verb], lexicon))
      ++verb;
    if (verb >= n || !text::inflected_verb(statement[verb], lexicon)) continue;
    std::size_t by = verb + 1;
    while (by < n && by - verb <= kMaxBetween && statement[by].norm != "by" &&
           !punctuation(statement[by]))
      ++by;
    if (by >= n || statement[by].norm != "by") continue;
    std::size_t agent_end = by + 1;
    while (agent_end < n && !punctuation(statement[agent_end]) &&
           !kAgentEnds.contains(statement[agent_end].norm))
      ++agent_end;
    std::size_t subject = be;
    while (subject > 0 && !punctuation(statement[subject - 1]) &&
           !kClauseStarts.contains(statement[subject - 1].norm))
      --subject;
    const std::size_t agent_words = agent_end - by - 1, subject_words = be - subject;
    if (agent_words == 0 || agent_words > kMaxPhrase || subject_words == 0 ||
        subject_words > kMaxPhrase)
      return std::nullopt;
    std::vector<Token> out;
    out.reserve(n);
    auto add = [&](std::size_t from, std::size_t to) {
      out.insert(out.end(), statement.begin() + static_cast<std::ptrdiff_t>(from),
                 statement.begin() + static_cast<std::ptrdiff_t>(to));
    };
    add(0, subject);
    add(by + 1, agent_end);  // Y
    add(be + 1, by);         // the adverbs, V-ed and what follows it
    add(subject, be);        // X
    add(agent_end, n);
    return out;
  }
  return std::nullopt;
}

}  // namespace groundgate::filters::semantic_piece
