#include "filters/semantic_piece/compared_parties.h"

#include <algorithm>
#include <vector>

#include "filters/semantic_piece/names.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Entity;
using text::EntityType;
using text::Token;

std::optional<std::uint32_t> first_piece(const index::ContextIndex& index, std::string_view name) {
  const std::vector<std::uint32_t> pieces = name_pieces(index, name);
  if (pieces.empty()) return std::nullopt;
  return pieces.front();
}

bool is_name(const Entity& e) {
  return e.type != EntityType::kTime && e.type != EntityType::kNumber;
}

// The clause names the question's party itself: it cannot be the other one.
bool mentions(std::span<const Entity> entities, const Entity& name) {
  return std::any_of(entities.begin(), entities.end(),
                     [&](const Entity& e) { return is_name(e) && e.key == name.key; });
}

// The clause's names, in order: the extractor's, and a capital it could not call a name at the
// sentence start when the context or the question writes that word in a name ("Hole was
// founded first").
std::vector<ComparedParty> clause_parties(const index::ContextIndex& index,
                                          std::string_view sentence, std::span<const Token> tokens,
                                          std::span<const Entity> entities,
                                          std::span<const std::string> question_words) {
  std::vector<ComparedParty> out;
  for (const Entity& e : entities) {
    if (is_name(e)) out.push_back({std::string_view(e.text), e.begin, e.end, std::nullopt});
  }
  for (const Token& t : tokens) {
    if (!text::is_content_word(t)) continue;
    const index::TermId term = index.terms().find(text::stem(t.norm));
    if (!missed_name(index, t, term, entities, question_words)) continue;
    out.push_back({t.surface(sentence), t.begin, t.end, std::nullopt});
  }
  std::sort(out.begin(), out.end(),
            [](const ComparedParty& a, const ComparedParty& b) { return a.begin < b.begin; });
  for (ComparedParty& p : out)
    p.piece = first_piece(index, p.text);
  return out;
}

}  // namespace

bool ends_clause(std::span<const Token> tokens, std::size_t i) {
  return i >= tokens.size() || tokens[i].kind == text::TokenKind::kPunctuation;
}

std::optional<std::pair<ComparedParty, ComparedParty>> compared_parties(
    const ComparedClause& clause, std::size_t cue_at, SecondPartyAt second) {
  const index::ContextIndex& index = clause.index;
  const std::span<const Token> tokens = clause.tokens;
  const std::span<const Entity> entities = clause.entities;
  const Entity* alternative = clause.alternative;
  const std::vector<ComparedParty> parties =
      clause_parties(index, clause.sentence, tokens, entities, clause.question_words);
  const std::size_t cue_begin = tokens[cue_at].begin;
  if (parties.empty() || !parties.front().piece || parties.front().end > cue_begin) {
    return std::nullopt;
  }
  const ComparedParty& subject = parties.front();
  // A name after a word that sets it against the subject is not the subject: "Unlike A, B
  // has more ..." compares B.
  constexpr auto kSetAgainst =
      text::word_table("unlike", "like", "besides", "compared", "versus", "beyond", "apart");
  for (const Token& t : tokens) {
    if (t.begin < subject.end && kSetAgainst.contains(t.norm)) return std::nullopt;
  }
  std::optional<ComparedParty> other;
  if (second != SecondPartyAt::kAsked) {
    const std::size_t next = cue_at + (second == SecondPartyAt::kAfterThan ? 2 : 1);
    if (next >= tokens.size()) return std::nullopt;
    // The name right there, or after its "the" ("than the Beatles", "than The Who").
    const bool article = tokens[next].norm == "the" && next + 1 < tokens.size();
    for (const ComparedParty& p : parties) {
      if (p.piece &&
          (p.begin == tokens[next].begin || (article && p.begin == tokens[next + 1].begin)))
        other = p;
    }
  } else {
    // "Who was born first, A or B?": the one of the question's names the answer did not pick;
    // B when the answer picks another, else the only other name the question has.
    std::span<const Entity> candidates = clause.question_entities;
    if (alternative != nullptr && !mentions(entities, *alternative)) {
      const std::optional<std::uint32_t> piece = first_piece(index, alternative->text);
      if (piece && *piece != *subject.piece) candidates = std::span<const Entity>(alternative, 1);
    }
    for (const Entity& q : candidates) {
      if (!is_name(q) || mentions(entities, q)) continue;
      const std::optional<std::uint32_t> piece = first_piece(index, q.text);
      if (!piece || *piece == *subject.piece) continue;
      if (other) {
        if (*other->piece == *piece) continue;  // another word of the same name
        return std::nullopt;                    // more than one candidate: no pair to order
      }
      other = ComparedParty{std::string_view(q.text), q.begin, q.end, piece};
    }
  }
  if (!other || *other->piece == *subject.piece) return std::nullopt;
  return std::pair(subject, *other);
}

}  // namespace groundgate::filters::semantic_piece
