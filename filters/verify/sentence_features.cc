#include "filters/verify/sentence_features.h"

#include <algorithm>
#include <cmath>

#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/tokenizer.h"
#include "filters/text/word_table.h"
#include "filters/verify/combine.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::verify {
namespace {

using F = SentenceFeature;

// Words that make a statement tentative or approximate.
constexpr auto kHedges = text::word_table(
    "may", "might", "could", "possibly", "perhaps", "likely", "unlikely", "probably", "generally",
    "typically", "usually", "often", "sometimes", "approximately", "roughly", "around", "about");
constexpr auto kFirstPerson = text::word_table("i", "i'm", "me", "my", "we", "our", "us");
// Advice and recommendations state what to do, which a source rarely says in those words.
constexpr auto kAdvice = text::word_table("should", "recommend", "recommended", "important",
                                          "consult", "advisable", "consider", "ensure");
// A sentence that opens by adding to what was said.
constexpr auto kAddition =
    text::word_table("additionally", "also", "furthermore", "moreover", "besides", "plus");

float& at(SentenceFeatures& f, SentenceFeature which) {
  return f[static_cast<std::size_t>(which)];
}

// "- item", "* item", "• item", "1. item", "2) item".
bool opens_list_item(std::string_view sentence) {
  const std::size_t first = sentence.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return false;
  const std::string_view s = sentence.substr(first);
  if (s[0] == '-' || s[0] == '*' || s.starts_with("\xE2\x80\xA2")) return true;
  std::size_t digits = 0;
  while (digits < s.size() && digits < 3 && s[digits] >= '0' && s[digits] <= '9')
    ++digits;
  return digits > 0 && digits < s.size() && (s[digits] == '.' || s[digits] == ')');
}

// What the semantic-piece clauses measured, summed or at their extremes.
void add_piece_signals(SentenceFeatures& f, const SentenceVerdict& verdict) {
  float coverage_sum = 0;
  float coverage_min = 1;
  float overlap_min = 1, overlap_max = 0, bm25_min = 0, bm25_max = 0;
  bool first = true;
  for (const Finding& finding : verdict.findings) {
    if (finding.engine != Engine::kSemanticPieces) continue;
    const semantic_piece::ClauseSignals& s = finding.signals;
    at(f, F::k_clauses) += 1;
    if (finding.abstains) continue;
    at(f, F::k_claim_clauses) += 1;
    at(f, F::k_content_words) += s.content_words;
    at(f, F::k_values) += s.values;
    at(f, F::k_names) += s.names;
    at(f, F::k_words_in_evidence) += s.words_in_evidence;
    at(f, F::k_words_in_question) += s.words_in_question;
    at(f, F::k_words_related) += s.words_related;
    at(f, F::k_words_elsewhere) += s.words_elsewhere;
    at(f, F::k_words_missing) += s.words_missing;
    at(f, F::k_names_missing) += s.names_missing;
    at(f, F::k_values_found) += s.values_found;
    at(f, F::k_values_missing) += s.values_missing;
    at(f, F::k_value_mismatches) += s.value_mismatches;
    at(f, F::k_counts_missing) += s.counts_missing;
    at(f, F::k_no_evidence) += s.evidence_pieces == 0 ? 1 : 0;
    at(f, F::k_negation_mismatch) += s.negation_mismatch;
    at(f, F::k_antonym) += s.antonym;
    at(f, F::k_order_reversed) += s.order_reversed;
    at(f, F::k_order_undated) += s.order_undated;
    at(f, F::k_composed_name) += s.composed_name;
    at(f, F::k_exclusive_mismatch) += s.exclusive_mismatch;
    at(f, F::k_unbound_relation) += s.unbound_relation;
    at(f, F::k_compares) += s.compares;
    at(f, F::k_about_source) += s.about_source;
    at(f, F::k_framing) += s.framing;
    at(f, F::k_flags_named) += s.flags_named;
    at(f, F::k_flag_conflicts) += s.flag_conflicts;
    at(f, F::k_hours_stated) += s.hours_stated;
    at(f, F::k_hours_conflicts) += s.hours_conflicts;
    at(f, F::k_pieces_contradicted) += finding.label == Label::kContradicted;
    if (finding.label == Label::kContradicted) {
      at(f, F::k_conflict_overlap) = std::max(at(f, F::k_conflict_overlap), s.best_overlap);
      if (s.words_missing == 0 && s.names_missing == 0) at(f, F::k_conflict_clean) = 1;
      if (s.aligned_conflict) at(f, F::k_aligned_conflict) = 1;
    }
    at(f, F::k_pieces_unsupported) += finding.label == Label::kUnsupported;
    coverage_sum += s.coverage;
    coverage_min = std::min(coverage_min, s.coverage);
    overlap_min = first ? s.best_overlap : std::min(overlap_min, s.best_overlap);
    overlap_max = std::max(overlap_max, s.best_overlap);
    bm25_min = first ? s.best_bm25 : std::min(bm25_min, s.best_bm25);
    bm25_max = std::max(bm25_max, s.best_bm25);
    first = false;
  }
  const float claims = at(f, F::k_claim_clauses);
  at(f, F::k_coverage_min) = coverage_min;
  at(f, F::k_coverage_mean) = claims > 0 ? coverage_sum / claims : 1;
  at(f, F::k_overlap_min) = first ? 0 : overlap_min;
  at(f, F::k_overlap_max) = overlap_max;
  at(f, F::k_bm25_min) = bm25_min;
  at(f, F::k_bm25_max) = bm25_max;
  const float words = at(f, F::k_content_words) + at(f, F::k_values);
  at(f, F::k_missing_share) =
      words > 0 ? (at(f, F::k_words_missing) + at(f, F::k_values_missing)) / words : 0;
}

void add_triplet_findings(SentenceFeatures& f, const SentenceVerdict& verdict) {
  float score_min = 1;
  for (const Finding& finding : verdict.findings) {
    if (finding.engine != Engine::kTriplets || finding.abstains) continue;
    at(f, F::k_triplet_claims) += 1;
    at(f, F::k_triplets_supported) += finding.label == Label::kSupported;
    at(f, F::k_triplets_contradicted) += finding.label == Label::kContradicted;
    at(f, F::k_triplets_unsupported) += finding.label == Label::kUnsupported;
    at(f, F::k_triplet_relation_mismatch) += finding.code == "relation_mismatch";
    at(f, F::k_triplet_qualifier_missing) += finding.code == "qualifier_missing";
    score_min = std::min(score_min, static_cast<float>(finding.score));
  }
  at(f, F::k_triplet_score_min) = score_min;
}

void add_figure_findings(SentenceFeatures& f, const SentenceVerdict& verdict) {
  for (const Finding& finding : verdict.findings) {
    if (finding.engine != Engine::kFigures) continue;
    at(f, F::k_figures_read) += finding.code == "figure_read";
    at(f, F::k_figures_derived) += finding.code == "figure_derived";
    at(f, F::k_figure_conflicts) += finding.label == Label::kContradicted;
  }
}

void add_shape(SentenceFeatures& f, std::string_view sentence) {
  const std::vector<text::Token> tokens = text::tokenize(sentence);
  at(f, F::k_tokens) = static_cast<float>(tokens.size());
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string_view w = tokens[i].norm;
    if (kHedges.contains(w)) at(f, F::k_hedged) = 1;
    if (kFirstPerson.contains(w)) at(f, F::k_first_person) = 1;
    if (kAdvice.contains(w)) at(f, F::k_advice) = 1;
    if (i == 0 && kAddition.contains(w)) at(f, F::k_addition) = 1;
  }
  at(f, F::k_list_item) = opens_list_item(sentence);
}

}  // namespace

const std::array<std::string_view, kSentenceFeatureCount>& sentence_feature_names() {
  static constexpr std::array<std::string_view, kSentenceFeatureCount> kNames = {
#define GG_FEATURE_NAME(name, direction) #name,
      GG_SENTENCE_FEATURES(GG_FEATURE_NAME)
#undef GG_FEATURE_NAME
  };
  return kNames;
}

const std::array<int, kSentenceFeatureCount>& sentence_feature_directions() {
  static constexpr std::array<int, kSentenceFeatureCount> kDirections = {
#define GG_FEATURE_DIRECTION(name, direction) direction,
      GG_SENTENCE_FEATURES(GG_FEATURE_DIRECTION)
#undef GG_FEATURE_DIRECTION
  };
  return kDirections;
}

SentenceFeatures sentence_features(const SentenceVerdict& verdict, std::string_view sentence) {
  SentenceFeatures f{};
  add_piece_signals(f, verdict);
  add_triplet_findings(f, verdict);
  add_figure_findings(f, verdict);
  add_shape(f, sentence);
  at(f, F::k_rule_label) = !verdict.claims ? 0 : static_cast<float>(severity(verdict.label));
  return f;
}

}  // namespace groundgate::filters::verify
