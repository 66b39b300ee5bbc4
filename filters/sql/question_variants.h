#pragma once
// Rewrites of a user's question whose effect on the right query's result is known (MRSQLGen's
// and SQLHD's metamorphic relations, research/structured_queries.md): a prefix added or
// swapped (same result), an extremum said otherwise ("highest" → "maximum": same) or turned
// round ("highest" → "lowest": different), a comparison said otherwise ("more than" → "over":
// same), relaxed ("more than 5" → "at least 5": a superset) or tightened ("more than 5000" →
// "more than 6250": a subset), an irrelevant sentence appended (same). English and German.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::sql {

// What the variant's result must be to the original's.
enum class Relation : std::uint8_t { kEqual, kDifferent, kSubset, kSuperset };

enum class VariantFamily : std::uint8_t {
  kPrefix,
  kExtremum,
  kExtremumAntonym,
  kComparison,
  kComparisonRelaxed,
  kComparisonTightened,
  kIrrelevant,
};

struct QuestionVariant {
  VariantFamily family = VariantFamily::kPrefix;
  Relation expected = Relation::kEqual;
  std::string question;  // the rewritten question
  // The rewrite as an edit of the original: [begin, end) replaced by `replacement`.
  std::size_t begin = 0;
  std::size_t end = 0;
  std::string replacement;
};

// At most `max_variants`, one per family, the families that can tell a wrong query apart
// (antonym, relaxed, tightened) first. Deterministic.
std::vector<QuestionVariant> question_variants(std::string_view question, std::size_t max_variants);

std::string_view to_string(Relation relation);
std::string_view to_string(VariantFamily family);

}  // namespace groundgate::filters::sql
