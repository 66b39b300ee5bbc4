#include "filters/spl/name_checks.h"

#include <algorithm>
#include <vector>

#include "filters/spl/cim_models.h"
#include "filters/spl/splunk_defaults.h"

namespace groundgate::filters::spl {
namespace {

constexpr Kind kComponentKinds[] = {Kind::kIndex, Kind::kSourcetype, Kind::kSource};

std::string_view lookup_stem(std::string_view name) {
  return name.size() > 4 && name.ends_with(".csv") ? name.substr(0, name.size() - 4) : name;
}

// The metadata's lookup of that name, `.csv` ignored either side; empty when none.
std::string known_lookup(const SplMetadata& metadata, std::string_view name) {
  for (const std::string& l : metadata.names(Kind::kLookup).names()) {
    if (lookup_stem(l) == lookup_stem(name)) return l;
  }
  return {};
}

std::string_view unknown_code(Kind kind) {
  switch (kind) {
    case Kind::kIndex:
      return "unknown_index";
    case Kind::kSourcetype:
      return "unknown_sourcetype";
    default:
      return "unknown_source";
  }
}

std::vector<std::string> all_macro_names(const SplMetadata& metadata) {
  std::vector<std::string> out(metadata.names(Kind::kMacro).names().begin(),
                               metadata.names(Kind::kMacro).names().end());
  for (const std::string& m : builtin_macros().names(Kind::kMacro).names())
    out.push_back(m);
  return out;
}

}  // namespace

bool metadata_matches(const SplMetadata& metadata, Kind kind, std::string_view value) {
  const NameSet& names = metadata.names(kind);
  if (names.contains(value)) return true;
  const bool fold = folds_case(kind);
  for (const std::string& n : names.names()) {
    if (glob_match(value, n, fold) || glob_match(n, value, fold)) return true;
  }
  return false;
}

void check_macro_calls(const Expansion& expansion, const SplMetadata& metadata, FindingSink& sink) {
  if (metadata.empty()) return;  // nothing given: a macro cannot be told from a real one
  for (const MacroCall& call : expansion.calls()) {
    if (call.status == MacroStatus::kUnknown) {
      const std::vector<std::string> names = all_macro_names(metadata);
      const auto s = sink.suggest(call.name, names);
      std::optional<std::string> fix;
      if (s && s->unique) {
        const std::string_view text = sink.query().substr(call.begin, call.end - call.begin);
        const std::size_t at = text.find(call.name);
        if (at != std::string_view::npos) {
          fix = std::string(text.substr(0, at)) + s->name +
                std::string(text.substr(at + call.name.size()));
        }
      }
      sink.add_at_query(FindingType::kFabrication, "unknown_macro",
                        "no macro `" + call.name + "` in the metadata" + did_you_mean(s),
                        call.begin, call.end, fix);
    } else if (call.status == MacroStatus::kWrongArguments) {
      sink.add_at_query(FindingType::kSyntax, "macro_arguments",
                        "macro `" + call.name + "` takes another number of arguments than " +
                            std::to_string(call.arguments),
                        call.begin, call.end);
    }
  }
}

void check_components(const CommandFacts& facts, const SplMetadata& metadata, ComponentScope scope,
                      FindingSink& sink) {
  if (scope == ComponentScope::kResults) return;
  for (const Component& c : facts.components) {
    if (!c.equals || !sink.by_model(c.value_begin, c.value_end) || c.value.empty() ||
        c.value == "*") {
      continue;
    }
    if (metadata_matches(metadata, c.kind, c.value)) continue;
    // The value is exactly another kind's name: misaligned, the key to use known when only one
    // kind has it.
    std::vector<Kind> others;
    for (Kind k : kComponentKinds) {
      if (k != c.kind && metadata.names(k).contains(c.value)) others.push_back(k);
    }
    const std::string key(to_string(c.kind));
    if (!others.empty()) {
      std::optional<std::string> fix;
      if (others.size() == 1) fix = std::string(to_string(others[0]));
      sink.add(FindingType::kMisaligned, "value_of_other_field",
               "`" + c.value + "` is a " + std::string(to_string(others[0])) +
                   " in the metadata, not a " + key,
               c.key_begin, c.key_end, fix);
      continue;
    }
    // No names of that kind given: nothing to hold it to.
    if (!metadata.knows(c.kind) || scope == ComponentScope::kDataModel) continue;
    const auto s = sink.suggest(c.value, metadata.names(c.kind).names());
    std::optional<std::string> fix;
    if (s && s->unique) {
      fix =
          written_like(sink.expanded().substr(c.value_begin, c.value_end - c.value_begin), s->name);
    }
    sink.add(FindingType::kFabrication, unknown_code(c.kind),
             "no " + key + " `" + c.value + "` in the metadata" + did_you_mean(s), c.value_begin,
             c.value_end, fix);
  }
}

void check_lookups(const CommandFacts& facts, const SplMetadata& metadata, FindingSink& sink) {
  if (!metadata.knows(Kind::kLookup)) return;
  for (const LookupUse& use : facts.lookups) {
    if (!sink.by_model(use.begin, use.end)) continue;
    const std::string known = known_lookup(metadata, use.name);
    if (known.empty()) {
      const auto s = sink.suggest(use.name, metadata.names(Kind::kLookup).names());
      std::optional<std::string> fix;
      if (s && s->unique) fix = s->name;
      sink.add(FindingType::kFabrication, "unknown_lookup",
               "no lookup `" + use.name + "` in the metadata" + did_you_mean(s), use.begin, use.end,
               fix);
      continue;
    }
    const std::vector<std::string>& fields = *metadata.lookup_fields(known);
    if (fields.empty()) continue;
    for (const FieldRef& f : use.lookup_fields) {
      if (!sink.by_model(f.begin, f.end)) continue;
      if (std::find(fields.begin(), fields.end(), f.name) != fields.end()) continue;
      // A field of another lookup is a mixed combination; of none, fabricated.
      bool elsewhere = false;
      for (const std::string& other : metadata.names(Kind::kLookup).names()) {
        const auto* of = metadata.lookup_fields(other);
        if (other != known && of != nullptr &&
            std::find(of->begin(), of->end(), f.name) != of->end()) {
          elsewhere = true;
        }
      }
      const auto s = sink.suggest(f.name, fields);
      std::optional<std::string> fix;
      if (s && s->unique) fix = s->name;
      sink.add(elsewhere ? FindingType::kMixed : FindingType::kFabrication,
               elsewhere ? "field_of_other_lookup" : "unknown_lookup_field",
               "lookup `" + known + "` has no field `" + f.name + "`" + did_you_mean(s), f.begin,
               f.end, fix);
    }
  }
}

bool check_datamodel(const CommandFacts& facts, const SplMetadata& metadata, FindingSink& sink) {
  if (!facts.datamodel) return false;
  const DataModelUse& use = *facts.datamodel;
  const CimModels& cim = CimModels::get();
  const std::string_view raw = sink.expanded().substr(use.begin, use.end - use.begin);
  const std::uint32_t model_begin = use.begin + (raw.starts_with('"') ? 1 : 0);
  const std::uint32_t model_end = model_begin + static_cast<std::uint32_t>(use.model.size());
  const bool own = metadata.names(Kind::kDataModel).contains(use.model);
  if (!own && !cim.has_model(use.model)) {
    if (!sink.by_model(model_begin, model_end)) return false;
    if (const auto model = cim.model_of_dataset(use.model)) {
      sink.add(FindingType::kMisaligned, "dataset_as_datamodel",
               "`" + use.model + "` is a dataset of the " + std::string(*model) +
                   " data model, not a data model",
               model_begin, model_end, std::string(*model) + "." + use.model);
      return false;
    }
    std::vector<std::string> names = cim.model_names();
    for (const std::string& m : metadata.names(Kind::kDataModel).names())
      names.push_back(m);
    const auto s = sink.suggest(use.model, names);
    std::optional<std::string> fix;
    if (s && s->unique) fix = s->name;
    sink.add(FindingType::kFabrication, "unknown_datamodel",
             "no data model `" + use.model + "` in the CIM or the metadata" + did_you_mean(s),
             model_begin, model_end, fix);
    return false;
  }
  if (own || use.dataset.empty() || cim.has_dataset(use.model, use.dataset)) return true;
  const std::uint32_t dataset_end =
      use.dataset_begin + static_cast<std::uint32_t>(use.dataset.size());
  if (!sink.by_model(use.dataset_begin, dataset_end)) return false;
  if (const auto model = cim.model_of_dataset(use.dataset)) {
    sink.add(FindingType::kMixed, "dataset_of_other_datamodel",
             "dataset `" + use.dataset + "` belongs to the " + std::string(*model) +
                 " data model, not " + use.model,
             use.dataset_begin, dataset_end);
    return false;
  }
  const std::vector<std::string> datasets = cim.dataset_names(use.model);
  const auto s = sink.suggest(use.dataset, datasets);
  std::optional<std::string> fix;
  if (s && s->unique) fix = s->name;
  sink.add(FindingType::kFabrication, "unknown_dataset",
           "data model " + use.model + " has no dataset `" + use.dataset + "`" + did_you_mean(s),
           use.dataset_begin, dataset_end, fix);
  return false;
}

}  // namespace groundgate::filters::spl
