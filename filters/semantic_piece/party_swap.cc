#include "filters/semantic_piece/party_swap.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "filters/semantic_piece/clause_words.h"
#include "filters/semantic_piece/slot.h"
#include "filters/text/outcome_words.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/verb_form.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Entity;
using text::Token;

// Relations this long or longer are not compared: a clause of their own.
constexpr std::size_t kMaxRelationTokens = 6;

// Words of a relation that goes one way only: said the other way round it says another thing
// ("Acme acquired Beta", "Team A beat Team B", "Paris is older than Rome", "X is the founder of
// Y"). Matched by stem, and irregular verbs by their base form ("bought", "sold"). Relations
// not listed may hold both ways ("married", "met", "is identical to", "borders", "is the
// classmate of"): their order says nothing.
constexpr auto kOneWay = std::to_array<std::string_view>(
    {"acquire",  "buy",       "purchase", "sue",        "hire",        "fire",       "employ",
     "succeed",  "replace",   "precede",  "own",        "found",       "fund",       "invade",
     "attack",   "conquer",   "annex",    "overtake",   "outsell",     "outperform", "eliminate",
     "sign",     "draft",     "appoint",  "elect",      "nominate",    "acquit",     "convict",
     "arrest",   "kill",      "murder",   "rescue",     "coach",       "train",      "manage",
     "teach",    "supervise", "sponsor",  "pay",        "sell",        "lend",       "loan",
     "than",     "before",    "after",    "parent",     "father",      "mother",     "son",
     "daughter", "owner",     "founder",  "subsidiary", "predecessor", "successor",  "author",
     "director", "producer",  "creator",  "inventor"});

// Words that name two parties together, whatever relates them ("A and B beat C", "A with B
// acquired C", "as large as"): no order between them.
constexpr auto kTogether =
    text::word_table("and", "or", "nor", "with", "between", "among", "versus", "vs", "against",
                     "together", "alongside", "each", "other", "as");

// Words that make a relation a possibility, a wish or a denial rather than a fact.
constexpr auto kNotAFact =
    text::word_table("would", "could", "might", "may", "should", "can", "must", "not", "n't",
                     "never", "no", "neither", "nor", "almost", "nearly", "virtually");

// Words before a pair that make its sentence a condition or a report: "If Acme acquired Beta",
// "reports that Acme acquired Beta".
constexpr auto kFramesIt = text::word_table(
    "if", "unless", "whether", "that", "reportedly", "allegedly", "rumored", "rumoured", "should",
    "claims", "claimed", "alleges", "alleged", "believes", "believed", "thinks", "suggests",
    "suggested", "predicts", "predicted", "expects", "expected", "hopes", "hoped");

// A word before a party that makes it something else's part, owner or circumstance: "the CEO
// of Acme", "bought by Acme", "in Paris".
constexpr auto kBeforeAPart = text::word_table(
    "of", "by", "for", "from", "with", "to", "at", "in", "on", "into", "onto", "than", "as", "like",
    "against", "between", "among", "about", "over", "under", "via", "per", "through");

constexpr auto kDeterminers = text::word_table("the", "a", "an");

// The words between two parties end before the second one's determiner: "were beaten by the
// Grizzlies" relates them by "were beaten by".
std::span<const Token> without_determiner(std::span<const Token> between) {
  while (between.size() > 1 && kDeterminers.contains(between.back().norm))
    between = between.first(between.size() - 1);
  return between;
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

// A word of kOneWay or of winning over someone (outcome_words.h), by its stem ("acquired",
// "sues", "founders") or, for an irregular verb, its base form ("bought", "sold").
bool goes_one_way(const Token& t, const text::Lexicon* lexicon) {
  static const std::vector<std::string> stems = [] {
    std::vector<std::string> out;
    for (std::string_view w : kOneWay)
      out.push_back(text::stem(w));
    std::sort(out.begin(), out.end());
    return out;
  }();
  auto listed = [&](std::string_view w) {
    return std::binary_search(stems.begin(), stems.end(), text::stem(w));
  };
  if (listed(t.norm) || text::wins_over(t.norm, lexicon)) return true;
  const std::string base = text::verb_base(t, lexicon);
  return !base.empty() && listed(base);
}

// A relation between two names that goes one way, stated as a fact: no punctuation (an
// apposition, a list), no word naming them together, no negation or modal, and a word of
// kOneWay. The tokens of a value in it (a score: "were beaten 3-0 by") are the relation's
// measure, neither punctuation nor a word.
bool relates_names(std::span<const Token> relation, std::span<const Party> values,
                   const text::Lexicon* lexicon) {
  bool one_way = false;
  for (const Token& t : relation) {
    const bool in_value = std::any_of(values.begin(), values.end(), [&](const Party& v) {
      return t.begin >= v.begin && t.end <= v.end;
    });
    if (in_value) continue;
    if (t.kind == text::TokenKind::kPunctuation || t.kind == text::TokenKind::kSymbol ||
        kTogether.contains(t.norm) || kNotAFact.contains(t.norm) || t.has(text::kPossessive))
      return false;
    one_way = one_way || (t.kind == text::TokenKind::kWord && goes_one_way(t, lexicon));
  }
  return one_way || text::first_party_won(relation, lexicon).has_value();
}

// A condition or a report frames what follows it: a word of kFramesIt before token `first`.
bool framed(std::span<const Token> tokens, std::size_t first) {
  return std::any_of(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(first),
                     [](const Token& t) { return kFramesIt.contains(t.norm); });
}

}  // namespace

std::vector<PartyPair> party_pairs(const ReadText& text, const text::Lexicon* lexicon) {
  std::vector<PartyPair> out;
  const std::span<const Token> tokens = text.tokens;
  const std::vector<Party> parties = parties_of(text);
  for (std::size_t i = 0; i + 1 < parties.size(); ++i) {
    const Party& a = parties[i];
    // Two names pair across the values between them ("Ajax were beaten 3-0 by PSV").
    std::size_t next = i + 1;
    while (a.value == nullptr && next + 1 < parties.size() && parties[next].value != nullptr)
      ++next;
    if (parties[next].value != nullptr) next = i + 1;
    const Party& b = parties[next];
    const std::span<const Party> values_between(parties.data() + i + 1, next - i - 1);
    const std::size_t a_first = token_at(tokens, a.begin), a_after = token_at(tokens, a.end);
    const std::size_t b_first = token_at(tokens, b.begin), b_after = token_at(tokens, b.end);
    if (a_first >= a_after || a_after > b_first || b_first >= b_after) continue;
    const std::size_t length = b_first - a_after;
    std::size_t value_tokens = 0;  // a value's tokens are no words of the relation
    for (const Party& v : values_between)
      value_tokens += token_at(tokens, v.end) - token_at(tokens, v.begin);
    if (length == 0 || length - std::min(length, value_tokens) > kMaxRelationTokens) continue;
    // A possessive party is an owner, not the party: "Acme's board acquired Beta".
    if (tokens[a_after - 1].has(text::kPossessive) || tokens[b_after - 1].has(text::kPossessive))
      continue;
    const std::span<const Token> relation = without_determiner(tokens.subspan(a_after, length));
    const Token* before = a_first > 0 ? &tokens[a_first - 1] : nullptr;
    if (framed(tokens, a_first)) continue;
    if (a.value == nullptr && b.value == nullptr) {
      if (!relates_names(relation, values_between, lexicon)) continue;
      if (before != nullptr &&
          (kBeforeAPart.contains(before->norm) || before->has(text::kPossessive)))
        continue;
      // A name that goes on into a noun phrase is part of it: "acquired Beta shares"; one
      // with a second object after it is who the relation was for: "paid Jones a visit".
      if (b_after < tokens.size() && tokens[b_after].kind == text::TokenKind::kWord &&
          (text::is_content_word(tokens[b_after]) || kDeterminers.contains(tokens[b_after].norm)))
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

// The same name, or a full name and its last word, as news writes a name after its first
// mention ("Jannik Sinner" ... "Sinner"); the same value.
bool same_party(const Party& a, const Party& b) {
  if ((a.value == nullptr) != (b.value == nullptr)) return false;
  if (a.value != nullptr) return text::compare(*a.value, *b.value) == text::EntityMatch::kSame;
  if (a.key.empty() || b.key.empty()) return false;
  if (a.key == b.key) return true;
  auto last_word = [](std::string_view key) {
    const std::size_t space = key.rfind(' ');
    return space == std::string_view::npos ? key : key.substr(space + 1);
  };
  const bool a_one = a.key.find(' ') == std::string::npos,
             b_one = b.key.find(' ') == std::string::npos;
  return a_one != b_one && last_word(a.key) == last_word(b.key);
}

}  // namespace

const Token* simple_verb(const PartyPair& p) {
  // Auxiliaries and adverbs of time or manner before the verb ("were later narrowly beaten").
  static constexpr auto kBeforeVerb = text::word_table(
      "was", "were", "is", "are", "be", "been", "being", "has", "had", "have", "having", "got",
      "get", "gets", "later", "eventually", "finally", "then", "also", "subsequently", "ultimately",
      "duly", "comfortably", "easily", "narrowly", "soundly", "heavily");
  const Token* verb = nullptr;
  bool by = false;
  for (const Token& t : p.relation) {
    if (t.kind != text::TokenKind::kWord) continue;  // a score's figures
    if (by) return nullptr;                          // "by" ends the relation
    if (verb != nullptr) {
      if (t.norm != "by") return nullptr;  // "signed for", "acquired a stake in"
      by = true;
    } else if (!kBeforeVerb.contains(t.norm)) {
      verb = &t;
    }
  }
  return verb;
}

const Token& relation_verb(const PartyPair& p) {
  return is_passive(p) ? p.relation[p.relation.size() - 2] : p.relation.back();
}

bool is_passive(const PartyPair& p) {
  return p.relation.size() >= 2 && p.relation.back().norm == "by";
}

bool form_of(const Token& t, const Token& verb, const text::Lexicon* lexicon) {
  auto stem_or_base = [&](const Token& w) {
    const std::string base = text::verb_base(w, lexicon);
    return text::stem(base.empty() ? std::string_view(w.norm) : std::string_view(base));
  };
  return t.kind == text::TokenKind::kWord &&
         (t.norm == verb.norm || stem_or_base(t) == stem_or_base(verb));
}

PairOrder compare_pairs(const PartyPair& a, const PartyPair& b, const text::Lexicon* lexicon) {
  const bool same_order = same_party(a.first, b.first) && same_party(a.second, b.second);
  const bool other_order = same_party(a.first, b.second) && same_party(a.second, b.first);
  if (!same_order && !other_order) return PairOrder::kOther;
  // `b` says what `a` says with words of its own around the relation's verb ("later
  // acquired"), or in the other voice the other way round ("was acquired by"); in the other
  // voice the same way round ("Australia were defeated by Afghanistan" against "Australia
  // defeated Afghanistan"), the parties are swapped. The verb is known in any of its forms
  // ("were beaten by" against "beat").
  // Two results tell who won whatever their verbs: "PSV defeated Ajax", "Ajax were beaten by
  // PSV" and "Ajax lost to PSV" say the same.
  const std::optional<bool> a_won = text::first_party_won(a.relation, lexicon),
                            b_won = text::first_party_won(b.relation, lexicon);
  if (a_won && b_won && same_order != other_order) {
    const bool same_winner = same_order ? *a_won == *b_won : *a_won != *b_won;
    return same_winner ? PairOrder::kSame : PairOrder::kSwapped;
  }
  // The same verb anywhere in `b`'s relation tells the same relation; a swap by voice needs
  // both relations to be the verb alone, with its auxiliaries ("were beaten 3-0 by" against
  // "beat"; not "took a beating from", "signed for", "tried to beat").
  const Token& verb = relation_verb(a);
  const bool holds_verb = std::any_of(b.relation.begin(), b.relation.end(),
                                      [&](const Token& t) { return t.norm == verb.norm; });
  const Token *a_verb = simple_verb(a), *b_verb = simple_verb(b);
  const bool same_verb =
      a_verb != nullptr && b_verb != nullptr && form_of(*b_verb, *a_verb, lexicon);
  const bool same_voice = is_passive(a) == is_passive(b);
  if ((holds_verb || same_verb) && ((same_order && same_voice) || (other_order && !same_voice)))
    return PairOrder::kSame;
  if (same_verb && same_order && !same_voice && !other_order) return PairOrder::kSwapped;
  const bool same_words =
      std::equal(a.relation.begin(), a.relation.end(), b.relation.begin(), b.relation.end(),
                 [](const Token& x, const Token& y) { return x.norm == y.norm; });
  return same_words && other_order && !same_order ? PairOrder::kSwapped : PairOrder::kOther;
}

bool states_in_order(const ReadText& text, const PartyPair& ours, const text::Lexicon* lexicon) {
  constexpr std::size_t kReach = kMaxRelationTokens + 2;
  const Token& word = relation_verb(ours);
  auto a_form_of_it = [&](const Token& t) {
    return form_of(t, word, lexicon) ||
           (t.kind == text::TokenKind::kWord && t.norm.size() > word.norm.size() &&
            t.norm.ends_with(word.norm));
  };
  const std::span<const Token> tokens = text.tokens;
  const std::vector<Party> parties = parties_of(text);
  for (const Party& p : parties) {
    for (const Party& q : parties) {
      const std::size_t from = token_at(tokens, p.end), to = token_at(tokens, q.begin);
      if (p.begin >= q.begin || from > to || to - from > kReach) continue;
      const std::span<const Token> between = without_determiner(tokens.subspan(from, to - from));
      // The clause's order in its voice, or the other order in the other voice.
      const bool same_voice = (!between.empty() && between.back().norm == "by") == is_passive(ours);
      const bool ours_order = same_party(p, ours.first) && same_party(q, ours.second) && same_voice;
      const bool turned = same_party(p, ours.second) && same_party(q, ours.first) && !same_voice;
      if ((ours_order || turned) && std::any_of(between.begin(), between.end(), a_form_of_it))
        return true;
    }
  }
  return false;
}

namespace {

// Words that put two things in an order of place or rank: "finished behind", "ahead of",
// "ranked above", "won ... over". With kOneWay, what an exchange of two words turns round.
constexpr auto kOrderWords = std::to_array<std::string_view>(
    {"ahead", "behind", "above", "below", "beneath", "over", "under", "lead", "trail", "win",
     "lose", "outscore", "outrank", "exceed", "surpass"});

bool orders_one_way(const Token& t, const text::Lexicon* lexicon) {
  if (t.kind != text::TokenKind::kWord) return false;
  if (goes_one_way(t, lexicon)) return true;
  const std::string base = text::verb_base(t, lexicon);
  const std::string_view word = base.empty() ? std::string_view(t.norm) : std::string_view(base);
  return std::find(kOrderWords.begin(), kOrderWords.end(), word) != kOrderWords.end();
}

// An exchanged span: words only, one of them a content word.
bool exchangeable(std::span<const Token> span) {
  return std::all_of(span.begin(), span.end(),
                     [](const Token& t) { return t.kind == text::TokenKind::kWord; }) &&
         std::any_of(span.begin(), span.end(),
                     [](const Token& t) { return !text::is_stopword(t.norm); });
}

bool same_words(std::span<const Token> a, std::span<const Token> b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const Token& x, const Token& y) { return x.norm == y.norm; });
}

// Names of up to this many words are exchanged.
constexpr std::size_t kMaxExchangedWords = 4;

// `run` (as long as `clause`) is the clause with the words from its token `p` to its token
// `q` exchanged at both ends (clause = ... X M Y ..., run = ... Y M X ...), the words between
// ordering the two one way.
bool exchanged_in(std::span<const Token> clause, std::span<const Token> run, std::size_t p,
                  std::size_t q, const text::Lexicon* lexicon) {
  const std::size_t span = q - p + 1;
  for (std::size_t lx = 1; lx <= kMaxExchangedWords && lx < span; ++lx) {
    for (std::size_t ly = 1; ly <= kMaxExchangedWords && lx + ly < span; ++ly) {
      const auto x = clause.subspan(p, lx), y = clause.subspan(q + 1 - ly, ly);
      const auto middle = clause.subspan(p + lx, span - lx - ly);
      if (!same_words(run.subspan(p, ly), y) || !same_words(run.subspan(q + 1 - lx, lx), x) ||
          !same_words(run.subspan(p + ly, span - lx - ly), middle) || same_words(x, y) ||
          !exchangeable(x) || !exchangeable(y))
        continue;
      const bool ordered = std::any_of(middle.begin(), middle.end(),
                                       [&](const Token& t) { return orders_one_way(t, lexicon); });
      const bool together_or_doubted = std::any_of(
          middle.begin(), middle.end(),
          [](const Token& t) { return kTogether.contains(t.norm) || kNotAFact.contains(t.norm); });
      if (ordered && !together_or_doubted) return true;
    }
  }
  return false;
}

}  // namespace

std::optional<Exchange> exchanged_words(std::span<const Token> clause, std::span<const Token> piece,
                                        const text::Lexicon* lexicon, bool& stated) {
  while (!clause.empty() && clause.back().kind == text::TokenKind::kPunctuation)
    clause = clause.first(clause.size() - 1);
  if (clause.size() < 3 || piece.size() < clause.size()) return std::nullopt;
  std::optional<Exchange> found;
  for (std::size_t s = 0; s + clause.size() <= piece.size(); ++s) {
    const std::span<const Token> run = piece.subspan(s, clause.size());
    std::size_t p = clause.size(), q = 0;
    for (std::size_t k = 0; k < clause.size(); ++k) {
      if (clause[k].norm == run[k].norm) continue;
      p = std::min(p, k);
      q = k;
    }
    if (p == clause.size()) {
      stated = true;
      return std::nullopt;
    }
    if (found || q == p) continue;
    if (exchanged_in(clause, run, p, q, lexicon))
      found = Exchange{clause[p].begin, clause[q].end, run[p].begin, run[q].end};
  }
  return found;
}

bool parties_exchanged(std::span<const text::Token> clause, std::size_t at,
                       std::span<const text::Token> piece, std::size_t other_at) {
  auto name_word = [](const text::Token& t) {
    return t.kind == text::TokenKind::kWord && t.has(text::kCapitalized) &&
           !text::is_stopword(t.norm);
  };
  auto names_in = [&](std::span<const text::Token> tokens, std::string_view norm) {
    return std::any_of(tokens.begin(), tokens.end(),
                       [&](const text::Token& t) { return name_word(t) && t.norm == norm; });
  };
  const std::span<const text::Token> piece_before = piece.first(other_at);
  const std::span<const text::Token> piece_after = piece.subspan(other_at + 1);
  auto moved = [&](std::span<const text::Token> from, std::span<const text::Token> to,
                   std::span<const text::Token> not_in) {
    return std::any_of(from.begin(), from.end(), [&](const text::Token& t) {
      return name_word(t) && names_in(to, t.norm) && !names_in(not_in, t.norm);
    });
  };
  return moved(clause.first(at), piece_after, piece_before) &&
         moved(clause.subspan(at + 1), piece_before, piece_after);
}

}  // namespace groundgate::filters::semantic_piece
