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
  using Clock = std::chrono::steady_clock;
  const Clock::time_point deadline = Clock::now() + in.budget;
  // Each probe gets what is left of the budget, at most its own cap.
  const auto limits = [&]() -> std::optional<RunLimits> {
    const auto left =
        std::chrono::duration_cast<std::chrono::microseconds>(deadline - Clock::now());
    if (left.count() <= 0) return std::nullopt;
    RunLimits l = in.limits;
    l.time = std::min(l.time, left);
    return l;
  };
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
        const std::optional<RunLimits> left = limits();
        if (probes++ >= in.max_probes || !left) return false;
        const std::optional<bool> holds =
            in.database->holds(t->name, p.column, op, value.sql, *left);
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
          const std::optional<RunLimits> left = limits();
          const auto values =
              left ? in.database->text_values(t->name, p.column, *left) : std::nullopt;
          if (!values) {  // not known whether a close value exists: say so, guess nothing
            complete = false;
            continue;
          }
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
