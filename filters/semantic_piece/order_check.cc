#include "filters/semantic_piece/order_check.h"

#include <algorithm>
#include <tuple>
#include <vector>

#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Entity;
using text::EntityType;
using text::Token;

enum class Direction { kEarlier, kLater };

constexpr auto kEarlierWords = text::word_table("first", "earlier", "earliest", "before", "older",
                                                "oldest", "prior", "predates", "preceded");
constexpr auto kLaterWords =
    text::word_table("last", "later", "latest", "after", "younger", "youngest", "newer", "newest");
constexpr auto kPrepositions = text::word_table("before", "after");

struct Cue {
  std::size_t at = 0;  // token index
  Direction direction = Direction::kEarlier;
  SecondPartyAt second = SecondPartyAt::kAsked;
};

// "X was the first band founded.": a superlative after "the" that ends the clause within a
// short noun phrase orders the subject against the other party as "X came first." does.
bool ends_noun_phrase(std::span<const Token> tokens, std::size_t cue) {
  constexpr std::size_t kMaxPhraseWords = 2;
  if (cue == 0 || tokens[cue - 1].norm != "the") return false;
  for (std::size_t i = cue + 1; i <= cue + 1 + kMaxPhraseWords; ++i) {
    if (ends_clause(tokens, i)) return true;
    if (tokens[i].kind != text::TokenKind::kWord || tokens[i].has(text::kCapitalized)) return false;
  }
  return false;
}

// Only cues that order two parties: "X was released before Y", "X is older than Y", "X came
// first." — not "after earning 61 caps", "later co-founded", "his first album".
std::optional<Cue> find_cue(std::span<const Token> tokens) {
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string_view w = tokens[i].norm;
    if (tokens[i].kind != text::TokenKind::kWord) continue;
    const bool earlier = kEarlierWords.contains(w);
    if (!earlier && !kLaterWords.contains(w)) continue;
    Cue cue{i, earlier ? Direction::kEarlier : Direction::kLater, SecondPartyAt::kAsked};
    if (kPrepositions.contains(w)) {
      cue.second = SecondPartyAt::kAfterCue;
    } else if (i + 1 < tokens.size() && tokens[i + 1].norm == "than") {
      cue.second = SecondPartyAt::kAfterThan;
    } else if (!ends_clause(tokens, i + 1) && !ends_noun_phrase(tokens, i)) {
      continue;
    }
    return cue;
  }
  return std::nullopt;
}

// The first date where the context introduces the party — its piece and the pieces that go on
// speaking of it ("The magazine was started in 1989."): founding, birth, release.
std::optional<Entity> date_of(const index::ContextIndex& index, std::uint32_t piece) {
  const auto pieces = index.pieces();
  for (std::uint32_t q = piece; q < pieces.size() && index.same_window(piece, q); ++q) {
    for (const index::IndexedEntity& e : index.piece_entities(pieces[q])) {
      if (e.type != EntityType::kTime || e.date.year == 0) continue;
      if (e.date.precision == text::DatePrecision::kCentury ||
          e.date.precision == text::DatePrecision::kDecade) {
        continue;
      }
      return index.unpack(e, pieces[q].passage);
    }
  }
  return std::nullopt;
}

// -1, 0, 1 at the precision both dates have.
int order(const text::DateValue& a, const text::DateValue& b) {
  auto key = [](const text::DateValue& d, text::DatePrecision precision) {
    const bool month = precision >= text::DatePrecision::kMonth;
    const bool day = precision >= text::DatePrecision::kDay;
    return std::tuple(d.year, month ? d.month : 0, day ? d.day : 0);
  };
  const text::DatePrecision common = std::min(a.precision, b.precision);
  const auto ka = key(a, common);
  const auto kb = key(b, common);
  return ka < kb ? -1 : (kb < ka ? 1 : 0);
}

}  // namespace

std::optional<OrderConflict> check_order(const ComparedClause& clause) {
  const index::ContextIndex& index = clause.index;
  const std::optional<Cue> cue = find_cue(clause.tokens);
  if (!cue) return std::nullopt;
  const auto parties = compared_parties(clause, cue->at, cue->second);
  if (!parties) return std::nullopt;
  const auto& [subject, other] = *parties;
  const std::optional<Entity> subject_date = date_of(index, *subject.piece);
  const std::optional<Entity> other_date = date_of(index, *other.piece);
  if (!subject_date || !other_date) {
    OrderConflict out;
    out.kind = OrderConflict::Kind::kUndated;
    out.piece = *subject.piece;
    const auto dated = [](const ComparedParty& p, const std::optional<Entity>& date) {
      return std::string(p.text) + (date ? " " + date->text : " nowhere");
    };
    out.reason = "the context dates " + dated(subject, subject_date) + " and " +
                 dated(other, other_date) + ": the order is not in the context";
    return out;
  }
  const int o = order(subject_date->date, other_date->date);
  const bool conflict = cue->direction == Direction::kEarlier ? o > 0 : o < 0;
  if (!conflict) return std::nullopt;
  OrderConflict out;
  out.piece = *subject.piece;
  out.reason = "the context dates " + std::string(subject.text) + " " + subject_date->text +
               " and " + std::string(other.text) + " " + other_date->text;
  return out;
}

}  // namespace groundgate::filters::semantic_piece
