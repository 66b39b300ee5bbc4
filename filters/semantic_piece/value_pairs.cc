#include "filters/semantic_piece/value_pairs.h"

#include <algorithm>
#include <optional>
#include <span>
#include <vector>

#include "filters/semantic_piece/respective_list.h"
#include "filters/semantic_piece/slot.h"
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

// The parallel part of the naming words `own_names` and `other_names` (neither empty).
ParallelPart named_part(std::string_view text, std::span<const Token* const> own_names,
                        std::span<const Token* const> other_names) {
  ParallelPart out;
  for (const Token* t : own_names)
    out.own_words.push_back(t->norm);
  for (const Token* t : other_names)
    out.other_words.push_back(t->norm);
  out.other_name =
      text.substr(other_names.front()->begin, other_names.back()->end - other_names.front()->begin);
  return out;
}

// The naming words that set two parts' words apart: one to three content words in a row in
// each, everything before and after them the same. Parts that share no word must differ in
// one word each (a longer difference is two different statements), and parts `cut_down` to
// what a list leaves out not even that.
std::optional<ParallelPart> differing_names(std::string_view text,
                                            std::span<const Token* const> own,
                                            std::span<const Token* const> other,
                                            bool cut_down = false) {
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
  return named_part(text, own_names, other_names);
}

// The naming words that set a part apart from another that says the same with words left out
// (gapping: "The east stand holds 12,500 and the west stand 9,800", "Tariffs on steel were
// raised to 25 percent and on aluminium to 10 percent", "the company's Asian division grew
// revenue by 14 percent, while its European division grew by 3 percent"). The `gapped` words,
// from the first the `full` part holds too, line up with the full part's in order: the same
// words (some of the full part's left out), but for one to three naming words of the gapped
// part before a word both hold (the anchor). They follow the words it shares with the full
// part's start ("on aluminium"), or open it after a determiner ("its European").
// `own_gapped`: the value's own part is the gapped one.
std::optional<ParallelPart> gapped_names(std::string_view text, std::span<const Token* const> full,
                                         std::span<const Token* const> gapped, bool own_gapped) {
  if (gapped.empty() || gapped.size() >= full.size()) return std::nullopt;
  auto same = [](const Token* a, const Token* b) { return a->norm == b->norm; };
  auto find_in_full = [&](const Token* t, std::size_t from) {
    for (std::size_t k = from; k < full.size(); ++k)
      if (same(full[k], t)) return k;
    return full.size();
  };
  auto naming = [&](const Token* t) { return names_a_thing(text, *t); };
  // The full part's words before the gapped part's first one are what the gapped part
  // leaves out in front ("Tariffs" of "on aluminium to").
  std::size_t f = find_in_full(gapped[0], 0);
  if (f == full.size()) f = 0;
  std::size_t g = 0;
  while (g < gapped.size() && f < full.size() && same(gapped[g], full[f])) {
    ++g;
    ++f;
  }
  const bool shared_start = g > 0;
  // The anchor: the first gapped word after the names that the full part holds later on.
  std::size_t anchor_g = g, anchor_f = full.size();
  for (; anchor_g < gapped.size(); ++anchor_g) {
    anchor_f = find_in_full(gapped[anchor_g], f + 1);
    if (anchor_f < full.size()) break;
  }
  if (anchor_g == gapped.size()) return std::nullopt;
  // The rest of the gapped part lines up with the full part's, in order.
  for (std::size_t k = anchor_g, at = anchor_f; k < gapped.size(); ++k, ++at) {
    at = find_in_full(gapped[k], at);
    if (at == full.size()) return std::nullopt;
  }
  while (g < anchor_g && !shared_start && !naming(gapped[g]))
    ++g;
  const auto gapped_names = gapped.subspan(g, anchor_g - g);
  // The full part's names stand where the gapped part's do, as many of them: after the shared
  // start, or at the start past an owner ("The company's Asian division" for "its European
  // division"); the words the gapped part leaves out ("were raised", "prices rose") are what
  // the two share.
  std::size_t first = f;
  if (!shared_start)
    while (first < anchor_f && full[first]->has(text::kPossessive))
      ++first;
  const std::size_t count = std::min(gapped_names.size(), anchor_f - first);
  const auto full_names = full.subspan(first, count);
  if (gapped_names.empty() || full_names.empty() || gapped_names.size() > kMaxNameWords ||
      !std::all_of(gapped_names.begin(), gapped_names.end(), naming) ||
      !std::all_of(full_names.begin(), full_names.end(), naming) ||
      std::equal(gapped_names.begin(), gapped_names.end(), full_names.begin(), full_names.end(),
                 same))
    return std::nullopt;
  const auto own_names = own_gapped ? gapped_names : full_names;
  const auto other_names = own_gapped ? full_names : gapped_names;
  return named_part(text, own_names, other_names);
}

// A part's words (its values, punctuation and kLeftOutOfParallel left out), and those before
// and after its value.
struct PartWords {
  std::vector<const Token*> all, before, after;
};

// Whether one of two parts' words before their values ends the other's, shorter ("The drug
// reduced relapse by 40% in adults and by 25% in children": "by").
bool shortened(std::span<const Token* const> a, std::span<const Token* const> b) {
  if (a.size() == b.size() || a.empty() || b.empty()) return false;
  const auto shorter = a.size() < b.size() ? a : b, longer = a.size() < b.size() ? b : a;
  return std::equal(shorter.begin(), shorter.end(), longer.end() - shorter.size(),
                    [](const Token* x, const Token* y) { return x->norm == y->norm; });
}

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
  const bool lead_in_shortened = shortened(own.before, other.before);
  if (!own.after.empty() && !other.after.empty() &&
      (own.after.size() != other.after.size() || lead_in_shortened)) {
    const std::size_t n = std::min(own.after.size(), other.after.size());
    std::optional<ParallelPart> measured =
        differing_names(text, std::span<const Token* const>(own.after).last(n),
                        std::span<const Token* const>(other.after).last(n), true);
    if (measured) {
      measured->same_words = lead_in_shortened && own.after.size() == other.after.size();
      return measured;
    }
  }
  if (own.after.empty() != other.after.empty() && !own.before.empty() && !other.before.empty())
    return differing_names(text, own.before, other.before, true);
  return std::nullopt;
}

// Two parts of which one leaves out words the other says (gapped_names()), by the words before
// their values; the gapped part says after its value nothing or the other's last words
// ("Aspirin was given to 200 patients and ibuprofen to 180 patients").
std::optional<ParallelPart> gapped(std::string_view text, const PartWords& own,
                                   const PartWords& other) {
  auto ends_alike = [](const PartWords& full, const PartWords& part) {
    return part.after.size() <= full.after.size() &&
           std::equal(part.after.begin(), part.after.end(), full.after.end() - part.after.size(),
                      [](const Token* x, const Token* y) { return x->norm == y->norm; });
  };
  if (own.before.size() > other.before.size() && ends_alike(own, other))
    return gapped_names(text, own.before, other.before, /*own_gapped=*/false);
  if (other.before.size() > own.before.size() && ends_alike(other, own))
    return gapped_names(text, other.before, own.before, /*own_gapped=*/true);
  return std::nullopt;
}

// What a respective list says of its value's thing, against each other thing of the list:
// the words of each that the other does not have ("phase one", "phase two": "one", "two").
std::vector<ParallelPart> respective_parts(const ReadText& sentence, const RespectiveList& list) {
  auto words = [&](const ListItem& item, const ListItem& not_in) {
    std::vector<std::string_view> out;
    for (std::size_t i = item.first; i <= item.last; ++i) {
      const std::string_view w = sentence.tokens[i].norm;
      bool shared = false;
      for (std::size_t j = not_in.first; j <= not_in.last && !shared; ++j)
        shared = sentence.tokens[j].norm == w;
      if (!shared && !kLeftOutOfParallel.contains(w)) out.push_back(w);
    }
    return out;
  };
  std::vector<ParallelPart> out;
  const ListItem& own = list.items[list.own];
  for (std::size_t j = 0; j < list.items.size(); ++j) {
    if (j == list.own) continue;
    const ListItem& other = list.items[j];
    ParallelPart part;
    part.own_words = words(own, other);
    part.other_words = words(other, own);
    if (part.own_words.empty() || part.other_words.empty()) continue;
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

// Token `t` is part of a value of `sentence`: a number or a time. A place or a name is what
// a part speaks of ("23% of Kenya"): words.
bool inside_value(const ReadText& sentence, const Token& t) {
  return std::any_of(sentence.entities.begin(), sentence.entities.end(), [&](const Entity& e) {
    return (e.type == text::EntityType::kNumber || e.type == text::EntityType::kTime) &&
           e.begin <= t.begin && t.end <= e.end;
  });
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
  if (says_respectively(sentence)) return out;
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

bool pairs_by_order(const ReadText& sentence, const Entity& value) {
  return says_respectively(sentence) &&
         std::any_of(sentence.entities.begin(), sentence.entities.end(), [&](const Entity& e) {
           return text::compare(value, e) == EntityMatch::kSame;
         });
}

std::vector<ParallelPart> parallel_parts(const ReadText& sentence, const Entity& value) {
  if (const std::optional<RespectiveList> list = respective_list(sentence, value))
    return respective_parts(sentence, *list);
  std::vector<ParallelPart> out;
  const std::vector<std::size_t> parts = token_parts(sentence);
  // A part's words, its values' tokens and its punctuation left out.
  auto words_of = [&](std::size_t part) {
    std::vector<const Token*> words;
    for (std::size_t i = 0; i < sentence.tokens.size(); ++i) {
      const Token& t = sentence.tokens[i];
      if (parts[i] == part && t.kind != text::TokenKind::kPunctuation &&
          !inside_value(sentence, t) && !kLeftOutOfParallel.contains(t.norm))
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
    if (part) part->same_words = true;
    const std::size_t opening = own_words.before.empty() ? *own : p;
    // A part that leaves out the verb names only what it sets apart ("diesel", not "petrol
    // prices rose"), before the other readings of what a list leaves out.
    if (!part) part = gapped(sentence.text, own_words, words);
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

std::vector<std::string_view> value_item_words(const ReadText& sentence, const Entity& value) {
  const std::vector<std::size_t> parts = token_parts(sentence);
  auto part_at = [&](std::size_t byte) {
    const std::size_t i = token_at(sentence.tokens, byte);
    return i < parts.size() ? parts[i] : kNoPart;
  };
  std::size_t own = kNoPart;
  for (const Entity& e : sentence.entities) {
    if (text::compare(value, e) != EntityMatch::kSame) continue;
    const std::size_t part = part_at(e.begin);
    if (part == kNoPart || (own != kNoPart && own != part)) return {};
    own = part;
  }
  const bool several_parts = std::any_of(parts.begin(), parts.end(),
                                         [&](std::size_t p) { return p != own && p != kNoPart; });
  if (own == kNoPart || !several_parts) return {};
  std::vector<std::string_view> out;
  for (std::size_t i = 0; i < sentence.tokens.size(); ++i) {
    const Token& t = sentence.tokens[i];
    if (parts[i] == own && t.kind == text::TokenKind::kWord && text::is_content_word(t) &&
        !inside_value(sentence, t))
      out.push_back(t.norm);
  }
  return out;
}

}  // namespace groundgate::filters::semantic_piece
