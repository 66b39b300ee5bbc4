// Literal values against what the schema says a column holds, without a database.
//
// Rules:
// - value_type_mismatch: a numeric column (INT, REAL, NUMERIC affinity) compared with a string
//   that is no number ('thirty'), an INTEGER column compared by equality with a fraction
//   (`= 2.5`), a text column whose shown values are all of one shape ('2014-03-01') compared
//   with a value of another shape ('03/01/2014'), or a text column whose shown values are all
//   words compared with a number;
// - value_outside_domain: a value not among the values the schema shows (column_domain.h).
//   With a closed list (a CHECK constraint, a comment that lists them all) any other value is
//   a finding, contradicted with the listed value as its correction when exactly one is a
//   typo or letter-case away ('Shipped' for 'shipped'); with examples (sample rows, a comment's
//   "e.g."), only a text value that is a near miss of one is (another letter case, spaces
//   around, one edit in five letters or more), unsupported.
// With a database the content check reads the stored values instead; types are still judged.
#include <algorithm>

#include "filters/sql/column_domain.h"
#include "filters/sql/column_words.h"
#include "filters/sql/intent_rules.h"
#include "filters/sql/name_distance.h"

namespace groundgate::filters::sql {
namespace {

// Letters as `a`, digits as `9`, the rest as written: '2014-03-01' is 9999-99-99.
std::string shape_of(std::string_view value) {
  std::string out;
  for (char c : value) {
    const auto u = static_cast<unsigned char>(c);
    out.push_back(u >= '0' && u <= '9'                                            ? '9'
                  : (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u >= 0x80 ? 'a'
                                                                                  : c);
  }
  return out;
}

bool all_numbers(const std::vector<std::string>& values) {
  double n = 0;
  return std::all_of(values.begin(), values.end(),
                     [&](const std::string& v) { return parse_number(v, n); });
}

bool none_numbers(const std::vector<std::string>& values) {
  double n = 0;
  return std::none_of(values.begin(), values.end(),
                      [&](const std::string& v) { return parse_number(v, n); });
}

// One shape for every shown value (at least three), with a digit in it: a format.
std::optional<std::string> common_shape(const std::vector<std::string>& values) {
  if (values.size() < 3) return std::nullopt;
  const std::string first = shape_of(values.front());
  if (first.find('9') == std::string::npos) return std::nullopt;
  for (const std::string& v : values) {
    if (shape_of(v) != first) return std::nullopt;
  }
  return first;
}

bool compares(const Predicate& p) {
  return p.op == "=" || p.op == "!=" || p.op == "in" || p.op == "not in" || p.op == "<" ||
         p.op == "<=" || p.op == ">" || p.op == ">=" || p.op == "between" || p.op == "not between";
}

bool equality(const Predicate& p) {
  return p.op == "=" || p.op == "!=" || p.op == "in" || p.op == "not in";
}

std::string location(const Table& t, const Column& c) {
  return "`" + t.name + "`.`" + c.name + "`";
}

// The column a predicate compares, through the statement's FROM items.
std::pair<const Table*, const Column*> column_of_predicate(const IntentInput& in,
                                                           const Predicate& p) {
  const ColumnRef ref{p.qualifier, p.column, p.begin, p.end};
  for (std::size_t i = 0; i < in.shape->cores().size(); ++i) {
    if (const Table* t = in.shape->table_of(i, ref)) return {t, t->find_column(p.column)};
  }
  return {nullptr, nullptr};
}

// False when a finding was made.
bool type_fits(const IntentInput& in, const Table& t, const Column& c, const Literal& l,
               const Predicate& p, const ColumnDomain& domain, SqlVerdict& verdict) {
  double n = 0;
  const bool is_number = l.number || parse_number(l.value, n);
  std::string why;
  if (numeric_type(c.type) && !l.number && !is_number && !l.value.empty()) {
    why = " holds numbers (" + c.type + "); " + l.sql + " is none";
  } else if (integer_type(c.type) && l.number && p.equality() && parse_number(l.value, n) &&
             n != static_cast<double>(static_cast<long long>(n))) {
    why = " holds whole numbers (" + c.type + "); " + l.sql + " never equals one";
  } else if (!numeric_type(c.type) && !l.number && !domain.empty()) {
    if (const auto shape = common_shape(domain.values);
        shape && shape_of(l.value) != *shape &&
        l.value.find_first_of("0123456789") != std::string::npos &&
        p.op.find("like") == std::string::npos) {
      why = " holds values like " + quote_string(domain.values.front()) + "; " + l.sql +
            " is written another way";
    }
  } else if (!numeric_type(c.type) && l.number && p.equality() && domain.values.size() >= 3 &&
             none_numbers(domain.values)) {
    why = " holds words (" + std::string(domain.source) + "); the number " + l.sql + " is none";
  }
  if (why.empty()) return true;
  add_intent_finding(verdict, "value_type_mismatch", location(t, c) + why, l.begin, l.end);
  return false;
}

// A value shown only as an example is judged by a near miss alone: the same letters in
// another case or with spaces around, or one edit in a word of five letters or more. A number
// is no near miss of another.
std::optional<NameSuggestion> near_example(std::string_view value,
                                           const std::vector<std::string>& examples) {
  double n = 0;
  if (parse_number(value, n)) return std::nullopt;
  const std::string folded = fold_name(value);
  for (const std::string& e : examples) {
    std::string_view trimmed = e;
    while (!trimmed.empty() && trimmed.front() == ' ')
      trimmed.remove_prefix(1);
    while (!trimmed.empty() && trimmed.back() == ' ')
      trimmed.remove_suffix(1);
    if (fold_name(trimmed) == folded) return NameSuggestion{e, 0, true};
  }
  if (value.size() < 5) return std::nullopt;
  std::optional<NameSuggestion> near = closest_name(value, examples);
  if (!near || near->distance > 1) return std::nullopt;
  return near;
}

void domain_fits(const IntentInput& in, const Table& t, const Column& c, const Literal& l,
                 const ColumnDomain& domain, SqlVerdict& verdict) {
  if (l.number && !all_numbers(domain.values)) return;
  if (std::find(domain.values.begin(), domain.values.end(), l.value) != domain.values.end()) return;
  const std::optional<NameSuggestion> near =
      domain.closed ? closest_name(l.value, domain.values) : near_example(l.value, domain.values);
  if (!domain.closed && !near) return;
  std::string reason = location(t, c) + " holds ";
  reason += domain.closed ? "only " : "values such as ";
  for (std::size_t k = 0; k < domain.values.size() && k < 5; ++k)
    reason += (k > 0 ? ", " : "") + quote_string(domain.values[k]);
  if (domain.values.size() > 5) reason += ", ...";
  reason += " (" + std::string(domain.source) + "); not " + l.sql;
  if (near) reason += "; did you mean " + quote_string(near->name) + "?";
  if (domain.closed && near && near->unique) {
    Finding f;
    f.check = Check::kIntent;
    f.type = FindingType::kContent;
    f.label = Label::kContradicted;  // the schema allows nothing else: the filter finds nothing
    f.code = "value_outside_domain";
    f.reason = std::move(reason);
    f.begin = l.begin;
    f.end = l.end;
    f.replacement = quote_string(near->name);
    add_finding(verdict, std::move(f));
    return;
  }
  add_intent_finding(verdict, "value_outside_domain", std::move(reason), l.begin, l.end);
}

}  // namespace

void check_values(const IntentInput& in, SqlVerdict& verdict) {
  for (const Predicate& p : in.predicates) {
    if (!compares(p) || p.values.empty()) continue;
    const auto [table, column] = column_of_predicate(in, p);
    if (table == nullptr || column == nullptr) continue;
    const ColumnDomain domain = column_domain(*in.schema, *table, *column);
    for (const Literal& l : p.values) {
      if (!type_fits(in, *table, *column, l, p, domain, verdict)) break;
      if (in.database == nullptr && equality(p) && !domain.empty()) {
        domain_fits(in, *table, *column, l, domain, verdict);
      }
    }
  }
}

}  // namespace groundgate::filters::sql
