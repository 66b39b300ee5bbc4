#include "filters/sql/content_check.h"

#include "filters/sql/name_distance.h"

namespace groundgate::filters::sql {
namespace {

// The probe's operator for a predicate, or "" when its values are not looked up. A value the
// column never holds is wrong in `!=` and NOT IN too: the filter then excludes nothing.
std::string_view probe_op(const Predicate& p) {
  if (p.op == "=" || p.op == "in" || p.op == "!=" || p.op == "not in") return "=";
  if (p.op == "like") return "like";
  if (p.op == "glob") return "glob";
  return {};
}

std::string location(const Table& table, std::string_view column) {
  return "`" + table.name + "`.`" + std::string(column) + "`";
}

}  // namespace

bool check_content(const ContentInput& in, SqlVerdict& verdict) {
  bool complete = true;
  std::size_t probes = 0;
  for (const Predicate& p : in.predicates) {
    const std::string_view op = probe_op(p);
    if (op.empty()) continue;
    std::vector<const Table*> tables =
        p.qualifier.empty() ? in.names->tables_with(p.column) : in.names->resolve(p.qualifier);
    std::erase_if(tables, [&](const Table* t) { return t->find_column(p.column) == nullptr; });
    if (tables.empty()) continue;
    for (const Literal& value : p.values) {
      bool found = false;
      bool finished = true;
      for (const Table* t : tables) {
        if (probes++ >= in.max_probes) return false;
        const std::optional<bool> holds =
            in.database->holds(t->name, p.column, op, value.sql, in.limits);
        if (!holds) finished = false;
        if (holds.value_or(false)) found = true;
      }
      if (!finished) complete = false;
      if (found || !finished) continue;
      double number = 0;
      const bool asked =
          in.question != nullptr && !in.question->empty() &&
          (value.number ? parse_number(value.value, number) && in.question->mentions_number(number)
                        : in.question->mentions_value(value.value));
      std::optional<NameSuggestion> suggestion;
      const Table* where = tables.front();
      if (!value.number && op == "=") {
        for (const Table* t : tables) {
          const auto values = in.database->text_values(t->name, p.column, in.limits);
          if (!values) continue;
          if (auto s = closest_name(value.value, *values);
              s && (!suggestion || s->distance < suggestion->distance)) {
            suggestion = s;
            where = t;
          }
        }
      }
      if (!suggestion && asked) continue;  // the user's own value, simply absent
      Finding f;
      f.check = Check::kLinking;
      f.type = FindingType::kContent;
      f.code = "value_not_found";
      f.begin = value.begin;
      f.end = value.end;
      f.reason = "no " + value.sql + " in " + location(*where, p.column);
      f.label = suggestion ? Label::kContradicted : Label::kUnsupported;
      if (suggestion) {
        f.reason += "; did you mean " + quote_string(suggestion->name) + "?";
        if (suggestion->unique) f.replacement = quote_string(suggestion->name);
      }
      add_finding(verdict, std::move(f));
    }
  }
  return complete;
}

}  // namespace groundgate::filters::sql
