#include "filters/semantic_piece/count_comparison.h"

#include <algorithm>
#include <vector>

#include "filters/semantic_piece/counted.h"
#include "filters/text/modality.h"
#include "filters/text/negation.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Entity;
using text::EntityType;
using text::Token;

// "X has more species than Y", "X has fewer members.": a comparison of two counts of the
// noun right after the cue. Not a bound ("more than 80 majors"): the noun must follow.
constexpr auto kMoreWords = text::word_table("more", "greater");
constexpr auto kFewerWords = text::word_table("fewer", "less", "smaller");

struct CountCue {
  std::size_t at = 0;    // the cue's token index
  std::size_t noun = 0;  // the counted noun's
  bool more = true;
  SecondPartyAt second = SecondPartyAt::kAsked;
};

std::optional<CountCue> find_count_cue(std::span<const Token> tokens) {
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
    const std::string_view w = tokens[i].norm;
    const bool more = kMoreWords.contains(w);
    if (!more && !kFewerWords.contains(w)) continue;
    const Token& noun = tokens[i + 1];
    if (noun.kind != text::TokenKind::kWord || !text::is_content_word(noun)) continue;
    CountCue cue{i, i + 1, more, SecondPartyAt::kAsked};
    if (i + 2 < tokens.size() && tokens[i + 2].norm == "than") {
      cue.second = SecondPartyAt::kAfterThan;
    } else if (!ends_clause(tokens, i + 2)) {
      continue;
    }
    return cue;
  }
  return std::nullopt;
}

// Words that make a clause a condition, a hypothesis or a plan rather than a statement.
constexpr auto kConditionWords =
    text::word_table("if", "unless", "whether", "would", "will", "shall");

// A clause that states its counts as a present or past fact: no negation, modality, future
// or condition ("does not have more", "plans to hire 20,000", "if it had more").
bool states_plain_fact(std::span<const Token> tokens) {
  if (text::has_negation_cue(tokens) || text::clause_modality(tokens) != text::Modality::kFact)
    return false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (kConditionWords.contains(tokens[i].norm) || text::planned_verb(tokens, i)) return false;
  }
  return true;
}

bool is_number(const Token& t) {
  return t.kind == text::TokenKind::kNumber;
}

// Tokens [first, last] are one end of a range the extractor read as two numbers ("150–400",
// "100 to 200"): which end the count is, is unclear.
bool ends_a_range(std::span<const Token> tokens, std::size_t first, std::size_t last) {
  constexpr auto kRangeJoins = text::word_table("-", "–", "—", "to", "or");
  const bool before =
      first >= 2 && kRangeJoins.contains(tokens[first - 1].norm) && is_number(tokens[first - 2]);
  const bool after = last + 2 < tokens.size() && kRangeJoins.contains(tokens[last + 1].norm) &&
                     is_number(tokens[last + 2]);
  return before || after;
}

struct Count {
  Entity value;
  int year = 0;  // year_of() the counting sentence
};

// The year a context sentence names, 0 for none.
int year_of(const index::ContextIndex& index, const index::ContextIndex::Piece& piece) {
  for (const index::IndexedEntity& e : index.piece_entities(piece)) {
    if (e.type == EntityType::kTime && e.date.year != 0) return e.date.year;
  }
  return 0;
}

// The count of `noun` (a stem) where the context introduces the party — its piece and the
// pieces that go on speaking of it: a number right before the noun ("a genus of 48–56
// species", "It has 300 employees"), in a sentence that states it as a fact. Nullopt where
// none, or where two counts differ (another year's, a plan's, another thing's): whose count
// is the party's is unclear.
std::optional<Count> count_of(const index::ContextIndex& index, std::uint32_t piece,
                              std::string_view noun) {
  const auto pieces = index.pieces();
  std::optional<Count> found;
  for (std::uint32_t q = piece; q < pieces.size() && index.same_window(piece, q); ++q) {
    const std::string_view text = index.piece_text(pieces[q]);
    std::vector<Token> tokens;
    for (const index::IndexedEntity& packed : index.piece_entities(pieces[q])) {
      if (packed.type != EntityType::kNumber) continue;
      Entity e = index.unpack(packed, pieces[q].passage);
      // "48–56 species" reads as a score: a range here.
      if (e.subtype == text::EntitySubtype::kScore) {
        e.low = std::min(e.value, e.second);
        e.high = std::max(e.value, e.second);
      } else if (e.subtype != text::EntitySubtype::kCardinal) {
        continue;
      }
      if (tokens.empty()) tokens = text::tokenize(text);
      const std::size_t begin = e.begin - pieces[q].begin, end = e.end - pieces[q].begin;
      const auto first = static_cast<std::size_t>(
          std::lower_bound(tokens.begin(), tokens.end(), begin,
                           [](const Token& t, std::size_t at) { return t.begin < at; }) -
          tokens.begin());
      std::size_t last = first;
      while (last + 1 < tokens.size() && tokens[last + 1].end <= end)
        ++last;
      const Counted counted = counted_words(tokens, begin, end);
      if (counted.after.empty() || counted.after.front() != noun || last + 1 >= tokens.size() ||
          text::stem(tokens[last + 1].norm) != noun || ends_a_range(tokens, first, last) ||
          !states_plain_fact(tokens))
        continue;
      if (found && (found->value.low != e.low || found->value.high != e.high)) return std::nullopt;
      found = Count{std::move(e), year_of(index, pieces[q])};
    }
  }
  return found;
}

}  // namespace

std::optional<OrderConflict> check_count_comparison(const ComparedClause& clause) {
  const std::span<const Token> tokens = clause.tokens;
  const std::optional<CountCue> cue = find_count_cue(tokens);
  // A comparison stated as a fact, of no particular time ("had more members in 1999" may
  // compare counts the context gives for other years).
  const bool timed = std::any_of(clause.entities.begin(), clause.entities.end(),
                                 [](const Entity& e) { return e.type == EntityType::kTime; });
  if (!cue || timed || !states_plain_fact(tokens)) return std::nullopt;
  // "more species than Y": the other party follows "than" after the noun.
  const auto parties = compared_parties(clause, cue->noun, cue->second);
  if (!parties) return std::nullopt;
  const auto& [subject, other] = *parties;
  const std::string noun = text::stem(tokens[cue->noun].norm);
  const std::optional<Count> subject_count = count_of(clause.index, *subject.piece, noun);
  const std::optional<Count> other_count = count_of(clause.index, *other.piece, noun);
  // Counts of two different years compare nothing the clause states.
  if (!subject_count || !other_count || subject_count->year != other_count->year)
    return std::nullopt;
  const Entity& ours = subject_count->value;
  const Entity& theirs = other_count->value;
  const bool conflict = cue->more ? ours.high < theirs.low : ours.low > theirs.high;
  if (!conflict) return std::nullopt;
  OrderConflict out;
  out.piece = *subject.piece;
  out.reason = "the context gives " + std::string(subject.text) + " " + ours.text + " " +
               std::string(tokens[cue->noun].norm) + " and " + std::string(other.text) + " " +
               theirs.text;
  return out;
}

}  // namespace groundgate::filters::semantic_piece
