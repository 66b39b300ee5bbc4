#include "filters/semantic_piece/party_swap.h"

#include <algorithm>

#include "filters/semantic_piece/clause_words.h"
#include "filters/text/stopwords.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Entity;
using text::Token;

// Relations this long or longer are not compared: a clause of their own.
constexpr std::size_t kMaxRelationTokens = 6;

// Words of a relation that holds both ways, or of two parties named together: said either way
// round, it says the same ("A married B", "A and B", "A is near B", "A is the sister of B": a
// sibling's sex aside, either is the other's sibling; "A, also known as B").
constexpr auto kBothWays = text::word_table(
    "and", "or", "nor", "with", "between", "among", "versus", "vs", "against", "together",
    "alongside", "both", "each", "other", "as", "married", "marry", "marries", "wed", "weds",
    "wedded", "met", "meet", "meets", "dated", "divorced", "tied", "ties", "drew", "draw", "draws",
    "merged", "merge", "merges", "partnered", "partner", "partners", "collaborated", "collaborate",
    "collaborates", "faced", "face", "faces", "fought", "fight", "fights", "played", "play",
    "plays", "competed", "compete", "competes", "near", "nearby", "next", "adjacent", "beside",
    "close", "border", "borders", "bordered", "neighbor", "neighbors", "neighbour", "neighbours",
    "similar", "like", "unlike", "resembles", "resemble", "equal", "equals", "same", "different",
    "related", "relative", "relatives", "brother", "brothers", "sister", "sisters", "sibling",
    "siblings", "cousin", "cousins", "twin", "twins", "friend", "friends", "colleague",
    "colleagues", "teammate", "teammates", "rival", "rivals", "ally", "allies", "counterpart",
    "spouse", "connected", "connects", "linked", "links", "shared", "share", "shares", "compared",
    "known", "called", "aka", "alias");

// A word before a party that makes it something else's part, owner or circumstance: "the CEO
// of Acme", "bought by Acme", "in Paris".
constexpr auto kBeforeAPart = text::word_table(
    "of", "by", "for", "from", "with", "to", "at", "in", "on", "into", "onto", "than", "as", "like",
    "against", "between", "among", "about", "over", "under", "via", "per", "through");

// The index of the first token that starts at or after byte `at`.
std::size_t token_at(std::span<const Token> tokens, std::size_t at) {
  return static_cast<std::size_t>(
      std::lower_bound(tokens.begin(), tokens.end(), at,
                       [](const Token& t, std::size_t pos) { return t.begin < pos; }) -
      tokens.begin());
}

// Opening capitalised words this many at most make a name.
constexpr std::size_t kMaxOpeningName = 3;

// The text's entities as parties, with the capitalised words that open it as a name.
std::vector<Party> parties_of(const ReadText& text) {
  std::vector<Party> out;
  const std::span<const Token> tokens = text.tokens;
  std::size_t opening = 0;
  while (opening < tokens.size() && opening < kMaxOpeningName &&
         tokens[opening].kind == text::TokenKind::kWord &&
         tokens[opening].has(text::kCapitalized) && !text::is_stopword(tokens[opening].norm)) {
    ++opening;
    if (tokens[opening - 1].has(text::kPossessive)) break;
  }
  const bool opening_free = opening > 0 && (text.entities.empty() ||
                                            text.entities.front().begin >= tokens[opening - 1].end);
  if (opening_free) {
    Party p;
    p.begin = tokens.front().begin;
    p.end = tokens[opening - 1].end;
    for (std::size_t i = 0; i < opening; ++i)
      p.key += (i == 0 ? "" : " ") + tokens[i].norm;
    out.push_back(std::move(p));
  }
  for (const Entity& e : text.entities) {
    Party p;
    p.begin = e.begin;
    p.end = e.end;
    if (is_value_entity(e)) {
      p.value = &e;
    } else {
      p.key = e.key;
    }
    out.push_back(std::move(p));
  }
  return out;
}

// A relation between two names: no punctuation (an apposition, a list), a content word, and
// no word of a relation that holds both ways.
bool relates_names(std::span<const Token> relation) {
  bool content = false;
  for (const Token& t : relation) {
    if (t.kind == text::TokenKind::kPunctuation || t.kind == text::TokenKind::kSymbol ||
        kBothWays.contains(t.norm) || t.has(text::kPossessive))
      return false;
    content = content || text::is_content_word(t);
  }
  return content;
}

}  // namespace

std::vector<PartyPair> party_pairs(const ReadText& text) {
  std::vector<PartyPair> out;
  const std::span<const Token> tokens = text.tokens;
  const std::vector<Party> parties = parties_of(text);
  for (std::size_t i = 0; i + 1 < parties.size(); ++i) {
    const Party& a = parties[i];
    const Party& b = parties[i + 1];
    const std::size_t a_first = token_at(tokens, a.begin), a_after = token_at(tokens, a.end);
    const std::size_t b_first = token_at(tokens, b.begin), b_after = token_at(tokens, b.end);
    if (a_first >= a_after || a_after > b_first || b_first >= b_after) continue;
    const std::size_t length = b_first - a_after;
    if (length == 0 || length > kMaxRelationTokens) continue;
    // A possessive party is an owner, not the party: "Acme's board acquired Beta".
    if (tokens[a_after - 1].has(text::kPossessive) || tokens[b_after - 1].has(text::kPossessive))
      continue;
    const std::span<const Token> relation = tokens.subspan(a_after, length);
    const Token* before = a_first > 0 ? &tokens[a_first - 1] : nullptr;
    if (a.value == nullptr && b.value == nullptr) {
      if (!relates_names(relation)) continue;
      if (before != nullptr &&
          (kBeforeAPart.contains(before->norm) || before->has(text::kPossessive)))
        continue;
      // A name that goes on into a noun phrase is part of it: "acquired Beta shares".
      if (b_after < tokens.size() && tokens[b_after].kind == text::TokenKind::kWord &&
          text::is_content_word(tokens[b_after]))
        continue;
    } else if (a.value != nullptr && b.value != nullptr) {
      // Two values of a change, "from 5% to 8%"; any other pair of values is compared as
      // values are.
      if (before == nullptr || before->norm != "from" || length != 1 || relation[0].norm != "to" ||
          text::compare(*a.value, *b.value) != text::EntityMatch::kDifferent)
        continue;
    } else {
      continue;
    }
    out.push_back({a, b, relation});
  }
  return out;
}

namespace {

bool same_party(const Party& a, const Party& b) {
  if ((a.value == nullptr) != (b.value == nullptr)) return false;
  if (a.value == nullptr) return !a.key.empty() && a.key == b.key;
  return text::compare(*a.value, *b.value) == text::EntityMatch::kSame;
}

}  // namespace

PairOrder compare_pairs(const PartyPair& a, const PartyPair& b) {
  if (!std::equal(a.relation.begin(), a.relation.end(), b.relation.begin(), b.relation.end(),
                  [](const Token& x, const Token& y) { return x.norm == y.norm; }))
    return PairOrder::kOther;
  if (same_party(a.first, b.first) && same_party(a.second, b.second)) return PairOrder::kSame;
  if (same_party(a.first, b.second) && same_party(a.second, b.first)) return PairOrder::kSwapped;
  return PairOrder::kOther;
}

}  // namespace groundgate::filters::semantic_piece
