#include "filters/spl/unlisted_field.h"

#include <vector>

#include "filters/spl/cim_models.h"

namespace groundgate::filters::spl {
namespace {

// A name as renderings differ in writing it: ASCII case and `_` ignored.
std::string spelling_key(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  for (char c : name) {
    if (c == '_') continue;
    out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

// The listed fields of the streams `scope` reads (and the loose ones) spelt like `name`.
std::vector<std::string> spelt_alike(std::string_view name, const SplMetadata& metadata,
                                     const FieldScope& scope) {
  const std::string key = spelling_key(name);
  std::vector<std::string> out;
  const auto consider = [&](const std::string& field) {
    if (field.size() < key.size() || spelling_key(field) != key) return;
    for (const std::string& o : out) {
      if (o == field) return;
    }
    out.push_back(field);
  };
  const auto streams = metadata.streams();
  const std::vector<bool>& selected = scope.selected_streams();
  for (std::size_t i = 0; i < streams.size(); ++i) {
    if (i < selected.size() && !selected[i]) continue;
    for (const std::string& f : streams[i].fields)
      consider(f);
  }
  for (const std::string& f : metadata.loose_fields().names())
    consider(f);
  return out;
}

}  // namespace

std::optional<UnlistedField> explain_unlisted_field(const FieldRef& read,
                                                    const SplMetadata& metadata,
                                                    const FieldScope& scope) {
  const std::string& f = read.name;
  if (read.optional) {
    return UnlistedField{"alternative_not_listed",
                         "`" + f +
                             "` is in no field list of the metadata and not created before; "
                             "as an alternative of coalesce() it may be absent",
                         std::nullopt};
  }
  if (!scope.events()) return std::nullopt;  // results: the pipeline's fields are all known
  const std::vector<std::string> alike = spelt_alike(f, metadata, scope);
  if (!alike.empty()) {
    std::string listed;
    for (const std::string& a : alike)
      listed += (listed.empty() ? "`" : ", `") + a + "`";
    return UnlistedField{"field_spelt_otherwise",
                         "`" + f + "` is not in the field list of the data searched, which has " +
                             listed +
                             ": Splunk field names are case-sensitive, unless the events also "
                             "carry this spelling",
                         alike.size() == 1 ? std::optional<std::string>(alike[0]) : std::nullopt};
  }
  if (CimModels::get().has_field(f)) {
    return UnlistedField{"cim_field_not_listed",
                         "`" + f +
                             "` is not in the field list of the data searched; it is a CIM field "
                             "name, which an add-on mapping this data to the CIM adds at search "
                             "time",
                         std::nullopt};
  }
  return std::nullopt;
}

}  // namespace groundgate::filters::spl
