#include "filters/semantic_piece/order_check.h"

#include <algorithm>
#include <tuple>
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

enum class Direction { kEarlier, kLater };

constexpr auto kEarlierWords = text::word_table("first", "earlier", "earliest", "before", "older",
                                                "oldest", "prior", "predates", "preceded");
constexpr auto kLaterWords =
    text::word_table("last", "later", "latest", "after", "younger", "youngest", "newer", "newest");
constexpr auto kPrepositions = text::word_table("before", "after");

// How the clause names the second party.
enum class Object {
  kAfterCue,   // "before Y", "after Y": right after the cue
  kAfterThan,  // "older than Y"
  kAsked,      // "X was born first.", "X is older.": the other one the question names
};

struct Cue {
  std::size_t at = 0;  // token index
  Direction direction = Direction::kEarlier;
  Object object = Object::kAsked;
};

bool ends_clause(std::span<const Token> tokens, std::size_t i) {
  return i >= tokens.size() || tokens[i].kind == text::TokenKind::kPunctuation;
}

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
    Cue cue{i, earlier ? Direction::kEarlier : Direction::kLater, Object::kAsked};
    if (kPrepositions.contains(w)) {
      cue.object = Object::kAfterCue;
    } else if (i + 1 < tokens.size() && tokens[i + 1].norm == "than") {
      cue.object = Object::kAfterThan;
    } else if (!ends_clause(tokens, i + 1) && !ends_noun_phrase(tokens, i)) {
      continue;
    }
    return cue;
  }
  return std::nullopt;
}

// A named party: where the context mentions it first (the piece of its rarest word).
struct Party {
  std::string_view text;
  std::size_t begin = 0;  // offsets in the text it was found in
  std::size_t end = 0;
  std::optional<std::uint32_t> piece;
};

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
std::vector<Party> clause_parties(const index::ContextIndex& index, std::string_view sentence,
                                  std::span<const Token> tokens, std::span<const Entity> entities,
                                  std::span<const std::string> question_words) {
  std::vector<Party> out;
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
            [](const Party& a, const Party& b) { return a.begin < b.begin; });
  for (Party& p : out)
    p.piece = first_piece(index, p.text);
  return out;
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

std::optional<OrderConflict> check_order(const index::ContextIndex& index,
                                         std::string_view sentence, std::span<const Token> tokens,
                                         std::span<const Entity> entities,
                                         std::span<const Entity> question_entities,
                                         std::span<const std::string> question_words,
                                         const text::Entity* alternative) {
  const std::optional<Cue> cue = find_cue(tokens);
  if (!cue) return std::nullopt;
  const std::vector<Party> parties =
      clause_parties(index, sentence, tokens, entities, question_words);
  // The subject is the clause's first name, before the cue; the other party, where the cue
  // says it is.
  const std::size_t cue_begin = tokens[cue->at].begin;
  if (parties.empty() || !parties.front().piece || parties.front().end > cue_begin) {
    return std::nullopt;
  }
  const Party* subject = &parties.front();
  const Party* other = nullptr;
  Party asked;
  if (cue->object != Object::kAsked) {
    std::size_t next = cue->at + (cue->object == Object::kAfterThan ? 2 : 1);
    if (next < tokens.size() && tokens[next].norm == "the") ++next;
    if (next >= tokens.size()) return std::nullopt;
    for (const Party& p : parties) {
      if (p.begin == tokens[next].begin && p.piece) other = &p;
    }
  } else {
    // "Who was born first, A or B?": the one of the question's names the answer did not pick;
    // B when the answer picks another, else the only other name the question has.
    std::span<const Entity> candidates = question_entities;
    if (alternative != nullptr && !mentions(entities, *alternative)) {
      const std::optional<std::uint32_t> piece = first_piece(index, alternative->text);
      if (piece && *piece != *subject->piece) candidates = std::span<const Entity>(alternative, 1);
    }
    for (const Entity& q : candidates) {
      if (!is_name(q) || mentions(entities, q)) continue;
      const std::optional<std::uint32_t> piece = first_piece(index, q.text);
      if (!piece || *piece == *subject->piece) continue;
      if (other != nullptr) {
        if (*other->piece == *piece) continue;  // another word of the same name
        return std::nullopt;                    // more than one candidate: no pair to order
      }
      asked = Party{std::string_view(q.text), q.begin, q.end, piece};
      other = &asked;
    }
  }
  if (other == nullptr) return std::nullopt;
  if (*other->piece == *subject->piece) return std::nullopt;  // one sentence dates both: unclear
  const std::optional<Entity> subject_date = date_of(index, *subject->piece);
  const std::optional<Entity> other_date = date_of(index, *other->piece);
  if (!subject_date || !other_date) {
    OrderConflict out;
    out.kind = OrderConflict::Kind::kUndated;
    out.piece = *subject->piece;
    const auto dated = [](const Party& p, const std::optional<Entity>& date) {
      return std::string(p.text) + (date ? " " + date->text : " nowhere");
    };
    out.reason = "the context dates " + dated(*subject, subject_date) + " and " +
                 dated(*other, other_date) + ": the order is not in the context";
    return out;
  }
  const int o = order(subject_date->date, other_date->date);
  const bool conflict = cue->direction == Direction::kEarlier ? o > 0 : o < 0;
  if (!conflict) return std::nullopt;
  OrderConflict out;
  out.piece = *subject->piece;
  out.reason = "the context dates " + std::string(subject->text) + " " + subject_date->text +
               " and " + std::string(other->text) + " " + other_date->text;
  return out;
}

}  // namespace groundgate::filters::semantic_piece
