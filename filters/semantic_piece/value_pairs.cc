#include "filters/semantic_piece/value_pairs.h"

#include <algorithm>
#include <optional>
#include <span>
#include <vector>

#include "filters/text/stopwords.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

using text::Entity;
using text::EntityMatch;
using text::Token;

// A token that breaks two parts belongs to neither.
constexpr std::size_t kNoPart = static_cast<std::size_t>(-1);

// Marks and words between two statements of one sentence (not a colon: "2021: $6 million"
// gives the two together).
constexpr auto kPartBreaks = text::word_table(",", ";", "(", ")", "and", "while", "whereas", "but",
                                              "compared", "versus", "vs", "against");

// Whether token `t` ends a part: a mark or joining word outside a value, and not the "and" of
// a "between A and B" the part opened.
class PartBreaks {
 public:
  explicit PartBreaks(std::span<const Entity> entities) : entities_(entities) {}
  bool breaks(const Token& t) {
    const bool inside = std::any_of(entities_.begin(), entities_.end(), [&](const Entity& e) {
      return e.begin <= t.begin && t.end <= e.end;
    });
    if (inside) return false;
    if (t.norm == "between") between_ = true;
    if (t.norm == "and" && between_) {
      between_ = false;
      return false;
    }
    if (!kPartBreaks.contains(t.norm)) return false;
    between_ = false;
    return true;
  }

 private:
  std::span<const Entity> entities_;
  bool between_ = false;
};

// The part of the sentence each of its entities stands in, by entity index.
std::vector<std::size_t> parts_of(const ReadText& sentence) {
  std::vector<std::size_t> out;
  out.reserve(sentence.entities.size());
  std::size_t part = 0, next = 0;
  PartBreaks breaks(sentence.entities);
  for (const Token& t : sentence.tokens) {
    while (next < sentence.entities.size() && sentence.entities[next].end <= t.begin) {
      out.push_back(part);
      ++next;
    }
    if (breaks.breaks(t)) ++part;
  }
  while (out.size() < sentence.entities.size())
    out.push_back(part);
  return out;
}

// The part each token stands in.
std::vector<std::size_t> token_parts(const ReadText& sentence) {
  std::vector<std::size_t> out;
  out.reserve(sentence.tokens.size());
  std::size_t part = 0;
  PartBreaks breaks(sentence.entities);
  for (const Token& t : sentence.tokens) {
    if (breaks.breaks(t)) {
      ++part;
      out.push_back(kNoPart);
    } else {
      out.push_back(part);
    }
  }
  return out;
}

// Words two parallel parts may differ in without naming another thing: articles, and the
// hedges of a value ("about 17%" beside "23%").
constexpr auto kLeftOutOfParallel = text::word_table(
    "the", "a", "an", "about", "approximately", "around", "nearly", "roughly", "almost", "some");

// A word that may name a thing: a content word, or one written in capitals ("the US"); a
// letter is a unit or an initial ("26p"), not a name.
bool names_a_thing(std::string_view text, const Token& t) {
  if (t.kind != text::TokenKind::kWord || t.norm.size() < 2) return false;
  const std::string_view surface = t.surface(text);
  return text::is_content_word(t) ||
         std::all_of(surface.begin(), surface.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

// The naming words that set two parts' words apart: one to three content words in a row in
// each, everything before and after them the same. Parts that share no word must differ in
// one word each (a longer difference is two different statements), and parts `cut_down` to
// what a list leaves out not even that.
std::optional<ParallelPart> differing_names(std::string_view text,
                                            std::span<const Token* const> own,
                                            std::span<const Token* const> other,
                                            bool cut_down = false) {
  constexpr std::size_t kMaxNameWords = 3;
  std::size_t prefix = 0;
  while (prefix < own.size() && prefix < other.size() && own[prefix]->norm == other[prefix]->norm)
    ++prefix;
  std::size_t suffix = 0;
  while (suffix < own.size() - prefix && suffix < other.size() - prefix &&
         own[own.size() - 1 - suffix]->norm == other[other.size() - 1 - suffix]->norm)
    ++suffix;
  const auto own_names = own.subspan(prefix, own.size() - prefix - suffix);
  const auto other_names = other.subspan(prefix, other.size() - prefix - suffix);
  if (own_names.empty() || other_names.empty() || own_names.size() > kMaxNameWords ||
      other_names.size() > kMaxNameWords)
    return std::nullopt;
  if (prefix + suffix == 0 && (cut_down || own_names.size() > 1 || other_names.size() > 1))
    return std::nullopt;
  auto naming = [&](const Token* t) { return names_a_thing(text, *t); };
  if (!std::all_of(own_names.begin(), own_names.end(), naming) ||
      !std::all_of(other_names.begin(), other_names.end(), naming))
    return std::nullopt;
  ParallelPart out;
  for (const Token* t : own_names)
    out.own_words.push_back(t->norm);
  for (const Token* t : other_names)
    out.other_words.push_back(t->norm);
  out.other_name =
      text.substr(other_names.front()->begin, other_names.back()->end - other_names.front()->begin);
  return out;
}

// A part's words (its values, punctuation and kLeftOutOfParallel left out), and those before
// and after its value.
struct PartWords {
  std::vector<const Token*> all, before, after;
};

// A list says once what its items share. A part that opens with its value may be parallel to
// what follows the other's value ("They constitute 23% of Malaysia and 17% of the global
// population": the lead-in), and when it ends the sentence its last words may be said of both
// ("6 hours on homework and 3 hours on sports each week"); the words after two values, in
// their last words ("41% of transactions in Kenya and 12% in Nigeria": what the value
// measures); a part with nothing after its value, in what comes before the values ("North
// America generated 45% of revenue and Western Europe generated 30%": the complement).
std::optional<ParallelPart> elliptical(std::string_view text, const PartWords& own,
                                       const PartWords& other, bool opening_ends_sentence) {
  const bool own_opens = own.before.empty(), other_opens = other.before.empty();
  if (own_opens != other_opens) {
    std::span<const Token* const> led = own_opens ? other.after : own.after;
    std::span<const Token* const> opening = own_opens ? own.all : other.all;
    std::optional<ParallelPart> lead_in;
    for (const bool shared_tail : {false, true}) {
      if (lead_in || (shared_tail && (!opening_ends_sentence || opening.size() <= led.size())))
        continue;
      const auto opening_words = shared_tail ? opening.first(led.size()) : opening;
      lead_in = own_opens ? differing_names(text, opening_words, led, true)
                          : differing_names(text, led, opening_words, true);
    }
    if (lead_in) return lead_in;
  }
  if (!own.after.empty() && !other.after.empty() && own.after.size() != other.after.size()) {
    const std::size_t n = std::min(own.after.size(), other.after.size());
    std::optional<ParallelPart> measured =
        differing_names(text, std::span<const Token* const>(own.after).last(n),
                        std::span<const Token* const>(other.after).last(n), true);
    if (measured) return measured;
  }
  if (own.after.empty() != other.after.empty() && !own.before.empty() && !other.before.empty())
    return differing_names(text, own.before, other.before, true);
  return std::nullopt;
}

// The words a list joins its items with ("Kenya, Ghana and Nigeria").
constexpr auto kListJoints = text::word_table(",", "and", "or");

// A thing of a list: tokens [first, last] of the sentence.
struct ListItem {
  std::size_t first = 0, last = 0;
};

// A sentence that pairs by order ("Kenya and Nigeria have shares of 41% and 12%,
// respectively"): its values of `value`'s kind, listed one after another, and the one list of
// as many things, each named in one to three words. Empty where the sentence does not say
// "respectively", or where the values or things cannot be told apart in one way only.
struct RespectiveList {
  std::vector<const Entity*> values;
  std::vector<ListItem> items;
  std::size_t own = 0;  // the item (and value) the same as `value`
};

std::optional<RespectiveList> respective_list(const ReadText& sentence, const Entity& value) {
  const std::span<const Token> tokens = sentence.tokens;
  const auto respectively = std::find_if(tokens.begin(), tokens.end(),
                                         [](const Token& t) { return t.norm == "respectively"; });
  if (respectively == tokens.end()) return std::nullopt;
  RespectiveList out;
  for (const Entity& e : sentence.entities) {
    if ((e.type == text::EntityType::kNumber || e.type == text::EntityType::kTime) &&
        text::compare(value, e) != EntityMatch::kIncomparable)
      out.values.push_back(&e);
  }
  const std::size_t n = out.values.size();
  if (n < 2) return std::nullopt;
  std::size_t same = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (text::compare(value, *out.values[i]) != EntityMatch::kSame) continue;
    out.own = i;
    ++same;
  }
  if (same != 1) return std::nullopt;
  // The values stand listed: between two of them only list joints, articles and hedges.
  const std::size_t values_begin = out.values.front()->begin, values_end = out.values.back()->end;
  auto inside_a_value = [&](const Token& t) {
    return std::any_of(out.values.begin(), out.values.end(),
                       [&](const Entity* e) { return e->begin <= t.begin && t.end <= e->end; });
  };
  for (const Token& t : tokens) {
    if (t.begin >= values_begin && t.end <= values_end && !inside_a_value(t) &&
        !kListJoints.contains(t.norm) && !kLeftOutOfParallel.contains(t.norm))
      return std::nullopt;
  }
  // The tokens outside the values, by kind: a naming word, a joint, or anything else (which
  // ends an item). Articles are skipped.
  enum class Kind : std::uint8_t { kName, kJoint, kOther };
  struct Run {
    Kind kind;
    std::vector<std::size_t> at;  // token indices
    bool and_or = false;          // a joint run with "and" or "or" in it
  };
  std::vector<Run> runs;
  const auto end = static_cast<std::size_t>(respectively - tokens.begin());
  for (std::size_t i = 0; i < end; ++i) {
    const Token& t = tokens[i];
    if (kLeftOutOfParallel.contains(t.norm)) continue;
    const bool in_values = t.begin >= values_begin && t.end <= values_end;
    Kind kind = Kind::kOther;
    if (!in_values && kListJoints.contains(t.norm)) {
      kind = Kind::kJoint;
    } else if (!in_values && names_a_thing(sentence.text, t)) {
      kind = Kind::kName;
    }
    if (runs.empty() || runs.back().kind != kind || kind == Kind::kOther)
      runs.push_back({kind, {}, false});
    runs.back().at.push_back(i);
    runs.back().and_or = runs.back().and_or || t.norm == "and" || t.norm == "or";
  }
  constexpr std::size_t kMaxNameWords = 3;
  // n names joined by n - 1 joints, the last with "and" or "or"; the first item is the end of
  // its run of words, the last the start of its, the ones between whole.
  std::optional<std::vector<ListItem>> found;
  for (std::size_t r = 0; r + 2 * (n - 1) < runs.size(); ++r) {
    bool list = true;
    for (std::size_t j = 0; j < 2 * n - 1 && list; ++j) {
      const Run& run = runs[r + j];
      if (j % 2 == 1) {
        list = run.kind == Kind::kJoint && (j != 2 * n - 3 || run.and_or);
      } else {
        list =
            run.kind == Kind::kName && (j == 0 || j == 2 * n - 2 || run.at.size() <= kMaxNameWords);
      }
    }
    if (!list) continue;
    if (found) return std::nullopt;  // two lists of as many things: which one is not said
    std::vector<ListItem> items;
    for (std::size_t j = 0; j < 2 * n - 1; j += 2) {
      const std::vector<std::size_t>& at = runs[r + j].at;
      const std::size_t words = std::min(at.size(), kMaxNameWords);
      const std::size_t from = j == 0 ? at.size() - words : 0;
      const std::size_t to = j == 2 * n - 2 ? words : at.size();
      items.push_back({at[from], at[to - 1]});
    }
    found = std::move(items);
  }
  if (!found) return std::nullopt;
  out.items = std::move(*found);
  return out;
}

// What a respective list says of its value's thing, against each other thing of the list.
std::vector<ParallelPart> respective_parts(const ReadText& sentence, const RespectiveList& list) {
  auto words = [&](const ListItem& item) {
    std::vector<std::string_view> out;
    for (std::size_t i = item.first; i <= item.last; ++i) {
      if (!kLeftOutOfParallel.contains(sentence.tokens[i].norm))
        out.push_back(sentence.tokens[i].norm);
    }
    return out;
  };
  std::vector<ParallelPart> out;
  const ListItem& own = list.items[list.own];
  for (std::size_t j = 0; j < list.items.size(); ++j) {
    if (j == list.own) continue;
    const ListItem& other = list.items[j];
    ParallelPart part;
    part.own_words = words(own);
    part.other_words = words(other);
    const std::size_t begin = sentence.tokens[other.first].begin;
    part.other_name = sentence.text.substr(begin, sentence.tokens[other.last].end - begin);
    part.other_value = list.values[j];
    out.push_back(std::move(part));
  }
  return out;
}

// Whether the sentence's first part (by `parts`, token_parts()) is a phrase a comma ends that
// holds no number or time.
bool opening_phrase(const ReadText& sentence, const std::vector<std::size_t>& parts) {
  for (std::size_t i = 0; i < sentence.tokens.size(); ++i) {
    if (parts[i] == 0) continue;
    if (i == 0 || sentence.tokens[i].norm != ",") return false;
    const std::size_t end = sentence.tokens[i].begin;
    return std::none_of(sentence.entities.begin(), sentence.entities.end(), [&](const Entity& e) {
      return (e.type == text::EntityType::kNumber || e.type == text::EntityType::kTime) &&
             e.begin < end;
    });
  }
  return false;
}

}  // namespace

bool in_one_part(const ReadText& text, const Entity& a, const Entity& b) {
  const std::size_t from = std::min(a.end, b.end), to = std::max(a.begin, b.begin);
  PartBreaks breaks(text.entities);
  for (const Token& t : text.tokens) {
    if (t.begin >= to) break;
    if (breaks.breaks(t) && t.begin >= from) return false;
  }
  return true;
}

ValuePairing pair_values(const ReadText& sentence, const Entity& value, const Entity& key) {
  ValuePairing out;
  if (std::any_of(sentence.tokens.begin(), sentence.tokens.end(),
                  [](const Token& t) { return t.norm == "respectively"; }))
    return out;
  const std::vector<std::size_t> parts = parts_of(sentence);
  bool key_found = false, apart = true;
  const Entity* instead = nullptr;
  for (std::size_t i = 0; i < sentence.entities.size(); ++i) {
    if (text::compare(key, sentence.entities[i]) != EntityMatch::kSame) continue;
    key_found = true;
    const Entity* other = nullptr;
    for (std::size_t j = 0; j < sentence.entities.size(); ++j) {
      if (parts[j] != parts[i] || j == i) continue;
      const EntityMatch m = text::compare(value, sentence.entities[j]);
      if (m == EntityMatch::kSame) {
        out.kind = ValuePairing::Kind::kTogether;
        return out;
      }
      if (m == EntityMatch::kDifferent && other == nullptr) other = &sentence.entities[j];
    }
    if (other == nullptr) {
      apart = false;
    } else if (instead == nullptr) {
      instead = other;
    } else if (text::compare(*instead, *other) != EntityMatch::kSame) {
      apart = false;  // the key goes with two other values: which one is not said
    }
  }
  // The sentence gives the answer's value with a key of its own (another year) in some part: a
  // key said once for the whole sentence ("In 2023 revenue was $1.2 billion and net income $300
  // million") pairs nothing apart.
  bool keyed_apart = false;
  for (std::size_t i = 0; i < sentence.entities.size() && !keyed_apart; ++i) {
    if (text::compare(value, sentence.entities[i]) != EntityMatch::kSame) continue;
    for (std::size_t j = 0; j < sentence.entities.size(); ++j) {
      keyed_apart =
          keyed_apart || (parts[j] == parts[i] &&
                          text::compare(key, sentence.entities[j]) == EntityMatch::kDifferent);
    }
  }
  if (key_found && apart && instead != nullptr && keyed_apart) {
    out.kind = ValuePairing::Kind::kApart;
    out.instead = instead;
  }
  return out;
}

std::vector<ParallelPart> parallel_parts(const ReadText& sentence, const Entity& value) {
  if (const std::optional<RespectiveList> list = respective_list(sentence, value))
    return respective_parts(sentence, *list);
  std::vector<ParallelPart> out;
  const std::vector<std::size_t> parts = token_parts(sentence);
  // A place or a name is what a part speaks of ("23% of Kenya"): words; a number or a time is
  // a value.
  auto inside_value = [&](const Token& t) {
    return std::any_of(sentence.entities.begin(), sentence.entities.end(), [&](const Entity& e) {
      return (e.type == text::EntityType::kNumber || e.type == text::EntityType::kTime) &&
             e.begin <= t.begin && t.end <= e.end;
    });
  };
  // A part's words, its values' tokens and its punctuation left out.
  auto words_of = [&](std::size_t part) {
    std::vector<const Token*> words;
    for (std::size_t i = 0; i < sentence.tokens.size(); ++i) {
      const Token& t = sentence.tokens[i];
      if (parts[i] == part && t.kind != text::TokenKind::kPunctuation && !inside_value(t) &&
          !kLeftOutOfParallel.contains(t.norm))
        words.push_back(&t);
    }
    return words;
  };
  // The one value of a part that compares with `value`.
  auto value_of = [&](std::size_t part) -> const Entity* {
    const Entity* found = nullptr;
    for (const Entity& e : sentence.entities) {
      const auto it = std::lower_bound(sentence.tokens.begin(), sentence.tokens.end(), e.begin,
                                       [](const Token& t, std::size_t at) { return t.begin < at; });
      if (it == sentence.tokens.end() ||
          parts[static_cast<std::size_t>(it - sentence.tokens.begin())] != part ||
          text::compare(value, e) == EntityMatch::kIncomparable)
        continue;
      if (found != nullptr) return nullptr;  // two: which one is not said
      found = &e;
    }
    return found;
  };
  std::size_t last = 0;
  for (std::size_t p : parts) {
    if (p != kNoPart) last = std::max(last, p);
  }
  // A part's words, split at its value.
  auto split = [&](std::size_t part, std::vector<const Token*> words) {
    PartWords out;
    const Entity* v = value_of(part);
    for (const Token* t : words)
      (v != nullptr && t->begin >= v->end ? out.after : out.before).push_back(t);
    out.all = std::move(words);
    return out;
  };
  std::optional<std::size_t> own;
  for (std::size_t p = 0; p <= last; ++p) {
    const Entity* v = value_of(p);
    if (v != nullptr && text::compare(value, *v) == EntityMatch::kSame) own = p;
  }
  if (!own) return out;
  const PartWords own_words = split(*own, words_of(*own));
  for (std::size_t p = 0; p <= last; ++p) {
    const Entity* other = p == *own ? nullptr : value_of(p);
    if (other == nullptr || text::compare(value, *other) != EntityMatch::kDifferent) continue;
    const PartWords words = split(p, words_of(p));
    std::optional<ParallelPart> part = differing_names(sentence.text, own_words.all, words.all);
    const std::size_t opening = own_words.before.empty() ? *own : p;
    if (!part) part = elliptical(sentence.text, own_words, words, opening == last);
    if (part) {
      part->other_value = other;
      out.push_back(std::move(*part));
    }
  }
  return out;
}

std::vector<std::string_view> value_part_words(const ReadText& sentence, const Entity& value) {
  std::vector<std::string_view> out;
  // Of a respective list, all but the other things' words.
  if (const std::optional<RespectiveList> list = respective_list(sentence, value)) {
    for (std::size_t i = 0; i < sentence.tokens.size(); ++i) {
      const bool other_item =
          std::any_of(list->items.begin(), list->items.end(), [&](const ListItem& item) {
            return &item != &list->items[list->own] && item.first <= i && i <= item.last;
          });
      if (!other_item && sentence.tokens[i].kind == text::TokenKind::kWord)
        out.push_back(sentence.tokens[i].norm);
    }
    return out;
  }
  const std::vector<std::size_t> parts = token_parts(sentence);
  std::vector<bool> holds(sentence.tokens.size() + 1, false);
  for (const Entity& e : sentence.entities) {
    if (text::compare(value, e) != EntityMatch::kSame) continue;
    const auto it = std::lower_bound(sentence.tokens.begin(), sentence.tokens.end(), e.begin,
                                     [](const Token& t, std::size_t at) { return t.begin < at; });
    if (it == sentence.tokens.end()) continue;
    const std::size_t part = parts[static_cast<std::size_t>(it - sentence.tokens.begin())];
    if (part != kNoPart) holds[part] = true;
  }
  // An opening phrase set off by a comma ("In Nigeria, mobile payments account for 41%") is
  // said of the whole sentence, unless it gives a value of its own.
  if (std::find(holds.begin() + 1, holds.end(), true) != holds.end() &&
      opening_phrase(sentence, parts))
    holds[0] = true;
  for (std::size_t i = 0; i < sentence.tokens.size(); ++i) {
    if (parts[i] != kNoPart && parts[i] < holds.size() && holds[parts[i]] &&
        sentence.tokens[i].kind == text::TokenKind::kWord)
      out.push_back(sentence.tokens[i].norm);
  }
  return out;
}

}  // namespace groundgate::filters::semantic_piece
