// PieceVerifier's checks of claims about what a record or a schedule states: yes/no facts
// (a JSON record's flags) said the other way round, and opening hours other than the
// context's. Both read the context once per answer, on first need.
#include <algorithm>
#include <bit>

#include "filters/semantic_piece/piece_verifier.h"
#include "filters/text/negation.h"
#include "filters/text/schedule.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/tokenizer.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::semantic_piece {
namespace {

// Words that set one part of a clause against another.
constexpr auto kContrast = text::word_table("but", "while", "whereas", "although", "though", ";");

// A copula before a negation cue ("is not", "are never"), or one with the cue ("isn't") ...
constexpr auto kCopulas = text::word_table("is", "are", "was", "were", "be", "been", "being");
constexpr auto kContractedCopulas = text::word_table("isn't", "aren't", "wasn't", "weren't");
// ... and predicates of availability after it: a denied one denies its subject ("Wi-Fi is not
// available" = no Wi-Fi).
constexpr auto kAvailable =
    text::word_table("available", "offered", "provided", "included", "allowed", "permitted",
                     "accepted", "supported", "present", "possible", "option");

// Tokens between a group's qualifying word and the flag's name that still join them.
constexpr std::size_t kBesideName = 2;

using text::Token;

}  // namespace

std::vector<PieceVerifier::FlagWords::Word> PieceVerifier::flag_words(
    std::string_view words, const text::Lexicon* lexicon) {
  std::vector<FlagWords::Word> out;
  for (const Token& t : text::tokenize(words)) {
    if (t.kind != text::TokenKind::kWord) continue;
    FlagWords::Word& w = out.emplace_back();
    w.stem = text::stem(t.norm);
    w.surface_size = t.norm.size();
    if (lexicon != nullptr) {
      w.synonyms = lexicon->synonyms(t.norm);
      std::sort(w.synonyms.begin(), w.synonyms.end());
    }
  }
  return out;
}

const std::vector<PieceVerifier::FlagWords>& PieceVerifier::context_flags() const {
  if (flags_ready_) return flags_;
  flags_ready_ = true;
  const text::Lexicon* lexicon = options_.lexicon.get();
  const auto& passages = index_->passages();
  for (std::uint32_t p = 0; p < passages.size(); ++p) {
    for (const context::Passage::Flag& flag : passages[p].flags) {
      FlagWords f;
      f.name = flag_words(flag.name, nullptr);
      f.group = flag_words(flag.group, lexicon);
      // Keys are only words of a record's own vocabulary: a name of stopwords alone ("Has")
      // names nothing.
      if (std::all_of(f.name.begin(), f.name.end(),
                      [](const FlagWords::Word& w) { return text::is_stopword(w.stem); })) {
        continue;
      }
      for (const Token& t : text::tokenize(flag.name)) {
        if (t.kind == text::TokenKind::kWord) f.joined += t.norm;
      }
      f.value = flag.value;
      f.passage = p;
      f.text = (flag.group.empty() ? "" : flag.group + " ") + flag.name +
               (flag.value ? ": yes" : ": no");
      flags_.push_back(std::move(f));
    }
  }
  drop_kind_prefixes(flags_);
  return flags_;
}

void PieceVerifier::drop_kind_prefixes(std::vector<FlagWords>& flags) {
  // A first word that several keys of one record and group share names the record's kind
  // ("Restaurants" of "RestaurantsReservations", "RestaurantsTakeOut"): an answer names the
  // flag without it ("takes reservations").
  auto same_record = [](const FlagWords& a, const FlagWords& b) {
    return a.passage == b.passage && a.group.size() == b.group.size() &&
           std::equal(
               a.group.begin(), a.group.end(), b.group.begin(),
               [](const FlagWords::Word& x, const FlagWords::Word& y) { return x.stem == y.stem; });
  };
  // The rest must still name something: not stopwords alone ("Good For").
  auto names_without_first = [](const FlagWords& f) {
    return std::any_of(f.name.begin() + 1, f.name.end(),
                       [](const FlagWords::Word& w) { return !text::is_stopword(w.stem); });
  };
  std::vector<bool> prefixed(flags.size(), false);
  for (std::size_t i = 0; i < flags.size(); ++i) {
    if (flags[i].name.size() < 2 || !names_without_first(flags[i])) continue;
    for (std::size_t j = 0; j < flags.size() && !prefixed[i]; ++j) {
      prefixed[i] = j != i && flags[j].name.size() >= 2 && same_record(flags[i], flags[j]) &&
                    flags[j].name.front().stem == flags[i].name.front().stem;
    }
  }
  for (std::size_t i = 0; i < flags.size(); ++i) {
    if (!prefixed[i]) continue;
    FlagWords& f = flags[i];
    f.joined.erase(0, f.name.front().surface_size);
    f.name.erase(f.name.begin());
  }
}

std::optional<Verdict> PieceVerifier::check_flags(const Clause& clause,
                                                  ClauseSignals& signals) const {
  const std::vector<FlagWords>& flags = context_flags();
  if (flags.empty()) return std::nullopt;
  // Which of the clause's words a negation governs: its scope, and, for a cue that ends the
  // clause ("garage and street parking are not", "... are not offered"), the words before it
  // back to a contrast ("lot parking is available, but garage parking is not").
  const std::span<const Token> tokens = clause.tokens;
  std::vector<bool> negated(tokens.size(), false);
  auto negate_back_from = [&](std::size_t cue) {
    for (std::size_t i = cue; i-- > 0;) {
      if (kContrast.contains(tokens[i].norm)) break;
      negated[i] = true;
    }
  };
  for (const text::NegationScope& scope : text::negation_scopes(tokens)) {
    for (std::size_t i : scope.words)
      negated[i] = true;
    const bool copula = kContractedCopulas.contains(tokens[scope.cue].norm) ||
                        (scope.cue > 0 && kCopulas.contains(tokens[scope.cue - 1].norm));
    if (copula && kAvailable.contains(tokens[scope.words.front()].norm))
      negate_back_from(scope.cue);
  }
  for (std::size_t cue = 0; cue < tokens.size(); ++cue) {
    if (!text::has_negation_cue(tokens.subspan(cue, 1))) continue;
    std::size_t after = 0;
    for (std::size_t i = cue + 1; i < tokens.size(); ++i)
      after += tokens[i].kind == text::TokenKind::kWord;
    if (after <= 1) negate_back_from(cue);
  }
  // The clause's words run together, for keys written as one word ("takeout", "wifi").
  std::vector<std::string> joined;
  for (const Token& t : tokens) {
    std::string solid = text::solid_spelling(t);
    joined.push_back(solid.empty() ? t.norm : std::move(solid));
  }
  std::optional<Verdict> conflict;
  for (const FlagWords& flag : flags) {
    // A flag's name is named by its own words (stems), or by them written as one word
    // ("takeout" for "Take Out"); its group, by its head word or a WordNet synonym of it
    // ("ambiance" for "Ambience"). A name's synonyms are too loose ("cozy" is not "intimate").
    std::optional<bool> flag_negated;
    auto mark = [&](std::size_t i) { flag_negated = flag_negated.value_or(false) || negated[i]; };
    auto stem_at = [&](const FlagWords::Word& word, bool synonyms) -> std::optional<std::size_t> {
      for (std::size_t i = 0; i < clause.tokens.size(); ++i) {
        const Token& t = clause.tokens[i];
        if (t.kind != text::TokenKind::kWord) continue;
        if (text::stem(t.norm) == word.stem) return i;
        if (synonyms && std::binary_search(word.synonyms.begin(), word.synonyms.end(),
                                           std::string_view(t.norm))) {
          return i;
        }
      }
      return std::nullopt;
    };
    bool name = true;
    std::vector<std::size_t> at;
    for (const FlagWords::Word& w : flag.name) {
      const auto i = stem_at(w, false);
      if (!i) {
        name = false;
        break;
      }
      at.push_back(*i);
    }
    if (!name && flag.name.size() > 1) {
      const auto i = std::find(joined.begin(), joined.end(), flag.joined);
      if (i != joined.end()) {
        name = true;
        at.assign(1, static_cast<std::size_t>(i - joined.begin()));
      }
    }
    for (std::size_t i : at)
      mark(i);
    // The head is the last word ("parking" of "Business Parking"): the others qualify it and
    // name other things on their own ("a local business"), unless right beside the name
    // ("good for dinner" for "Good For Meal" dinner).
    auto beside_name = [&](std::optional<std::size_t> i) {
      return i && std::any_of(at.begin(), at.end(), [&](std::size_t n) {
               return (*i > n ? *i - n : n - *i) <= kBesideName;
             });
    };
    const bool group =
        flag.group.empty() || stem_at(flag.group.back(), true).has_value() ||
        std::any_of(flag.group.begin(), flag.group.end() - 1,
                    [&](const FlagWords::Word& w) { return beside_name(stem_at(w, false)); });
    if (!name || !group) continue;
    ++signals.flags_named;
    if (flag_negated.value_or(false) != flag.value) continue;
    ++signals.flag_conflicts;
    if (conflict) continue;
    conflict = finding(clause, Label::kContradicted, ReasonCode::kFlagMismatch,
                       HallucinationType::kContextualFabrication,
                       std::string(flag.value ? "answer denies it, the record says "
                                              : "answer says so, the record says ") +
                           flag.text);
    if (!index_->pieces().empty()) {
      for (std::uint32_t piece = 0; piece < index_->pieces().size(); ++piece) {
        if (index_->pieces()[piece].passage == flag.passage) {
          conflict->evidence = evidence_of(piece);
          break;
        }
      }
    }
  }
  return conflict;
}

const std::array<std::vector<PieceVerifier::DayHours>, 7>& PieceVerifier::context_hours() const {
  if (hours_ready_) return hours_;
  hours_ready_ = true;
  const auto pieces = index_->pieces();
  for (std::uint32_t piece = 0; piece < pieces.size(); ++piece) {
    const std::vector<Token> tokens = text::tokenize(index_->piece_text(pieces[piece]));
    for (const text::HoursStatement& h : text::read_hours(tokens)) {
      // "0:00 to 0:00" says closed or open all day, whichever the source means: no claim.
      if (h.open < 0 || h.close < 0 || h.open == h.close) continue;
      if (h.days == 0) {
        undated_hours_.push_back({h.open, h.close, piece});
        continue;
      }
      for (int d = 0; d < 7; ++d) {
        if (h.days & (1u << d))
          hours_[static_cast<std::size_t>(d)].push_back({h.open, h.close, piece});
      }
    }
  }
  return hours_;
}

std::optional<Verdict> PieceVerifier::check_hours(std::span<const Token> tokens) const {
  const std::vector<text::HoursStatement> stated = text::read_hours(tokens);
  if (stated.empty()) return std::nullopt;
  const auto& hours = context_hours();
  const bool any =
      std::any_of(hours.begin(), hours.end(), [](const auto& d) { return !d.empty(); });
  if (!any) return std::nullopt;
  // The context's hours where they are one weekly schedule (at most one opening time per day,
  // none stated without days): its first day's, the evidence that hours of no day it lists
  // contradict. Several per day (several places) or hours without days beside them leave
  // whose hours the answer gives unknown.
  auto one_schedule = [&]() -> const DayHours* {
    if (!undated_hours_.empty()) return nullptr;
    const DayHours* first = nullptr;
    for (const auto& day : hours) {
      if (day.size() > 1) return nullptr;
      if (first == nullptr && !day.empty()) first = &day.front();
    }
    return first;
  };
  auto agrees = [](const DayHours& h, const text::HoursStatement& s) {
    return (s.open < 0 || s.open == h.open) && (s.close < 0 || s.close == h.close);
  };
  Verdict v;
  v.label = Label::kSupported;
  v.reason_code = ReasonCode::kSupportedHours;
  v.reason = "opening hours as the context states them";
  v.answer_begin = stated.front().begin;
  v.answer_end = stated.back().end;
  std::optional<std::uint32_t> evidence;
  for (const text::HoursStatement& s : stated) {
    const text::DaySet days = s.days == 0 ? text::kEveryDay : s.days;
    bool general_match = false;
    for (int d = 0; d < 7; ++d) {
      if (!(days & (1u << d))) continue;
      const auto& listed = hours[static_cast<std::size_t>(d)];
      const auto match = std::find_if(listed.begin(), listed.end(),
                                      [&](const DayHours& h) { return agrees(h, s); });
      if (match != listed.end()) {
        general_match = true;
        if (!evidence) evidence = match->piece;
        continue;
      }
      if (s.days == 0) continue;  // hours in general: one day that agrees is enough
      ++v.signals.hours_conflicts;
      if (v.label == Label::kContradicted) continue;
      v.label = Label::kContradicted;
      v.score = 0;
      v.reason_code = ReasonCode::kHoursMismatch;
      v.type = HallucinationType::kDetailedInformationModification;
      const std::string said = text::describe_time(s.open) + "–" + text::describe_time(s.close);
      v.reason = listed.empty()
                     ? "answer says " + text::describe_days(1u << d) + " " + said +
                           ", the context lists no hours that day"
                     : "answer says " + text::describe_days(1u << d) + " " + said +
                           ", the context says " + text::describe_time(listed.front().open) + "–" +
                           text::describe_time(listed.front().close);
      if (!listed.empty()) v.evidence = evidence_of(listed.front().piece);
    }
    if (s.days != 0) {
      v.signals.hours_stated += static_cast<std::uint8_t>(std::popcount(days));
      continue;
    }
    ++v.signals.hours_stated;
    if (!general_match) {
      ++v.signals.hours_conflicts;
      // Hours of no day the context lists contradict one weekly schedule; against several,
      // no sentence is the evidence.
      if (v.label != Label::kContradicted) {
        const DayHours* schedule = one_schedule();
        v.label = schedule != nullptr ? Label::kContradicted : Label::kUnsupported;
        if (schedule != nullptr) v.evidence = evidence_of(schedule->piece);
        v.score = 0;
        v.reason_code = ReasonCode::kHoursMismatch;
        v.type = HallucinationType::kDetailedInformationModification;
        v.reason = "answer says " + text::describe_time(s.open) + "–" +
                   text::describe_time(s.close) + ", on no day the context lists";
      }
    }
  }
  if (v.label == Label::kSupported && evidence) v.evidence = evidence_of(*evidence);
  return v;
}

}  // namespace groundgate::filters::semantic_piece
