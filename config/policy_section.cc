#include "config/policy_section.h"

#include <array>
#include <optional>

#include "config/context_section.h"
#include "config/verifier_section.h"
#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 5> kPolicyKeys{"redact", "verifiers", "context", "hold",
                                                      "semantic_pieces"};
constexpr std::array<std::string_view, 3> kRedactKeys{"phrases", "replacement", "case_insensitive"};

RedactConfig read_redact(const YamlField& field, ErrorSink& errors) {
  RedactConfig out;
  YamlMap map(field, kRedactKeys, errors);
  if (!map.valid()) return out;
  if (auto f = map.require("phrases", errors)) {
    if (auto list = read_list(*f, errors)) {
      if (list->empty()) errors.add(f->mark(), f->path + ": needs at least one phrase");
      for (const YamlField& p : *list) {
        auto phrase = read_string(p, errors);
        if (!phrase) continue;
        if (phrase->empty()) {
          errors.add(p.mark(), p.path + ": empty phrase");
          continue;
        }
        out.phrases.push_back(std::move(*phrase));
      }
    }
  }
  if (auto f = map.get("replacement")) {
    if (auto s = read_string(*f, errors)) out.replacement = std::move(*s);
  }
  if (auto f = map.get("case_insensitive")) {
    if (auto b = read_bool(*f, errors)) out.case_insensitive = *b;
  }
  return out;
}

PolicyConfig read_policy(const YamlField& field, ErrorSink& errors) {
  PolicyConfig p;
  p.name = field.key;
  if (!valid_name(p.name)) {
    errors.add(field.key_mark, field.path + ": invalid policy name '" + p.name.substr(0, 64) +
                                   "' (use letters, digits, '_', '-' and '.')");
  }
  YamlMap map(field, kPolicyKeys, errors);
  if (auto f = map.get("redact")) p.redact = read_redact(*f, errors);
  if (auto f = map.get("verifiers")) p.verifiers = read_verifiers(*f, errors);
  if (auto f = map.get("hold")) {
    if (auto hold = read_hold(*f, errors)) p.hold = std::move(*hold);
  }
  // Settings nothing reads are a trap (the user believes they apply): refuse them. A verifier
  // list with errors was reported already, so only an absent or empty list counts here.
  const std::optional<YamlField> verifiers = map.get("verifiers");
  const bool no_verifier = !verifiers || verifiers->value.IsNull() ||
                           (verifiers->value.IsSequence() && verifiers->value.size() == 0);
  if (auto f = map.get("context")) {
    p.context = read_context_sources(*f, errors);
    if (no_verifier) {
      errors.add(f->key_mark, f->path +
                                  ": has no effect without a verifier (add verifiers: "
                                  "[semantic_pieces])");
    }
  }
  if (auto f = map.get("semantic_pieces")) {
    p.semantic_pieces = read_semantic_pieces(*f, errors);
    if (no_verifier) {
      errors.add(f->key_mark, f->path + ": has no effect unless 'semantic_pieces' is in verifiers");
    }
  }
  return p;
}

}  // namespace

std::vector<PolicyConfig> read_policies(const YamlField& field, ErrorSink& errors) {
  std::vector<PolicyConfig> out;
  YamlMap map(field, {}, errors);
  for (const YamlField& entry : map.entries())
    out.push_back(read_policy(entry, errors));
  return out;
}

}  // namespace groundgate::config
