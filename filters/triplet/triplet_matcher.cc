#include "filters/triplet/triplet_matcher.h"

#include <algorithm>
#include <cctype>

#include "filters/text/function_words.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/tokenizer.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::triplet {

namespace {

using text::EntityMatch;
using text::EntityType;

// As a relation's verb, "'s" and "'re" stand for "is" and "are".
constexpr auto kBeClitics = text::word_table("'s", "'re");
// Share of the smaller phrase's content words the other must hold to name the same thing.
constexpr double kMinOverlap = 0.6;
// Name suffixes that tell a father from his son: "Chris Eubank" is not "Chris Eubank Jr.".
constexpr auto kGenerational = text::word_table("jr", "sr", "ii", "iii", "iv");

// Entities that can conflict: same type, and for names the same kind (person vs place).
bool is_name(const text::Entity& e) {
  return e.type == EntityType::kName || e.type == EntityType::kLocation ||
         e.type == EntityType::kPersonalInfo;
}

bool same_kind(const text::Entity& a, const text::Entity& b) {
  if (is_name(a) && is_name(b)) {
    // An unclassified proper name ("Ulm") may stand for a place or a person.
    return a.subtype == b.subtype || a.subtype == text::EntitySubtype::kOther ||
           b.subtype == text::EntitySubtype::kOther;
  }
  return a.type == b.type && a.subtype == b.subtype;
}

}  // namespace

TripletMatcher::Words TripletMatcher::analyse(std::string_view phrase) const {
  Words w;
  const std::vector<text::Token> tokens = text::tokenize(phrase);
  int caps_words = 0;
  w.entities = text::extract_entities(phrase, tokens);
  for (const text::Token& t : tokens) {
    if (t.kind == text::TokenKind::kWord && kGenerational.contains(t.norm) &&
        (t.has(text::kCapitalized) || t.has(text::kAllCaps))) {
      w.generational = true;
    }
    if (t.kind == text::TokenKind::kWord && t.has(text::kCapitalized) &&
        !text::is_stopword(t.norm)) {
      w.acronym.push_back(t.norm[0]);
    }
    if (t.kind == text::TokenKind::kWord && t.has(text::kAllCaps)) {
      ++caps_words;
      w.single_caps = t.norm;
    }
    if (!text::is_content_word(t)) continue;
    if (t.kind != text::TokenKind::kWord || !t.has(text::kCapitalized)) w.proper = false;
    w.norms.push_back(t.norm);
    w.stems.push_back(t.kind == text::TokenKind::kWord ? text::stem(t.norm) : t.norm);
    w.in_value.push_back(
        std::any_of(w.entities.begin(), w.entities.end(),
                    [&t](const text::Entity& e) { return e.begin <= t.begin && t.end <= e.end; }));
  }
  if (caps_words != 1) w.single_caps.clear();
  return w;
}

bool TripletMatcher::same_role(const Words& a, const Words& b) const {
  bool a_rest = false;
  bool b_rest = false;
  for (std::size_t i = 0; i < a.stems.size(); ++i) {
    if (a.in_value[i]) continue;
    a_rest = true;
    for (std::size_t j = 0; j < b.stems.size(); ++j) {
      if (!b.in_value[j] && words_match(a.norms[i], a.stems[i], b.norms[j], b.stems[j])) {
        return true;
      }
    }
  }
  if (!a_rest) return true;
  for (std::size_t j = 0; j < b.stems.size(); ++j)
    b_rest = b_rest || !b.in_value[j];
  return !b_rest;
}

bool TripletMatcher::words_match(const std::string& norm_a, const std::string& stem_a,
                                 const std::string& norm_b, const std::string& stem_b) const {
  if (stem_a == stem_b) return true;
  return lexicon_ != nullptr &&
         (lexicon_->are_synonyms(norm_a, norm_b, text::Lexicon::Pos::kNoun) ||
          lexicon_->are_synonyms(norm_a, norm_b, text::Lexicon::Pos::kAdjective));
}

TripletMatcher::ArgumentMatch TripletMatcher::match_arguments(std::string_view a,
                                                              std::string_view b) const {
  const Words wa = analyse(a);
  const Words wb = analyse(b);
  // Typed values first: one shared value names the same thing; only differing values of
  // the same kind are a conflict.
  bool same_entity = false;
  bool conflict = false;
  for (const text::Entity& ea : wa.entities) {
    for (const text::Entity& eb : wb.entities) {
      const EntityMatch m = text::compare(ea, eb);
      if (m == EntityMatch::kSame) same_entity = true;
      if (m == EntityMatch::kDifferent && same_kind(ea, eb)) conflict = true;
    }
  }
  // Father and son share every other word of their names.
  if (wa.generational != wb.generational && wa.proper && wb.proper) return ArgumentMatch::kNone;
  if (same_entity) return ArgumentMatch::kSame;
  if (!wa.single_caps.empty() && wa.single_caps.size() >= 2 && wa.single_caps == wb.acronym) {
    return ArgumentMatch::kSame;
  }
  if (!wb.single_caps.empty() && wb.single_caps.size() >= 2 && wb.single_caps == wa.acronym) {
    return ArgumentMatch::kSame;
  }
  // A conflict needs values of the same type in the same role.
  if (conflict) return same_role(wa, wb) ? ArgumentMatch::kConflict : ArgumentMatch::kNone;
  if (wa.stems.empty() || wb.stems.empty()) return ArgumentMatch::kNone;
  std::size_t shared = 0;
  for (std::size_t i = 0; i < wa.stems.size(); ++i) {
    for (std::size_t j = 0; j < wb.stems.size(); ++j) {
      if (words_match(wa.norms[i], wa.stems[i], wb.norms[j], wb.stems[j])) {
        ++shared;
        break;
      }
    }
  }
  // Containment ("Jobs" in "Steve Jobs") or most words of the shorter phrase shared.
  const std::size_t smaller = std::min(wa.stems.size(), wb.stems.size());
  // Two names sharing no word ("Ulm", "Munich"), the entity extractor aside.
  if (shared == 0 && wa.proper && wb.proper) {
    return ArgumentMatch::kConflict;
  }
  if (shared >= smaller ||
      static_cast<double>(shared) >= kMinOverlap * std::max(wa.stems.size(), wb.stems.size())) {
    return ArgumentMatch::kSame;
  }
  return ArgumentMatch::kNone;
}

std::optional<TripletMatcher::ValueConflict> TripletMatcher::conflicting_value(
    std::string_view a, std::string_view b) const {
  const std::vector<text::Entity> ea = text::extract_entities(a);
  const std::vector<text::Entity> eb = text::extract_entities(b);
  const text::Entity* wrong = nullptr;
  const text::Entity* right = nullptr;
  for (const text::Entity& x : ea) {
    for (const text::Entity& y : eb) {
      if (text::compare(x, y) != EntityMatch::kDifferent || !same_kind(x, y)) continue;
      if (wrong != nullptr && (wrong->begin != x.begin || wrong->end != x.end)) return {};
      if (right != nullptr && text::compare(*right, y) != EntityMatch::kSame) return {};
      wrong = &x;
      right = &y;
    }
  }
  if (wrong != nullptr) return ValueConflict{wrong->begin, wrong->end, right->text};
  // Two names that share no word ("Munich", "Ulm"): the whole phrases.
  if (!ea.empty() || !eb.empty() || match_arguments(a, b) != ArgumentMatch::kConflict) return {};
  return ValueConflict{0, a.size(), std::string(b)};
}

std::string TripletMatcher::relation_lemma(const Triplet& t) const {
  if (text::kBeForms.contains(t.verb) || kBeClitics.contains(t.verb)) return "be";
  if (t.verb == "born") return "bear";
  if (lexicon_ != nullptr) {
    const auto lemmas = lexicon_->lemmas(t.verb, text::Lexicon::Pos::kVerb);
    if (!lemmas.empty()) return std::string(lemmas.front());
  }
  return text::stem(t.verb);
}

TripletMatcher::RelationMatch TripletMatcher::match_relations(const Triplet& a,
                                                              const Triplet& b) const {
  const std::string la = relation_lemma(a);
  const std::string lb = relation_lemma(b);
  if (la == lb || text::stem(la) == text::stem(lb)) return RelationMatch::kSame;
  if (lexicon_ == nullptr) return RelationMatch::kNone;
  if (la == "be" || lb == "be") return RelationMatch::kNone;
  if (lexicon_->are_synonyms(la, lb, text::Lexicon::Pos::kVerb) ||
      lexicon_->are_derivationally_related(la, lb)) {
    return RelationMatch::kSame;
  }
  // "author of" ~ "write": a derived form of one ("writer") is a synonym of the other.
  for (const std::string_view d : lexicon_->derivations(la)) {
    if (d != la && lexicon_->are_synonyms(d, lb)) return RelationMatch::kSame;
  }
  for (const std::string_view d : lexicon_->derivations(lb)) {
    if (d != lb && lexicon_->are_synonyms(d, la)) return RelationMatch::kSame;
  }
  if (lexicon_->are_antonyms(la, lb, text::Lexicon::Pos::kVerb)) return RelationMatch::kAntonym;
  return RelationMatch::kNone;
}

std::string_view to_string(TripletMatcher::ArgumentMatch match) {
  switch (match) {
    case TripletMatcher::ArgumentMatch::kSame:
      return "same";
    case TripletMatcher::ArgumentMatch::kConflict:
      return "conflict";
    case TripletMatcher::ArgumentMatch::kNone:
      return "none";
  }
  return "unknown";
}

}  // namespace groundgate::filters::triplet
