#include "filters/spl/function_table.h"

#include "filters/spl/spl_data.h"
#include "filters/spl/spl_lexer.h"
#include "filters/spl/tsv_rows.h"

namespace groundgate::filters::spl {

FunctionTable::FunctionTable() {
  for (const auto& row : tsv_rows(data::kFunctions)) {
    if (row.size() < 2) continue;
    if (row[1] == "eval" || row[1] == "both") eval_.emplace_back(row[0]);
    if (row[1] == "stats" || row[1] == "both") stats_.emplace_back(row[0]);
  }
}

const FunctionTable& FunctionTable::get() {
  static const FunctionTable table;
  return table;
}

bool FunctionTable::contains(const std::vector<std::string>& names, std::string_view name) {
  for (const std::string& n : names) {
    if (!n.empty() && n.back() == '#') {
      const std::string_view prefix = std::string_view(n).substr(0, n.size() - 1);
      if (name.size() > prefix.size() && iequals(name.substr(0, prefix.size()), prefix) &&
          name.find_first_not_of("0123456789.", prefix.size()) == std::string_view::npos) {
        return true;
      }
    } else if (iequals(n, name)) {
      return true;
    }
  }
  return false;
}

bool FunctionTable::is_eval(std::string_view name) const {
  return contains(eval_, name);
}

bool FunctionTable::is_stats(std::string_view name) const {
  return contains(stats_, name);
}

}  // namespace groundgate::filters::spl
