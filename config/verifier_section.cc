#include "config/verifier_section.h"

#include <algorithm>
#include <array>

#include "config/file_check.h"
#include "config/suggestion.h"
#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 2> kAvailableVerifiers{"semantic_pieces", "triplets"};
// Same order as HoldMode.
constexpr std::array<std::string_view, 2> kHoldModes{"stream_first", "sentence"};
constexpr std::array<std::string_view, 1> kTripletsKeys{"top_k"};
constexpr std::array<std::string_view, 3> kCombineKeys{"support", "strong_support",
                                                       "contradictions_only"};
constexpr std::array<std::string_view, 2> kSupportRules{"agreement", "either"};
constexpr std::array<std::string_view, 9> kSemanticPiecesKeys{"top_k",
                                                              "check_relations",
                                                              "names_as_written",
                                                              "min_coverage",
                                                              "match_overlap",
                                                              "elsewhere_weight",
                                                              "question_grounds_words",
                                                              "flag_contradicted",
                                                              "max_unsupported_share"};
constexpr std::array<std::string_view, 5> kScorerKeys{"model", "unsupported_at", "doubtful_at",
                                                      "contradicted_at", "answer_at"};
constexpr std::uint64_t kMaxTopK = 50;

template <std::size_t N>
bool contains(const std::array<std::string_view, N>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

void read_share(const YamlMap& map, std::string_view key, double& out, ErrorSink& errors) {
  if (auto f = map.get(key)) {
    if (auto v = read_number(*f, 0.0, 1.0, errors)) out = *v;
  }
}

}  // namespace

std::vector<std::string> read_verifiers(const YamlField& field, ErrorSink& errors) {
  std::vector<std::string> out;
  auto list = read_list(field, errors);
  if (!list) return out;
  for (const YamlField& element : *list) {
    auto name = read_string(element, errors);
    if (!name) continue;
    if (!contains(kAvailableVerifiers, *name)) {
      std::string msg = element.path + ": unknown verifier '" + name->substr(0, 64) + "'";
      const std::string guess = closest_match(*name, kAvailableVerifiers);
      msg += guess.empty() ? " (available: semantic_pieces, triplets)"
                           : "; did you mean '" + guess + "'?";
      errors.add(element.mark(), std::move(msg));
      continue;
    }
    if (std::find(out.begin(), out.end(), *name) != out.end()) {
      errors.add(element.mark(), element.path + ": verifier '" + *name + "' is listed twice");
      continue;
    }
    out.push_back(std::move(*name));
  }
  return out;
}

std::optional<HoldMode> read_hold(const YamlField& field, ErrorSink& errors) {
  auto mode = read_keyword(field, kHoldModes, errors);
  if (!mode) return std::nullopt;
  return static_cast<HoldMode>(*mode);
}

TripletsConfig read_triplets(const YamlField& field, ErrorSink& errors) {
  TripletsConfig out;
  YamlMap map(field, kTripletsKeys, errors);
  if (auto f = map.get("top_k")) {
    if (auto k = read_count(*f, kMaxTopK, errors)) out.top_k = static_cast<std::size_t>(*k);
  }
  return out;
}

CombineConfig read_combine(const YamlField& field, ErrorSink& errors) {
  CombineConfig out;
  YamlMap map(field, kCombineKeys, errors);
  if (auto f = map.get("support")) {
    if (auto rule = read_keyword(*f, kSupportRules, errors))
      out.support_needs_agreement = *rule == 0;
  }
  if (auto f = map.get("strong_support")) {
    if (auto v = read_number(*f, 0.0, 1.0, errors)) out.strong_support = *v;
  }
  if (auto f = map.get("contradictions_only")) out.contradictions_only = read_verifiers(*f, errors);
  return out;
}

ScorerConfig read_scorer(const YamlField& field, std::string_view base_dir, ErrorSink& errors) {
  ScorerConfig out;
  YamlMap map(field, kScorerKeys, errors);
  if (!map.valid()) return out;
  if (auto f = map.get("model")) {
    if (auto model = read_string(*f, errors)) {
      if (model->empty()) {
        errors.add(f->mark(), f->path + ": empty (builtin, off or a model file)");
      } else if (*model == "builtin" || *model == "off") {
        out.model = *model;
      } else {
        out.model = resolve_path(base_dir, *model);
        if (auto why = unreadable_reason(out.model))
          errors.add(f->mark(), f->path + ": file '" + out.model + "' " + *why);
      }
    }
  }
  auto threshold = [&](std::string_view key, std::optional<double>& into) {
    if (auto f = map.get(key)) {
      if (auto v = read_number(*f, 0.0, 1.0, errors)) into = *v;
    }
  };
  threshold("unsupported_at", out.unsupported_at);
  threshold("doubtful_at", out.doubtful_at);
  threshold("contradicted_at", out.contradicted_at);
  threshold("answer_at", out.answer_at);
  if (out.doubtful_at && out.unsupported_at && *out.doubtful_at > *out.unsupported_at) {
    errors.add(map.get("doubtful_at")->mark(),
               field.path + ".doubtful_at: above unsupported_at (the doubt band lies below it)");
  }
  return out;
}

SemanticPiecesConfig read_semantic_pieces(const YamlField& field, ErrorSink& errors) {
  SemanticPiecesConfig out;
  YamlMap map(field, kSemanticPiecesKeys, errors);
  if (!map.valid()) return out;
  if (auto f = map.get("top_k")) {
    if (auto k = read_count(*f, kMaxTopK, errors)) out.top_k = static_cast<std::size_t>(*k);
  }
  read_share(map, "min_coverage", out.min_coverage, errors);
  read_share(map, "match_overlap", out.match_overlap, errors);
  read_share(map, "elsewhere_weight", out.elsewhere_weight, errors);
  read_share(map, "max_unsupported_share", out.max_unsupported_share, errors);
  if (auto f = map.get("question_grounds_words")) {
    if (auto b = read_bool(*f, errors)) out.question_grounds_words = *b;
  }
  if (auto f = map.get("check_relations")) {
    if (auto b = read_bool(*f, errors)) out.check_relations = *b;
  }
  if (auto f = map.get("names_as_written")) {
    if (auto b = read_bool(*f, errors)) out.names_as_written = *b;
  }
  if (auto f = map.get("flag_contradicted")) {
    if (auto b = read_bool(*f, errors)) out.flag_contradicted = *b;
  }
  return out;
}

}  // namespace groundgate::config
