#include "filters/spl/splunk_defaults.h"

#include <string>
#include <unordered_set>

#include "filters/spl/spl_data.h"
#include "filters/spl/tsv_rows.h"

namespace groundgate::filters::spl {

bool is_default_field(std::string_view name) {
  static const std::unordered_set<std::string_view> fields = [] {
    std::unordered_set<std::string_view> out;
    for (const auto& row : tsv_rows(data::kDefaultFields))
      out.insert(row[0]);
    return out;
  }();
  return fields.contains(name) || name.starts_with("tag::");
}

const SplMetadata& builtin_macros() {
  static const SplMetadata macros = [] {
    SplMetadata out;
    for (const auto& row : tsv_rows(data::kBuiltinMacros)) {
      if (row.size() < 3) continue;
      MacroDefinition m{std::string(row[0]), std::string(row[2]), {}};
      for (std::string_view a : split_list(row[1], ','))
        m.arguments.emplace_back(a);
      out.add_macro(std::move(m));
    }
    return out;
  }();
  return macros;
}

}  // namespace groundgate::filters::spl
