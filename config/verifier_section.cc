#include "config/verifier_section.h"

#include <algorithm>
#include <array>

#include "config/suggestion.h"
#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 1> kAvailableVerifiers{"semantic_pieces"};
// Named in the design, not built yet: refused with a clear message rather than as a typo.
constexpr std::array<std::string_view, 1> kReservedVerifiers{"triplets"};
constexpr std::array<std::string_view, 2> kHoldModes{"stream_first", "sentence"};
constexpr std::array<std::string_view, 7> kSemanticPiecesKeys{"top_k",
                                                              "min_coverage",
                                                              "match_overlap",
                                                              "elsewhere_weight",
                                                              "question_grounds_words",
                                                              "flag_contradicted",
                                                              "max_unsupported_share"};
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
    if (contains(kReservedVerifiers, *name)) {
      errors.add(element.mark(), element.path + ": verifier '" + *name +
                                     "' is not available yet (available: semantic_pieces)");
      continue;
    }
    if (!contains(kAvailableVerifiers, *name)) {
      std::string msg = element.path + ": unknown verifier '" + name->substr(0, 64) + "'";
      const std::string guess = closest_match(*name, kAvailableVerifiers);
      msg += guess.empty() ? " (available: semantic_pieces)" : "; did you mean '" + guess + "'?";
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

std::optional<std::string> read_hold(const YamlField& field, ErrorSink& errors) {
  auto mode = read_string(field, errors);
  if (!mode) return std::nullopt;
  if (*mode == "stream_first") return mode;
  if (*mode == "sentence") {
    errors.add(field.mark(), field.path +
                                 ": hold mode 'sentence' needs issue 5 (inline actions); only "
                                 "'stream_first' is available");
    return std::nullopt;
  }
  std::string msg = field.path + ": unknown hold mode '" + mode->substr(0, 64) + "'";
  const std::string guess = closest_match(*mode, kHoldModes);
  msg += guess.empty() ? " (use stream_first)" : "; did you mean '" + guess + "'?";
  errors.add(field.mark(), std::move(msg));
  return std::nullopt;
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
  if (auto f = map.get("flag_contradicted")) {
    if (auto b = read_bool(*f, errors)) out.flag_contradicted = *b;
  }
  return out;
}

}  // namespace groundgate::config
