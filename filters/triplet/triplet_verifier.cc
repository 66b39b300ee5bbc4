#include "filters/triplet/triplet_verifier.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "filters/text/discourse.h"
#include "filters/text/entities.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::triplet {

namespace {

using ArgumentMatch = TripletMatcher::ArgumentMatch;
using RelationMatch = TripletMatcher::RelationMatch;

// How strongly an outcome speaks; the strongest over all evidence triplets wins.
enum Rank : int {
  kNothing = 0,
  kPartial,
  kRelationOther,
  kQualifierOther,
  kContradiction,
  kSupport
};

struct Outcome {
  Rank rank = kNothing;
  Label label = Label::kUnsupported;
  ReasonCode code = ReasonCode::kNoMatchingTriplet;
  HallucinationType type = HallucinationType::kAbsoluteFabrication;
  double score = 0.2;
  std::string reason;
  std::optional<Correction> correction;  // bytes of the answer sentence
};

bool is_pronoun_argument(std::string_view argument) {
  std::string lower(argument);
  for (char& c : lower)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return is_subject_pronoun(lower);
}

// A claim about the answer's source ("The passage describes two films", "Here is a summary of
// the article"), or with an expletive subject ("There are two films named ..."): no
// (subject, relation) claim about the world the context could hold.
bool states_nothing_to_check(const Triplet& claim) {
  const std::vector<text::Token> subject = text::tokenize(claim.subject);
  if (subject.size() == 1 && (subject.front().norm == "there" || subject.front().norm == "here")) {
    return true;
  }
  return text::names_source(subject) || text::names_source(text::tokenize(claim.object));
}

std::string quoted(std::string_view s) {
  return "\"" + std::string(s) + "\"";
}

Outcome make(Rank rank, Label label, ReasonCode code, HallucinationType type, double score,
             std::string reason) {
  return {rank, label, code, type, score, std::move(reason), std::nullopt};
}

// Where `phrase` stands in the sentence: the byte offset of its only occurrence at or after
// `from`; none when it is not verbatim there (a resolved pronoun) or occurs twice.
std::optional<std::size_t> only_occurrence(std::string_view sentence, std::string_view phrase,
                                           std::size_t from) {
  if (phrase.empty() || from > sentence.size()) return std::nullopt;
  const std::size_t at = sentence.find(phrase, from);
  if (at == std::string_view::npos) return std::nullopt;
  if (sentence.find(phrase, at + 1) != std::string_view::npos) return std::nullopt;
  return at;
}

// The corrections the evidence offers for one contradicted claim; unambiguous only while
// every piece of evidence offers the same one.
class Corrections {
 public:
  void offer(const std::optional<Correction>& c) {
    if (!c || (first_ && !(*first_ == *c))) {
      ambiguous_ = true;
      return;
    }
    first_ = c;
  }
  std::optional<Correction> unambiguous() const { return ambiguous_ ? std::nullopt : first_; }

 private:
  std::optional<Correction> first_;
  bool ambiguous_ = false;
};

// A time, number or place qualifier of the claim against the evidence sentence's values. A
// contradiction carries a correction when the evidence sentence holds one such value only.
Outcome check_qualifiers(const Triplet& claim, std::string_view evidence_text,
                         std::string_view sentence) {
  std::vector<text::Entity> evidence_entities;
  bool evidence_read = false;
  for (const Qualifier& q : claim.qualifiers) {
    const std::vector<text::Entity> values = text::extract_entities(q.text);
    for (const text::Entity& v : values) {
      if (!evidence_read) {
        evidence_entities = text::extract_entities(evidence_text);
        evidence_read = true;
      }
      bool same = false;
      const text::Entity* other = nullptr;
      bool other_ambiguous = false;
      for (const text::Entity& e : evidence_entities) {
        const text::EntityMatch m = text::compare(v, e);
        if (m == text::EntityMatch::kSame) same = true;
        if (m == text::EntityMatch::kDifferent && e.type == v.type && e.subtype == v.subtype) {
          if (other != nullptr && text::compare(*other, e) != text::EntityMatch::kSame)
            other_ambiguous = true;
          other = &e;
        }
      }
      if (same) continue;
      if (other != nullptr) {
        Outcome o = make(kContradiction, Label::kContradicted, ReasonCode::kQualifierMismatch,
                         HallucinationType::kDetailedInformationModification, 0,
                         "qualifier: answer says " + quoted(q.preposition + " " + q.text) +
                             ", evidence says " + quoted(other->text));
        // The qualifier's span is bytes of the sentence; check it still reads as extracted.
        const bool located = q.end <= sentence.size() && q.begin + q.text.size() == q.end &&
                             sentence.substr(q.begin, q.text.size()) == q.text;
        if (!other_ambiguous && located) {
          o.correction = Correction{q.begin + v.begin, q.begin + v.end, other->text};
        }
        return o;
      }
      return make(kQualifierOther, Label::kUnsupported, ReasonCode::kQualifierMissing,
                  HallucinationType::kAbsoluteFabrication, 0.4,
                  "qualifier " + quoted(q.preposition + " " + q.text) + " is not in the evidence");
    }
  }
  return make(kSupport, Label::kSupported, ReasonCode::kSupportedTriplet, HallucinationType::kNone,
              1, "same subject, relation and object");
}

// A claim no context sentence shares a word with.
Verdict no_evidence(const Triplet& claim) {
  Verdict verdict;
  verdict.claim = claim;
  verdict.label = Label::kUnsupported;
  verdict.score = 0;
  verdict.reason_code = ReasonCode::kNoEvidence;
  verdict.type = HallucinationType::kAbsoluteFabrication;
  verdict.reason = "no context sentence shares a word with the claim";
  return verdict;
}

// The claim's verdict from the strongest outcome (its evidence and correction set by judge).
Verdict verdict_of(const Triplet& claim, Outcome best) {
  Verdict verdict;
  verdict.claim = claim;
  verdict.label = best.label;
  verdict.score = best.score;
  verdict.reason = std::move(best.reason);
  verdict.reason_code = best.code;
  verdict.type = best.type;
  return verdict;
}

// The claim's object against an evidence triplet's object (unless the claim is read from the
// patient's side) and its qualifiers: the same, in conflict (with the values that conflict),
// or neither.
struct ObjectMatch {
  ArgumentMatch match = ArgumentMatch::kNone;
  std::vector<std::string_view> conflicting;
};
ObjectMatch match_object(const TripletMatcher& matcher, const Triplet& claim, const Triplet& e,
                         bool patient_view) {
  std::vector<std::string_view> objects;
  if (!patient_view && !e.object.empty()) objects.push_back(e.object);
  for (const Qualifier& q : e.qualifiers)
    objects.push_back(q.text);
  ObjectMatch out;
  out.match = claim.object.empty() ? ArgumentMatch::kSame : ArgumentMatch::kNone;
  for (const std::string_view o : objects) {
    if (out.match == ArgumentMatch::kSame) break;
    const ArgumentMatch m = matcher.match_arguments(claim.object, o);
    if (m == ArgumentMatch::kSame) out.match = m;
    if (m == ArgumentMatch::kConflict) {
      out.match = m;
      out.conflicting.push_back(o);
    }
  }
  return out;
}

// The correction of a conflicting object: one value in the evidence for every conflicting
// object, replacing its counterpart where the claim's object stands in the sentence.
std::optional<Correction> object_correction(const TripletMatcher& matcher, const Triplet& claim,
                                            const std::vector<std::string_view>& conflicting,
                                            std::optional<std::size_t> object_at) {
  Corrections values;  // one per conflicting object or qualifier of this triplet
  for (const std::string_view o : conflicting) {
    std::optional<TripletMatcher::ValueConflict> value;
    if (object_at) value = matcher.conflicting_value(claim.object, o);
    if (!value) {
      values.offer(std::nullopt);
      continue;
    }
    values.offer(Correction{*object_at + value->begin, *object_at + value->end,
                            std::move(value->evidence_text)});
  }
  return values.unambiguous();
}

// Where the claim is checked: the evidence sentence, the answer sentence, and the byte where
// the claim's object stands in it (none: not verbatim, or twice).
struct ClaimPlace {
  std::string_view evidence_text;
  std::string_view sentence;
  std::optional<std::size_t> object_at;
};

// What one evidence triplet says of the claim; nullopt: nothing (another subject or relation,
// or a contradiction from weak evidence).
std::optional<Outcome> compare(const TripletMatcher& matcher, const Triplet& claim,
                               const Triplet& e, const ClaimPlace& place) {
  // An unresolved pronoun in the evidence may support a claim, never contradict one.
  const bool weak = is_pronoun_argument(e.subject);
  // An agentless passive claim names the patient: compare it with the evidence's object.
  const bool patient_view = claim.passive && !e.passive;
  const ArgumentMatch subject =
      weak ? ArgumentMatch::kSame
           : matcher.match_arguments(claim.subject, patient_view ? e.object : e.subject);
  if (subject != ArgumentMatch::kSame) return std::nullopt;
  const RelationMatch relation = matcher.match_relations(claim, e);
  const ObjectMatch object = match_object(matcher, claim, e, patient_view);
  Outcome outcome;
  if (relation == RelationMatch::kSame && object.match == ArgumentMatch::kSame) {
    if (claim.negated != e.negated) {
      outcome = make(kContradiction, Label::kContradicted, ReasonCode::kNegationMismatch,
                     HallucinationType::kContextualFabrication, 0,
                     std::string(claim.negated ? "answer negates " : "evidence negates ") +
                         quoted(e.relation));
    } else {
      outcome = check_qualifiers(claim, place.evidence_text, place.sentence);
    }
  } else if (relation == RelationMatch::kSame && object.match == ArgumentMatch::kConflict) {
    outcome = make(kContradiction, Label::kContradicted, ReasonCode::kObjectMismatch,
                   HallucinationType::kDetailedInformationModification, 0,
                   "object: answer says " + quoted(claim.object) + ", evidence says " +
                       quoted(object.conflicting.back()));
    outcome.correction = object_correction(matcher, claim, object.conflicting, place.object_at);
  } else if (relation == RelationMatch::kAntonym && object.match == ArgumentMatch::kSame) {
    outcome = make(kContradiction, Label::kContradicted, ReasonCode::kAntonym,
                   HallucinationType::kContextualFabrication, 0,
                   "relation: answer " + quoted(claim.relation) + ", evidence " +
                       quoted(e.relation) + " (antonyms)");
  } else if (object.match == ArgumentMatch::kSame && !claim.object.empty()) {
    outcome =
        make(kRelationOther, Label::kUnsupported, ReasonCode::kRelationMismatch,
             HallucinationType::kContextualFabrication, 0.3,
             "relation: answer " + quoted(claim.relation) + ", evidence " + quoted(e.relation));
  } else if (relation == RelationMatch::kSame) {
    outcome =
        make(kPartial, Label::kUnsupported, ReasonCode::kNoMatchingTriplet,
             HallucinationType::kAbsoluteFabrication, 0.2,
             "object " + quoted(claim.object) + " not stated; evidence has " + quoted(e.object));
  } else {
    return std::nullopt;
  }
  // Weak evidence only counts as support.
  if (weak && outcome.label == Label::kContradicted) return std::nullopt;
  return outcome;
}

}  // namespace

TripletVerifier::TripletVerifier(std::shared_ptr<const index::ContextIndex> index,
                                 std::shared_ptr<const TripletExtractor> extractor,
                                 std::shared_ptr<TripletCache> cache,
                                 TripletVerifierOptions options)
    : index_(std::move(index)),
      extractor_(std::move(extractor)),
      cache_(std::move(cache)),
      options_(options),
      matcher_(extractor_->lexicon()) {}

std::shared_ptr<const SentenceTriplets> TripletVerifier::triplets_of(
    std::string_view text, TripletExtractor::Source source) const {
  std::shared_ptr<const SentenceTriplets> triplets = cache_ ? cache_->find(text) : nullptr;
  if (!triplets || (source == TripletExtractor::Source::kAnswer && triplets->context_limited)) {
    triplets =
        std::make_shared<const SentenceTriplets>(extractor_->extract_sentence(text, {}, source));
    if (cache_) cache_->insert(text, triplets);
  }
  return triplets;
}

std::vector<TripletVerifier::EvidenceTriplets> TripletVerifier::evidence_for(
    std::string_view sentence) const {
  std::vector<EvidenceTriplets> out;
  for (const index::ContextIndex::Hit& hit : index_->top_k(sentence, options_.top_k)) {
    const std::string_view text = index_->piece_text(index_->pieces()[hit.piece]);
    out.push_back({hit, text, triplets_of(text, TripletExtractor::Source::kContext)});
  }
  return out;
}

Verdict TripletVerifier::judge(const Triplet& claim, std::span<const EvidenceTriplets> evidence,
                               std::string_view sentence) const {
  if (evidence.empty()) return no_evidence(claim);
  Outcome best;
  best.reason = "no evidence triplet with subject " + quoted(claim.subject) + " and relation " +
                quoted(claim.relation);
  const EvidenceTriplets* best_piece = &evidence.front();
  const Triplet* best_triplet = nullptr;
  // The claim's object in the sentence, for the value a correction replaces.
  const std::optional<std::size_t> object_at =
      only_occurrence(sentence, claim.object, std::min(claim.begin, sentence.size()));
  // Corrections offered by all the evidence, per kind of mismatch.
  Corrections object_values;
  Corrections qualifier_values;
  for (const EvidenceTriplets& piece : evidence) {
    for (const Triplet& e : piece.triplets->triplets) {
      std::optional<Outcome> outcome =
          compare(matcher_, claim, e, {piece.text, sentence, object_at});
      if (!outcome) continue;
      if (outcome->code == ReasonCode::kObjectMismatch) object_values.offer(outcome->correction);
      if (outcome->code == ReasonCode::kQualifierMismatch)
        qualifier_values.offer(outcome->correction);
      if (outcome->rank > best.rank) {
        best = std::move(*outcome);
        best_piece = &piece;
        best_triplet = &e;
      }
    }
  }
  Verdict verdict = verdict_of(claim, std::move(best));
  if (verdict.reason_code == ReasonCode::kObjectMismatch)
    verdict.correction = object_values.unambiguous();
  if (verdict.reason_code == ReasonCode::kQualifierMismatch)
    verdict.correction = qualifier_values.unambiguous();
  verdict.evidence = Evidence{best_piece->hit.passage, best_piece->hit.begin, best_piece->hit.end};
  verdict.evidence_sentence = std::string(best_piece->text);
  if (best_triplet != nullptr) verdict.evidence_triplet = *best_triplet;
  return verdict;
}

void TripletVerifier::verify_sentence(std::string_view sentence, std::size_t offset,
                                      std::uint32_t choice, std::vector<Verdict>& out) {
  // The answer's sentence goes through the cache too (retries, n > 1 choices, quoted
  // context); its pronouns are resolved afterwards, they depend on the previous sentence.
  SentenceTriplets claims = *triplets_of(sentence, TripletExtractor::Source::kAnswer);
  TripletExtractor::resolve_previous(claims, previous_subject_);
  previous_subject_ = claims.subject;
  std::erase_if(claims.triplets, states_nothing_to_check);
  if (claims.triplets.empty()) {
    Verdict v;
    v.choice = choice;
    v.answer_begin = offset;
    v.answer_end = offset + sentence.size();
    v.reason_code = ReasonCode::kNoClaim;
    v.reason = "no subject-relation claim to check";
    out.push_back(std::move(v));
    return;
  }
  const std::vector<EvidenceTriplets> evidence = evidence_for(sentence);
  const std::vector<text::Token> tokens = text::tokenize(sentence);
  for (const Triplet& claim : claims.triplets) {
    Verdict v = judge(claim, evidence, sentence);
    v.choice = choice;
    v.answer_begin = offset + claim.begin;
    v.answer_end = offset + claim.end;
    if (v.correction) {
      v.correction->answer_begin += offset;
      v.correction->answer_end += offset;
    }
    out.push_back(std::move(v));
  }
}

}  // namespace groundgate::filters::triplet
