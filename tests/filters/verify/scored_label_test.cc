#include "filters/verify/scored_label.h"

#include <gtest/gtest.h>

#include <string_view>

namespace groundgate::filters::verify {
namespace {

Finding finding(Engine engine, Label label, std::string_view code, double score = 0.5) {
  Finding f;
  f.engine = engine;
  f.label = label;
  f.code = code;
  f.score = score;
  return f;
}

// A clause the semantic pieces contradict on a value; `missing` of its other words not found;
// the piece giving the other value holds the rest of the clause unless `held` is false.
Finding value_conflict(std::uint16_t words_missing, std::uint16_t names_missing = 0,
                       bool held = true) {
  Finding f = finding(Engine::kSemanticPieces, Label::kContradicted, "entity_mismatch", 0);
  f.signals.words_missing = words_missing;
  f.signals.names_missing = names_missing;
  f.signals.conflict_holds_clause = held;
  return f;
}

// The engines' verdict (after combine): contradicted when a finding is.
SentenceVerdict verdict_of(std::initializer_list<Finding> findings) {
  SentenceVerdict v;
  v.findings = findings;
  v.claims = true;
  v.label = Label::kSupported;
  for (const Finding& f : v.findings) {
    if (f.abstains) continue;
    if (f.label == Label::kContradicted) v.label = Label::kContradicted;
    if (f.label == Label::kUnsupported && v.label == Label::kSupported) {
      v.label = Label::kUnsupported;
    }
  }
  return v;
}

score::Thresholds thresholds() {
  score::Thresholds t;
  t.unsupported = 0.3;
  t.doubtful = 0.3;  // no doubt band (see DoubtLiesBelowAFlag)
  t.contradicted = 0.6;
  t.contradicted_clean = 0.5;
  t.contradicted_polarity = 0.8;
  t.answer = 0.5;
  return t;
}

Label label_at(SentenceVerdict v, double unfaithful) {
  label_by_score(v, unfaithful, thresholds());
  return v.label;
}

TEST(ConflictKind, NoneWithoutAContradiction) {
  EXPECT_EQ(conflict_kind(verdict_of({})), ConflictKind::kNone);
  EXPECT_EQ(conflict_kind(verdict_of(
                {finding(Engine::kSemanticPieces, Label::kUnsupported, "low_coverage")})),
            ConflictKind::kNone);
  Finding abstaining = value_conflict(0);
  abstaining.abstains = true;
  EXPECT_EQ(conflict_kind(verdict_of({abstaining})), ConflictKind::kNone);
}

TEST(ConflictKind, NegationsAntonymsAndRelationsArePolarity) {
  for (std::string_view code : {"negation_mismatch", "antonym", "relation_mismatch"}) {
    EXPECT_EQ(
        conflict_kind(verdict_of({finding(Engine::kSemanticPieces, Label::kContradicted, code)})),
        ConflictKind::kPolarity)
        << code;
    EXPECT_EQ(conflict_kind(verdict_of({finding(Engine::kTriplets, Label::kContradicted, code)})),
              ConflictKind::kPolarity)
        << code;
  }
}

TEST(ConflictKind, AValueConflictIsCleanWhenTheRestOfTheClauseIsFound) {
  EXPECT_EQ(conflict_kind(verdict_of({value_conflict(0)})), ConflictKind::kCleanValue);
  EXPECT_EQ(conflict_kind(verdict_of({value_conflict(1)})), ConflictKind::kValue);
  EXPECT_EQ(conflict_kind(verdict_of({value_conflict(0, 1)})), ConflictKind::kValue);
}

// The other value comes from a piece that does not hold the rest of the clause: it may be
// another thing's, no evidence that says otherwise, however likely the sentence is unfaithful.
TEST(ConflictKind, AValueSaidOfAnotherThingIsNoConflict) {
  const SentenceVerdict v = verdict_of({value_conflict(1, 0, /*held=*/false)});
  EXPECT_EQ(conflict_kind(v), ConflictKind::kNone);
  EXPECT_EQ(label_at(v, 0.99), Label::kUnsupported);
  EXPECT_EQ(label_at(v, 0.1), Label::kSupported);
  // A record's field said the other way is matched by its name.
  const SentenceVerdict flag =
      verdict_of({finding(Engine::kSemanticPieces, Label::kContradicted, "flag_mismatch", 0)});
  EXPECT_EQ(conflict_kind(flag), ConflictKind::kCleanValue);
  // The same value conflict lined up with its evidence is aligned, held or not.
  Finding aligned = value_conflict(0, 0, /*held=*/false);
  aligned.signals.aligned_conflict = true;
  EXPECT_EQ(conflict_kind(verdict_of({aligned})), ConflictKind::kAligned);
}

TEST(ConflictKind, ATripletsValueConflictIsNeverClean) {
  // The triplets do not measure the rest of the clause: their signals are unset, not zero.
  EXPECT_EQ(conflict_kind(
                verdict_of({finding(Engine::kTriplets, Label::kContradicted, "object_mismatch")})),
            ConflictKind::kValue);
}

TEST(ConflictKind, TheStrongestKindFound) {
  const Finding polarity = finding(Engine::kSemanticPieces, Label::kContradicted, "antonym");
  EXPECT_EQ(conflict_kind(verdict_of({polarity, value_conflict(2)})), ConflictKind::kValue);
  EXPECT_EQ(conflict_kind(verdict_of({value_conflict(2), value_conflict(0), polarity})),
            ConflictKind::kCleanValue);
}

TEST(ContradictedAt, EachKindHasItsThreshold) {
  const score::Thresholds t = thresholds();
  EXPECT_DOUBLE_EQ(contradicted_at(t, ConflictKind::kValue), 0.6);
  EXPECT_DOUBLE_EQ(contradicted_at(t, ConflictKind::kCleanValue), 0.5);
  EXPECT_DOUBLE_EQ(contradicted_at(t, ConflictKind::kPolarity), 0.8);
  EXPECT_GT(contradicted_at(t, ConflictKind::kNone), 1.0);
}

TEST(LabelByScore, AValueConflictIsContradictedAtItsThreshold) {
  const SentenceVerdict v = verdict_of({value_conflict(1)});
  EXPECT_EQ(label_at(v, 0.59), Label::kUnsupported);
  EXPECT_EQ(label_at(v, 0.6), Label::kContradicted);
  EXPECT_EQ(label_at(v, 0.29), Label::kSupported);
}

TEST(LabelByScore, ACleanValueConflictIsContradictedAtItsThreshold) {
  const SentenceVerdict v = verdict_of({value_conflict(0)});
  EXPECT_EQ(label_at(v, 0.49), Label::kUnsupported);
  EXPECT_EQ(label_at(v, 0.5), Label::kContradicted);
}

TEST(LabelByScore, APolarityConflictIsContradictedAtItsThreshold) {
  const SentenceVerdict v =
      verdict_of({finding(Engine::kSemanticPieces, Label::kContradicted, "negation_mismatch")});
  EXPECT_EQ(label_at(v, 0.79), Label::kUnsupported);
  EXPECT_EQ(label_at(v, 0.8), Label::kContradicted);
}

TEST(LabelByScore, NoContradictionWithoutAnEngineConflict) {
  // However sure the scorer is, only an engine's conflict makes a sentence contradicted.
  const SentenceVerdict unsupported =
      verdict_of({finding(Engine::kSemanticPieces, Label::kUnsupported, "low_coverage", 0.3)});
  EXPECT_EQ(label_at(unsupported, 0.99), Label::kUnsupported);
  EXPECT_EQ(label_at(unsupported, 0.3), Label::kUnsupported);
  EXPECT_EQ(label_at(unsupported, 0.29), Label::kSupported);
  const SentenceVerdict supported =
      verdict_of({finding(Engine::kSemanticPieces, Label::kSupported, "supported", 0.9)});
  EXPECT_EQ(label_at(supported, 1.0), Label::kUnsupported);
  // An engine's contradiction the combine rule did not keep (the sentence is not
  // contradicted) does not count either.
  SentenceVerdict overruled = verdict_of({value_conflict(0)});
  overruled.label = Label::kUnsupported;
  EXPECT_EQ(label_at(overruled, 0.99), Label::kUnsupported);
}

// An aligned finding: the clause lines up with a context sentence that says otherwise.
Finding aligned(std::string_view code) {
  Finding f = finding(Engine::kSemanticPieces, Label::kContradicted, code, 0);
  f.signals.aligned_conflict = true;
  return f;
}

TEST(ConflictKind, AnAlignedConflictIsTheStrongest) {
  for (std::string_view code : {"entity_mismatch", "negation_mismatch", "antonym"}) {
    EXPECT_EQ(conflict_kind(verdict_of({value_conflict(0), aligned(code)})), ConflictKind::kAligned)
        << code;
  }
  EXPECT_DOUBLE_EQ(contradicted_at(thresholds(), ConflictKind::kAligned), 0);
}

TEST(LabelByScore, AnAlignedConflictIsContradictedWhateverTheProbability) {
  // The evidence decided; the probability only says how sure the scorer is (the score).
  for (std::string_view code : {"entity_mismatch", "negation_mismatch"}) {
    SentenceVerdict v = verdict_of({aligned(code)});
    label_by_score(v, 0.05, thresholds());
    EXPECT_EQ(v.label, Label::kContradicted) << code;
    EXPECT_DOUBLE_EQ(v.score, 0.95);
  }
}

// A figure the figures check contradicts: the cell of the row and year named (or the one
// computation the question leaves) gives another value.
Finding figure_conflict(bool with_evidence) {
  Finding f = finding(Engine::kFigures, Label::kContradicted, "figure_mismatch", 0);
  Derivation d;
  d.expression = "a";
  d.result = "1,496.5";
  if (with_evidence) d.operands.push_back({"a", Evidence{}, "1,496.5", "Total sales, 2019"});
  f.derivation = d;
  f.correction = Correction{0, 5, "1,496.5"};
  return f;
}

TEST(ConflictKind, AFigureContradictedByItsCellIsAligned) {
  EXPECT_EQ(conflict_kind(verdict_of({figure_conflict(true)})), ConflictKind::kAligned);
  SentenceVerdict v = verdict_of({figure_conflict(true)});
  label_by_score(v, 0.05, thresholds());
  EXPECT_EQ(v.label, Label::kContradicted);
  ASSERT_TRUE(v.decisive_finding());
  EXPECT_EQ(v.decisive_finding()->code, "figure_mismatch");
  // Without the context's figures to show, it is a value conflict like any other.
  EXPECT_EQ(conflict_kind(verdict_of({figure_conflict(false)})), ConflictKind::kValue);
}

TEST(LabelByScore, DoubtLiesBelowAFlag) {
  score::Thresholds t = thresholds();
  t.doubtful = 0.2;
  const SentenceVerdict v =
      verdict_of({finding(Engine::kSemanticPieces, Label::kUnsupported, "low_coverage", 0.3)});
  SentenceVerdict at = v;
  label_by_score(at, 0.19, t);
  EXPECT_EQ(at.label, Label::kSupported);
  at = v;
  label_by_score(at, 0.2, t);
  EXPECT_EQ(at.label, Label::kDoubtful);
  at = v;
  label_by_score(at, 0.3, t);
  EXPECT_EQ(at.label, Label::kUnsupported);
  // A looser conflict under its threshold is doubt, not a flag.
  at = verdict_of({value_conflict(1)});
  label_by_score(at, 0.25, t);
  EXPECT_EQ(at.label, Label::kDoubtful);
  EXPECT_FALSE(is_flag(Label::kDoubtful));
  EXPECT_TRUE(is_flag(Label::kUnsupported));
}

TEST(LabelByScore, AFlagOnRewordingAloneIsDoubt) {
  // Half or more of the clause's words found, and nothing but low coverage against it: the
  // missing words may be the answer's own for what the context says.
  const SentenceVerdict reworded =
      verdict_of({finding(Engine::kSemanticPieces, Label::kUnsupported, "low_coverage", 0.5),
                  finding(Engine::kSemanticPieces, Label::kSupported, "supported_entity", 1)});
  EXPECT_TRUE(rests_on_rewording(reworded));
  EXPECT_EQ(label_at(reworded, 0.99), Label::kDoubtful);
  // Under half of its words found, or another finding naming what the context lacks: a flag.
  const SentenceVerdict mostly_absent =
      verdict_of({finding(Engine::kSemanticPieces, Label::kUnsupported, "low_coverage", 0.49)});
  EXPECT_FALSE(rests_on_rewording(mostly_absent));
  EXPECT_EQ(label_at(mostly_absent, 0.99), Label::kUnsupported);
  const SentenceVerdict named =
      verdict_of({finding(Engine::kSemanticPieces, Label::kUnsupported, "low_coverage", 0.8),
                  finding(Engine::kSemanticPieces, Label::kUnsupported, "missing_entity", 0.5)});
  EXPECT_FALSE(rests_on_rewording(named));
  EXPECT_EQ(label_at(named, 0.99), Label::kUnsupported);
  // The scorer's own flag where every engine supports the sentence stands; abstentions and
  // contradictions are not rewording.
  const SentenceVerdict scorer_only =
      verdict_of({finding(Engine::kSemanticPieces, Label::kSupported, "supported_coverage", 1)});
  EXPECT_FALSE(rests_on_rewording(scorer_only));
  EXPECT_EQ(label_at(scorer_only, 0.99), Label::kUnsupported);
  EXPECT_FALSE(rests_on_rewording(verdict_of({value_conflict(0)})));
}

TEST(LabelByScore, InAnAnswerToARequestToWriteLowCoverageAloneIsDoubt) {
  SentenceVerdict mostly_absent =
      verdict_of({finding(Engine::kSemanticPieces, Label::kUnsupported, "low_coverage", 0.2)});
  mostly_absent.own_words = true;  // a summary, an overview: the writer's words
  EXPECT_TRUE(rests_on_rewording(mostly_absent));
  EXPECT_EQ(label_at(mostly_absent, 0.99), Label::kDoubtful);
  // A finding that names what the context lacks is a flag in any answer.
  SentenceVerdict named =
      verdict_of({finding(Engine::kSemanticPieces, Label::kUnsupported, "low_coverage", 0.2),
                  finding(Engine::kSemanticPieces, Label::kUnsupported, "missing_entity", 0.5)});
  named.own_words = true;
  EXPECT_FALSE(rests_on_rewording(named));
  EXPECT_EQ(label_at(named, 0.99), Label::kUnsupported);
}

TEST(LabelByScore, SetsTheProbabilityAndScore) {
  SentenceVerdict v = verdict_of({value_conflict(1)});
  label_by_score(v, 0.25, thresholds());
  ASSERT_TRUE(v.unfaithful.has_value());
  EXPECT_DOUBLE_EQ(*v.unfaithful, 0.25);
  EXPECT_DOUBLE_EQ(v.score, 0.75);
  EXPECT_EQ(v.label, Label::kSupported);
}

TEST(LabelByScore, TheDecisiveFindingExplainsTheDoubt) {
  // The contradiction first, whatever the label; then the weakest unsupported; abstentions never.
  Finding abstains = finding(Engine::kSemanticPieces, Label::kContradicted, "no_claim", 0);
  abstains.abstains = true;
  SentenceVerdict v =
      verdict_of({finding(Engine::kSemanticPieces, Label::kSupported, "supported", 0.9), abstains,
                  finding(Engine::kSemanticPieces, Label::kUnsupported, "low_coverage", 0.4),
                  finding(Engine::kTriplets, Label::kUnsupported, "no_matching_triplet", 0.2),
                  finding(Engine::kSemanticPieces, Label::kUnsupported, "low_coverage", 0.3)});
  label_by_score(v, 0.5, thresholds());
  EXPECT_EQ(v.decisive, 3u);

  v = verdict_of({finding(Engine::kSemanticPieces, Label::kUnsupported, "low_coverage", 0.1),
                  value_conflict(1)});
  label_by_score(v, 0.1, thresholds());
  EXPECT_EQ(v.label, Label::kSupported);
  EXPECT_EQ(v.decisive, 1u);

  v = verdict_of({finding(Engine::kSemanticPieces, Label::kSupported, "supported", 0.9),
                  finding(Engine::kTriplets, Label::kSupported, "supported_triplet", 0.7)});
  label_by_score(v, 0.1, thresholds());
  EXPECT_EQ(v.decisive, 1u);  // the weakest support
}

TEST(LabelByScore, AllAbstainingLeavesNoDecisiveFinding) {
  Finding abstains = finding(Engine::kSemanticPieces, Label::kSupported, "no_claim", 1);
  abstains.abstains = true;
  SentenceVerdict v = verdict_of({abstains});
  label_by_score(v, 0.1, thresholds());
  EXPECT_FALSE(v.decisive.has_value());
}

// A clause stated as a fact where the aligned evidence calls it possible is unsupported at any
// probability; the same finding abstaining, or another engine's, sets no floor.
TEST(LabelByScore, SayingMoreThanAlignedEvidenceIsAtLeastUnsupported) {
  Finding more = finding(Engine::kSemanticPieces, Label::kUnsupported, "modality_changed", 0);
  more.signals.modality_changed = true;
  EXPECT_TRUE(says_more_than_evidence(verdict_of({more})));
  EXPECT_EQ(label_at(verdict_of({more}), 0.05), Label::kUnsupported);
  EXPECT_EQ(label_at(verdict_of({more}), 0.9), Label::kUnsupported);
  Finding abstaining = more;
  abstaining.abstains = true;
  EXPECT_FALSE(says_more_than_evidence(verdict_of({abstaining})));
  EXPECT_EQ(label_at(verdict_of({abstaining}), 0.05), Label::kSupported);
  // An aligned contradiction still decides over it.
  Finding conflict = value_conflict(0);
  conflict.signals.aligned_conflict = true;
  conflict.signals.modality_changed = true;
  EXPECT_EQ(label_at(verdict_of({conflict}), 0.05), Label::kContradicted);
}

}  // namespace
}  // namespace groundgate::filters::verify
