#include "config/language_data_section.h"

#include <array>
#include <filesystem>
#include <optional>
#include <string>

#include "config/file_check.h"
#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 2> kLanguageDataKeys{"wordnet", "link_grammar"};

void read_dir(const YamlMap& map, std::string_view key, std::string_view base_dir, std::string& out,
              ErrorSink& errors) {
  auto f = map.get(key);
  if (!f) return;
  auto dir = read_string(*f, errors);
  if (!dir) return;
  if (dir->empty()) {
    errors.add(f->mark(), f->path + ": empty path (leave it out for the Debian location)");
    return;
  }
  out = resolve_path(base_dir, *dir);
}

// What a directory lacks, or nullopt when the file that marks its data is readable.
std::optional<std::string> missing(const std::string& dir, std::string_view marker) {
  const std::string path = dir + "/" + std::string(marker);
  if (auto why = unreadable_reason(path)) return "'" + path + "' " + *why;
  return std::nullopt;
}

struct Need {
  std::string_view key;      // in language_data
  std::string_view what;     // for the message
  std::string_view package;  // Debian's
  std::string_view marker;   // a file the directory must hold
  const std::string* dir;
};

}  // namespace

LanguageDataConfig read_language_data(const YamlField& field, std::string_view base_dir,
                                      ErrorSink& errors) {
  LanguageDataConfig out;
  YamlMap map(field, kLanguageDataKeys, errors);
  if (!map.valid()) return out;
  read_dir(map, "wordnet", base_dir, out.wordnet, errors);
  read_dir(map, "link_grammar", base_dir, out.link_grammar, errors);
  return out;
}

void check_language_data(const Config& config, const std::optional<YamlField>& section,
                         ErrorSink& errors) {
  const PolicyConfig* verifying = nullptr;
  const PolicyConfig* triplets = nullptr;
  for (const PolicyConfig& policy : config.policies) {
    if (verifying == nullptr && policy.verifies()) verifying = &policy;
    if (triplets == nullptr && policy.runs("triplets")) triplets = &policy;
  }
  const std::array<std::pair<Need, const PolicyConfig*>, 2> needs{{
      {{"wordnet", "WordNet", "wordnet-base", "data.noun", &config.language_data.wordnet},
       verifying},
      {{"link_grammar", "the link-grammar English dictionary", "link-grammar-dictionaries-en",
        "en/4.0.dict", &config.language_data.link_grammar},
       triplets},
  }};
  for (const auto& [need, policy] : needs) {
    if (policy == nullptr) continue;
    auto why = missing(*need.dir, need.marker);
    if (!why) continue;
    const std::string hint = " (policy '" + policy->name +
                             "' needs it; install the Debian package " + std::string(need.package) +
                             ", or set language_data." + std::string(need.key) + ")";
    YAML::Node key;
    if (section && section->value.IsMap()) key = section->value[std::string(need.key)];
    if (key.IsDefined() && key.IsScalar()) {
      errors.add(key.Mark(), join_path(section->path, need.key) + ": " + std::string(need.what) +
                                 " not found: " + *why + hint);
    } else {
      errors.add(std::string(need.what) + " not found: " + *why + hint);
    }
  }
}

}  // namespace groundgate::config
