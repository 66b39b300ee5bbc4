#include "filters/verify/scored_label.h"

#include <algorithm>

#include "filters/verify/combine.h"

namespace groundgate::filters::verify {
namespace {

// The finding that best explains a doubt: a contradiction, else an unsupported piece, else the
// weakest supported one.
std::optional<std::size_t> weakest_finding(const SentenceVerdict& verdict, Label at_least) {
  std::optional<std::size_t> out;
  for (std::size_t i = 0; i < verdict.findings.size(); ++i) {
    const Finding& f = verdict.findings[i];
    if (f.abstains || severity(f.label) < severity(at_least)) continue;
    if (!out) {
      out = i;
      continue;
    }
    const Finding& best = verdict.findings[*out];
    if (severity(f.label) > severity(best.label) ||
        (severity(f.label) == severity(best.label) && f.score < best.score)) {
      out = i;
    }
  }
  return out;
}

bool is_polarity(std::string_view code) {
  return code == "negation_mismatch" || code == "antonym" || code == "relation_mismatch";
}

// A conflict with the evidence that says otherwise, slot for slot: a clause that lines up with
// a context sentence differing in one slot, or a figure the figures check placed at the cell of
// the row and year named, or recomputed by the one reading the question's operation, row and
// years leave, that gives another value (its derivation names the context's figures).
bool aligned(const Finding& f) {
  switch (f.engine) {
    case Engine::kSemanticPieces:
      return f.signals.aligned_conflict;
    case Engine::kFigures:
      return f.derivation && !f.derivation->operands.empty() && f.correction;
    default:
      return false;
  }
}

// A value the value check found in a context piece that does not hold the rest of the clause:
// the piece may give it of another thing ("Password reset links expire after 24 hours." for
// "Invitation links expire after 7 days."), which is no evidence that says otherwise. At most
// unsupported, by the sentence's probability. (The record checks, flags and hours, match a
// field by its name; an ordering, by the names it orders.)
bool said_of_another(const Finding& f) {
  return f.engine == Engine::kSemanticPieces && f.code == "entity_mismatch" &&
         !f.signals.aligned_conflict && !f.signals.conflict_holds_clause;
}

// Under half of the clause's words found: most of what it says is not in the context. An
// answer to a question restates the context, so most of its words should be found there; one
// a request to write asks for (a summary, an overview) is in the writer's own words at any
// coverage, and low coverage alone names nothing the context lacks.
constexpr double kRewordedCoverage = 0.5;

}  // namespace

bool says_more_than_evidence(const SentenceVerdict& verdict) {
  return std::any_of(verdict.findings.begin(), verdict.findings.end(), [](const Finding& f) {
    return !f.abstains && f.engine == Engine::kSemanticPieces && f.signals.modality_changed;
  });
}

bool rests_on_rewording(const SentenceVerdict& verdict) {
  const double floor = verdict.own_words ? 0.0 : kRewordedCoverage;
  bool against = false;
  for (const Finding& f : verdict.findings) {
    if (f.abstains || severity(f.label) < severity(Label::kUnsupported)) continue;
    if (f.code != "low_coverage" || f.score < floor) return false;
    against = true;
  }
  return against;
}

ConflictKind conflict_kind(const SentenceVerdict& verdict) {
  ConflictKind kind = ConflictKind::kNone;
  for (const Finding& f : verdict.findings) {
    if (f.abstains || f.label != Label::kContradicted || said_of_another(f)) continue;
    ConflictKind found = ConflictKind::kPolarity;
    if (aligned(f)) {
      found = ConflictKind::kAligned;
    } else if (!is_polarity(f.code)) {
      // Only the semantic pieces measure the rest of the clause; a triplet's signals are unset.
      const bool clean = f.engine == Engine::kSemanticPieces && f.signals.words_missing == 0 &&
                         f.signals.names_missing == 0;
      found = clean ? ConflictKind::kCleanValue : ConflictKind::kValue;
    }
    kind = std::max(kind, found);
  }
  return kind;
}

double contradicted_at(const score::Thresholds& thresholds, ConflictKind kind) {
  switch (kind) {
    case ConflictKind::kPolarity:
      return thresholds.contradicted_polarity;
    case ConflictKind::kValue:
      return thresholds.contradicted;
    case ConflictKind::kCleanValue:
      return thresholds.contradicted_clean;
    case ConflictKind::kAligned:
      return 0;
    case ConflictKind::kNone:
      break;
  }
  return 2;
}

void label_by_score(SentenceVerdict& verdict, double unfaithful,
                    const score::Thresholds& thresholds) {
  verdict.unfaithful = unfaithful;
  verdict.score = 1 - unfaithful;
  const ConflictKind conflict =
      verdict.label == Label::kContradicted ? conflict_kind(verdict) : ConflictKind::kNone;
  if (unfaithful >= contradicted_at(thresholds, conflict)) {
    verdict.label = Label::kContradicted;
  } else if ((unfaithful >= thresholds.unsupported && !rests_on_rewording(verdict)) ||
             says_more_than_evidence(verdict)) {
    verdict.label = Label::kUnsupported;
  } else if (unfaithful >= thresholds.doubtful) {
    verdict.label = Label::kDoubtful;
  } else {
    verdict.label = Label::kSupported;
  }
  if (auto at = weakest_finding(verdict, Label::kSupported)) verdict.decisive = at;
}

}  // namespace groundgate::filters::verify
