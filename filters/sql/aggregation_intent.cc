// Aggregation and grouping as the question asks for them.
//
// Rules (each names the question's phrase and the query's clause):
// - aggregate_mismatch: the question asks for a count, a sum or an average that the query
//   never computes (no such call, no column whose name holds it: "total_points" answers
//   "total"), while a result column computes an aggregate no phrase asks for ("how many" and
//   sum(x)); or one superlative asks for the largest value and the result takes min() (or the
//   smallest and max()), the direction read from the column (the oldest has the highest age
//   and the earliest birth date). A sum of the numeric column the words after "how many" or
//   "total number" name answers them ("total number of tours": sum(tours)).
// - aggregate_missing: "average" and no aggregate, GROUP BY or average column at all; "how
//   many" and only text columns returned, nothing counted.
// - distinct_missing: "how many different" and a count of a column that is no key without
//   DISTINCT (or count(*) over a join), no DISTINCT and no GROUP BY anywhere.
// - grouping_missing: "each", "per", "jede" and a result aggregate with no GROUP BY anywhere.
// - ungrouped_column (no question needed): a result column outside any group next to a count,
//   sum or average and no GROUP BY: SQLite returns one arbitrary row's value.
#include <algorithm>
#include <utility>
#include <vector>

#include "filters/sql/column_words.h"
#include "filters/sql/intent_rules.h"
#include "filters/sql/name_distance.h"
#include "filters/sql/sample_database.h"
#include "filters/sql/sql_lexer.h"

namespace groundgate::filters::sql {
namespace {

Aggregate asked_by(CueKind kind) {
  switch (kind) {
    case CueKind::kCount:
      return Aggregate::kCount;
    case CueKind::kSum:
      return Aggregate::kSum;
    case CueKind::kAverage:
      return Aggregate::kAvg;
    default:
      return Aggregate::kNone;
  }
}

std::string_view what(Aggregate a) {
  switch (a) {
    case Aggregate::kCount:
      return "a count";
    case Aggregate::kSum:
      return "a sum";
    case Aggregate::kAvg:
      return "an average";
    case Aggregate::kMax:
      return "the largest value";
    case Aggregate::kMin:
      return "the smallest value";
    case Aggregate::kNone:
      break;
  }
  return "a value";
}

// Some column the query reads has a name that holds the aggregate.
bool named_in_query(const IntentInput& in, Aggregate a) {
  for (const SelectCore& c : in.shape->cores()) {
    const auto any = [&](const ValueExpr& v) {
      return std::any_of(v.columns.begin(), v.columns.end(),
                         [&](const ColumnRef& r) { return name_realizes(r.column, a); });
    };
    if (std::any_of(c.items.begin(), c.items.end(), any) || any(c.having_value) ||
        std::any_of(c.order_by.begin(), c.order_by.end(),
                    [&](const OrderKey& k) { return any(k.value); })) {
      return true;
    }
  }
  return std::any_of(in.predicates.begin(), in.predicates.end(),
                     [&](const Predicate& p) { return name_realizes(p.column, a); });
}

// sum() over a column that counts things answers "how many" ("how many people live in X").
bool sums_a_count(const IntentInput& in) {
  const auto& cores = in.shape->cores();
  for (std::size_t i = 0; i < cores.size(); ++i) {
    for (const ValueExpr& item : cores[i].items) {
      if (item.aggregate != Aggregate::kSum || item.columns.empty()) continue;
      if (counts_things(item.columns.front().column)) return true;
    }
  }
  return false;
}

bool references_a_table(const Table& table, std::string_view column) {
  return std::any_of(
      table.foreign_keys.begin(), table.foreign_keys.end(), [&](const ForeignKey& fk) {
        return std::any_of(fk.columns.begin(), fk.columns.end(),
                           [&](const std::string& c) { return same_name(c, column); });
      });
}

// "the total number of tours" answered by sum(tours): the words right after a count cue name
// a numeric column that is no key (primary, foreign or by its name), and the query sums it
// without DISTINCT (each row holds a count).
bool sums_the_counted_column(const IntentInput& in, const Cue& cue) {
  const std::string_view after = in.question.substr(std::min(cue.end, in.question.size()), 48);
  const QuestionTerms following(after);
  const auto& cores = in.shape->cores();
  for (std::size_t i = 0; i < cores.size(); ++i) {
    for (const ValueExpr& item : cores[i].items) {
      if (item.aggregate != Aggregate::kSum || item.distinct || !item.simple ||
          item.columns.empty()) {
        continue;
      }
      const Table* table = in.shape->table_of(i, item.columns.front());
      const Column* col = column_of(in, i, item.columns.front());
      if (table == nullptr || col == nullptr || col->primary_key || key_like_name(col->name) ||
          !numeric_type(col->type) || references_a_table(*table, col->name)) {
        continue;
      }
      if (following.mentions_name(col->name)) return true;
    }
  }
  return false;
}

bool realized(const IntentInput& in, Aggregate a) {
  return in.shape->calls(a) || named_in_query(in, a) ||
         (a == Aggregate::kCount && sums_a_count(in));
}

// "the largest number of minutes": the words after a count cue name a column the query reads,
// which holds the number asked for.
bool counted_column_read(const IntentInput& in, const Cue& cue, std::string_view question) {
  const std::string_view after = question.substr(std::min(cue.end, question.size()), 48);
  const QuestionTerms following(after);
  const auto& cores = in.shape->cores();
  for (std::size_t i = 0; i < cores.size(); ++i) {
    const auto named = [&](const ValueExpr& v) {
      return std::any_of(v.columns.begin(), v.columns.end(),
                         [&](const ColumnRef& r) { return following.mentions_name(r.column); });
    };
    if (std::any_of(cores[i].items.begin(), cores[i].items.end(), named) ||
        std::any_of(cores[i].order_by.begin(), cores[i].order_by.end(),
                    [&](const OrderKey& k) { return named(k.value); })) {
      return true;
    }
  }
  return false;
}

bool any_group_by(const QueryShape& shape) {
  return std::any_of(shape.cores().begin(), shape.cores().end(),
                     [](const SelectCore& c) { return !c.group_by.empty(); });
}

const Cue* first_superlative(const QuestionIntent& q) {
  for (const Cue& c : q.cues()) {
    if (is_superlative(c.kind)) return &c;
  }
  return nullptr;
}

// The aggregate each cue asks for, and min/max for superlatives (their direction is judged
// apart).
struct Asked {
  bool aggregate[6] = {};
  bool superlative = false;
  bool operator[](Aggregate a) const { return aggregate[static_cast<int>(a)]; }
};

Asked asked_of(const QuestionIntent& q) {
  Asked out;
  for (const Cue& c : q.cues()) {
    out.aggregate[static_cast<int>(asked_by(c.kind))] = true;
    if (is_superlative(c.kind)) out.superlative = true;
  }
  if (out.superlative) {
    out.aggregate[static_cast<int>(Aggregate::kMax)] = true;
    out.aggregate[static_cast<int>(Aggregate::kMin)] = true;
  }
  return out;
}

// The result columns and ORDER BY keys of every SELECT: what the query reports and ranks by
// (HAVING conditions are left out: "more than 2 languages" counts there unasked).
template <typename Visit>
void output_values(const QueryShape& shape, Visit visit) {
  for (const SelectCore& c : shape.cores()) {
    for (const ValueExpr& item : c.items)
      visit(item);
    for (const OrderKey& k : c.order_by)
      visit(k.value);
  }
}

bool in_output(const IntentInput& in, Aggregate a) {
  bool found = false;
  output_values(*in.shape, [&](const ValueExpr& v) {
    found = found || std::find(v.aggregates.begin(), v.aggregates.end(), a) != v.aggregates.end();
  });
  return found || named_in_query(in, a) || (a == Aggregate::kCount && sums_a_count(in));
}

// An aggregate the query reports or ranks by that no cue asks for (min and max are asked for
// by any superlative: their direction is judged apart).
const ValueExpr* foreign_aggregate(const IntentInput& in, const Asked& asked) {
  const ValueExpr* foreign = nullptr;
  output_values(*in.shape, [&](const ValueExpr& v) {
    for (Aggregate got : v.aggregates) {
      if (foreign == nullptr && !asked[got]) foreign = &v;
    }
  });
  return foreign;
}

bool text_only_result(const IntentInput& in, const SelectCore& top) {
  const auto core = static_cast<std::size_t>(&top - in.shape->cores().data());
  for (const ValueExpr& item : top.items) {
    if (item.star) continue;
    if (item.columns.empty()) return false;
    for (const ColumnRef& r : item.columns) {
      const Column* col = column_of(in, core, r);
      if (col == nullptr || numeric_type(col->type)) return false;
    }
  }
  return true;
}

void unasked_aggregate(const IntentInput& in, SqlVerdict& verdict) {
  const QuestionIntent& q = *in.intent;
  const Asked asked = asked_of(q);
  for (const Cue& cue : q.cues()) {
    const Aggregate a = asked_by(cue.kind);
    if (a == Aggregate::kNone || in_output(in, a)) continue;
    if (a == Aggregate::kCount && sums_the_counted_column(in, cue)) continue;
    if (const ValueExpr* foreign = foreign_aggregate(in, asked)) {
      add_intent_finding(verdict, "aggregate_mismatch",
                         quoted_phrase(cue.phrase) + " asks for " + std::string(what(a)) +
                             "; the query computes " +
                             query_text(in, foreign->begin, foreign->end) + " instead",
                         foreign->begin, foreign->end);
      return;
    }
    if (realized(in, a) || in.shape->cores().empty()) continue;
    bool any_aggregate = false;
    output_values(*in.shape, [&](const ValueExpr& v) {
      any_aggregate = any_aggregate || !v.aggregates.empty();
    });
    const SelectCore* top = in.shape->top();
    if (any_aggregate || any_group_by(*in.shape) || top == nullptr || top->items.empty()) continue;
    if (a == Aggregate::kAvg || (a == Aggregate::kCount && text_only_result(in, *top) &&
                                 !counted_column_read(in, cue, in.question))) {
      const std::size_t begin = top->items.front().begin, end = top->items.back().end;
      add_intent_finding(verdict, "aggregate_missing",
                         quoted_phrase(cue.phrase) + " asks for " + std::string(what(a)) +
                             "; the query returns " + query_text(in, begin, end) +
                             " without computing one",
                         begin, end);
      return;
    }
  }
}

// "the most expensive" answered by an average or a sum: no max(), min() or ORDER BY anywhere.
void superlative_unrealized(const IntentInput& in, SqlVerdict& verdict) {
  const QuestionIntent& q = *in.intent;
  const Cue* cue = nullptr;
  for (const Cue& c : q.cues()) {
    if (is_superlative(c.kind) && !c.sort_range && cue == nullptr) cue = &c;
  }
  if (cue == nullptr || in.shape->calls(Aggregate::kMax) || in.shape->calls(Aggregate::kMin) ||
      named_in_query(in, Aggregate::kMax) || named_in_query(in, Aggregate::kMin)) {
    return;
  }
  const auto& cores = in.shape->cores();
  if (std::any_of(cores.begin(), cores.end(),
                  [](const SelectCore& c) { return !c.order_by.empty(); })) {
    return;
  }
  const Asked asked = asked_of(q);
  for (const SelectCore& c : cores) {
    for (const ValueExpr& item : c.items) {
      const bool adds = item.aggregate == Aggregate::kAvg || item.aggregate == Aggregate::kSum;
      if (!adds || asked[item.aggregate]) continue;
      add_intent_finding(verdict, "aggregate_mismatch",
                         quoted_phrase(cue->phrase) +
                             " asks for an extreme value; the query "
                             "computes " +
                             query_text(in, item.begin, item.end) + " instead",
                         item.begin, item.end);
      return;
    }
  }
}

void extremum_direction(const IntentInput& in, SqlVerdict& verdict) {
  const QuestionIntent& q = *in.intent;
  const Cue* cue = first_superlative(q);
  if (cue == nullptr) return;
  const auto& cores = in.shape->cores();
  for (std::size_t i = 0; i < cores.size(); ++i) {
    for (const ValueExpr& item : cores[i].items) {
      if ((item.aggregate != Aggregate::kMax && item.aggregate != Aggregate::kMin) ||
          !item.simple || item.columns.empty()) {
        continue;
      }
      const Column* col = column_of(in, i, item.columns.front());
      if (col == nullptr) continue;
      const int direction = superlative_direction(q, col->name, col->type);
      if (direction < 0) continue;
      const Aggregate wanted = direction == 1 ? Aggregate::kMin : Aggregate::kMax;
      if (item.aggregate == wanted || in.shape->calls(wanted)) continue;
      add_intent_finding(verdict, "aggregate_mismatch",
                         quoted_phrase(cue->phrase) + " asks for " + std::string(what(wanted)) +
                             " of `" + col->name + "`; the query takes " +
                             query_text(in, item.begin, item.end),
                         item.begin, item.end);
      return;
    }
  }
}

// "how many different X", or "how many departments" counted by a key that refers to them
// (`count(department_id)` over programmes counts programmes): without DISTINCT a value is
// counted once per row.
void distinct_count(const IntentInput& in, SqlVerdict& verdict) {
  const QuestionIntent& q = *in.intent;
  const Cue* count = q.first(CueKind::kCount);
  if (count == nullptr || in.shape->any_distinct() || any_group_by(*in.shape)) return;
  const Cue* distinct = q.first(CueKind::kDistinct);
  const auto& cores = in.shape->cores();
  for (std::size_t i = 0; i < cores.size(); ++i) {
    for (const ValueExpr& item : cores[i].items) {
      if (item.aggregate != Aggregate::kCount) continue;
      const Cue* cue = nullptr;
      if (item.star) {
        if (distinct != nullptr && cores[i].from.size() > 1) cue = distinct;
      } else if (item.simple && !item.columns.empty()) {
        const Table* t = in.shape->table_of(i, item.columns.front());
        const Column* col = t != nullptr ? t->find_column(item.columns.front().column) : nullptr;
        if (col == nullptr || col->primary_key) continue;
        if (distinct != nullptr) {
          cue = distinct;
        } else if (key_like_name(col->name) &&
                   in.terms->mentions_name_beyond(col->name, t->name, true)) {
          cue = count;  // counts the rows referring to the things asked about
        }
      }
      if (cue == nullptr) continue;
      add_intent_finding(verdict, "distinct_missing",
                         quoted_phrase(cue->phrase) + " asks for distinct things; " +
                             query_text(in, item.begin, item.end) + " counts repeats too",
                         item.begin, item.end);
      return;
    }
  }
}

// "which different X" listed from a join without DISTINCT or GROUP BY: repeats.
void distinct_list(const IntentInput& in, SqlVerdict& verdict) {
  const QuestionIntent& q = *in.intent;
  const Cue* cue = q.first(CueKind::kDistinct);
  const SelectCore* top = in.shape->top();
  if (cue == nullptr || q.has(CueKind::kCount) || top == nullptr || top->from.size() < 2 ||
      in.shape->any_distinct() || any_group_by(*in.shape) || !top->compound.empty()) {
    return;
  }
  const bool plain = std::all_of(top->items.begin(), top->items.end(), [](const ValueExpr& v) {
    return v.aggregates.empty() && !v.columns.empty();
  });
  if (!plain || top->items.empty()) return;
  add_intent_finding(verdict, "distinct_missing",
                     quoted_phrase(cue->phrase) +
                         " asks for distinct values; SELECT without "
                         "DISTINCT repeats them across the join",
                     top->items.front().begin, top->items.back().end);
}

}  // namespace

void check_aggregation(const IntentInput& in, SqlVerdict& verdict) {
  if (!has_question(in)) return;
  const std::size_t before = verdict.findings.size();
  unasked_aggregate(in, verdict);
  if (verdict.findings.size() == before) superlative_unrealized(in, verdict);
  extremum_direction(in, verdict);
  distinct_count(in, verdict);
  distinct_list(in, verdict);
}

namespace {

bool adds_up(const ValueExpr& v) {
  return v.aggregate == Aggregate::kCount || v.aggregate == Aggregate::kSum ||
         v.aggregate == Aggregate::kAvg;
}

// A grouped column fixes every column of its own row when it is the table's primary key, and
// every column of a joined table whose primary key it is compared with (`GROUP BY
// T1.doc_id` with `T1.doc_id = T2.doc_id` fixes T2's columns).
bool fixes(const IntentInput& in, std::size_t core, const ValueExpr& group, const Table& table,
           std::string_view column) {
  if (!group.simple || group.columns.empty()) return true;  // an expression: not judged
  const ColumnRef& g = group.columns.front();
  const Table* gt = in.shape->table_of(core, g);
  if (gt == nullptr) return true;
  const Column* gc = gt->find_column(g.column);
  if (gt == &table && (same_name(gc->name, column) || gc->primary_key)) return true;
  for (const ColumnComparison& cmp : in.shape->cores()[core].comparisons) {
    if (cmp.op != "=") continue;
    for (const auto& [mine, other] :
         {std::pair(&cmp.left, &cmp.right), std::pair(&cmp.right, &cmp.left)}) {
      if (in.shape->table_of(core, *mine) != gt || !same_name(mine->column, gc->name)) continue;
      const Table* ot = in.shape->table_of(core, *other);
      const Column* oc = ot != nullptr ? ot->find_column(other->column) : nullptr;
      if (ot == &table && oc != nullptr && oc->primary_key) return true;
    }
  }
  return false;
}

// Database probes per SELECT for grouped columns that may identify their rows.
constexpr int kMaxIdentityProbes = 2;

// Whether `table`.`column` identifies the table's rows on this data: two values at least and
// no two rows with the same one (NULLs aside). False when the probe does not finish.
bool identifies_rows(const SampleDatabase& database, std::string_view table,
                     std::string_view column, const RunLimits& limits) {
  static const std::vector<std::string> kCount{"count"};
  const std::string c = quote_identifier(column);
  const std::string probe = "SELECT count(" + c + ") = count(DISTINCT " + c +
                            ") AND count(DISTINCT " + c + ") > 1 FROM " + quote_identifier(table);
  RunLimits one = limits;
  one.max_rows = 1;
  const RunResult r = database.run(probe, one, kCount);
  return r.outcome == RunResult::Outcome::kDone && !r.rows.empty() && !r.rows[0].empty() &&
         r.rows[0][0] == "1";
}

// With a database: whether a simple grouped column of `table` has values that identify its
// rows there (a name unique in the data, though not declared a key): it fixes the table's
// columns. Answers are kept per table in `known`; past `probes` the answer is no.
bool grouped_identifies(const IntentInput& in, std::size_t core, const Table& table, int& probes,
                        std::vector<std::pair<const Table*, bool>>& known) {
  if (in.database == nullptr) return false;
  for (const auto& [t, answer] : known) {
    if (t == &table) return answer;
  }
  bool answer = false;
  for (const ValueExpr& g : in.shape->cores()[core].group_by) {
    if (answer || !g.simple || g.columns.empty() ||
        in.shape->table_of(core, g.columns.front()) != &table) {
      continue;
    }
    const Column* gc = table.find_column(g.columns.front().column);
    if (gc == nullptr || probes++ >= kMaxIdentityProbes) continue;
    answer = identifies_rows(*in.database, table.name, gc->name, in.probe_limits);
  }
  known.emplace_back(&table, answer);
  return answer;
}

// A result column outside the groups: next to a count, sum or average with no GROUP BY, or
// with GROUP BY on columns none of which is it or fixes it (fixes(); with a database, a
// grouped column of its table whose values identify the rows): SQLite returns one arbitrary
// value per group.
void ungrouped(const IntentInput& in, std::size_t core, SqlVerdict& verdict) {
  const SelectCore& c = in.shape->cores()[core];
  const auto aggregate = std::find_if(c.items.begin(), c.items.end(), adds_up);
  if (c.group_by.empty() && aggregate == c.items.end()) return;
  int probes = 0;
  std::vector<std::pair<const Table*, bool>> identified;
  for (const ValueExpr& item : c.items) {
    if (!item.aggregates.empty() || item.columns.empty() || item.star) continue;
    std::string why;
    if (c.group_by.empty()) {
      why = " is returned next to " + query_text(in, aggregate->begin, aggregate->end) +
            " without GROUP BY: one arbitrary row's value";
    } else {
      if (!item.simple) continue;
      const Table* t = in.shape->table_of(core, item.columns.front());
      if (t == nullptr) continue;
      const std::string_view name = item.columns.front().column;
      if (std::any_of(c.group_by.begin(), c.group_by.end(),
                      [&](const ValueExpr& g) { return fixes(in, core, g, *t, name); }) ||
          grouped_identifies(in, core, *t, probes, identified)) {
        continue;
      }
      why = " is neither grouped by nor fixed by a grouped key (" +
            query_text(in, c.group_span.begin, c.group_span.end) +
            "): one arbitrary value per group";
    }
    add_intent_finding(verdict, "ungrouped_column", query_text(in, item.begin, item.end) + why,
                       item.begin, item.end);
    return;
  }
}

// The question's words right after a cue, up to two words ("jeden Laden", "each director").
std::string_view words_after(std::string_view question, std::size_t at) {
  std::size_t i = std::min(at, question.size());
  int words = 0;
  bool in_word = false;
  for (; i < question.size(); ++i) {
    const char c = question[i];
    if (c == ',' || c == '.' || c == '?' || c == ';' || c == '!') break;
    const bool space = c == ' ' || c == '\t' || c == '\n';
    if (!space && !in_word && ++words > 2) break;
    in_word = !space;
  }
  return question.substr(std::min(at, question.size()), i - std::min(at, question.size()));
}

// "for each director" and GROUP BY on another column of the statement than the one named.
void grouped_by_other(const IntentInput& in, const Cue& each, SqlVerdict& verdict) {
  const SelectCore* top = in.shape->top();
  if (top == nullptr || top->group_by.empty()) return;
  const auto core = static_cast<std::size_t>(top - in.shape->cores().data());
  const QuestionTerms following(words_after(in.question, each.end));
  for (const FromItem& item : top->from) {
    if (item.table == nullptr) continue;
    for (const Column& col : item.table->columns) {
      if (!following.mentions_name_beyond(col.name, item.table->name, true)) continue;
      const bool grouped =
          std::any_of(top->group_by.begin(), top->group_by.end(), [&](const ValueExpr& g) {
            if (!g.simple || g.columns.empty()) return true;
            const Table* gt = in.shape->table_of(core, g.columns.front());
            if (gt == nullptr) return true;
            const Column* gc = gt->find_column(g.columns.front().column);
            return same_name(gc->name, col.name) || key_like_name(gc->name) ||
                   fixes(in, core, g, *item.table, col.name);
          });
      if (grouped) return;
      add_intent_finding(verdict, "grouping_missing",
                         quoted_phrase(each.phrase) + " names `" + col.name +
                             "`; the query groups by " +
                             query_text(in, top->group_span.begin, top->group_span.end),
                         top->group_span.begin, top->group_span.end);
      return;
    }
  }
}

}  // namespace

void check_grouping(const IntentInput& in, SqlVerdict& verdict) {
  for (std::size_t i = 0; i < in.shape->cores().size(); ++i)
    ungrouped(in, i, verdict);
  if (!has_question(in)) return;
  const Cue* each = in.intent->first(CueKind::kEach);
  const SelectCore* top = in.shape->top();
  if (each == nullptr || top == nullptr) return;
  if (any_group_by(*in.shape)) {
    grouped_by_other(in, *each, verdict);
    return;
  }
  const auto aggregate = std::find_if(top->items.begin(), top->items.end(), [](const ValueExpr& v) {
    return v.aggregate != Aggregate::kNone;
  });
  if (aggregate == top->items.end()) return;
  add_intent_finding(verdict, "grouping_missing",
                     quoted_phrase(each->phrase) + " asks for one result per group; " +
                         query_text(in, aggregate->begin, aggregate->end) +
                         " is computed over all rows (no GROUP BY)",
                     aggregate->begin, aggregate->end);
}

}  // namespace groundgate::filters::sql
