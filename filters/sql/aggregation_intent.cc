// Aggregation and grouping as the question asks for them.
//
// Rules (each names the question's phrase and the query's clause):
// - aggregate_mismatch: the question asks for a count, a sum or an average that the query
//   never computes (no such call, no column whose name holds it: "total_points" answers
//   "total"), while a result column computes an aggregate no phrase asks for ("how many" and
//   sum(x)); or one superlative asks for the largest value and the result takes min() (or the
//   smallest and max()), the direction read from the column (the oldest has the highest age
//   and the earliest birth date).
// - aggregate_missing: "average" and no aggregate, GROUP BY or average column at all; "how
//   many" and only text columns returned, nothing counted.
// - distinct_missing: "how many different" and a count of a column that is no key without
//   DISTINCT (or count(*) over a join), no DISTINCT and no GROUP BY anywhere.
// - grouping_missing: "each", "per", "jede" and a result aggregate with no GROUP BY anywhere.
// - ungrouped_column (no question needed): a result column outside any group next to a count,
//   sum or average and no GROUP BY: SQLite returns one arbitrary row's value.
#include <algorithm>

#include "filters/sql/column_words.h"
#include "filters/sql/intent_rules.h"

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

void unasked_aggregate(const IntentInput& in, SqlVerdict& verdict) {
  const QuestionIntent& q = *in.intent;
  bool asked[6] = {};
  for (const Cue& c : q.cues()) {
    asked[static_cast<int>(asked_by(c.kind))] = true;
    if (is_superlative(c.kind)) {
      asked[static_cast<int>(Aggregate::kMax)] = asked[static_cast<int>(Aggregate::kMin)] = true;
    }
  }
  for (const Cue& cue : q.cues()) {
    const Aggregate a = asked_by(cue.kind);
    if (a == Aggregate::kNone || realized(in, a)) continue;
    const ValueExpr* foreign = nullptr;
    bool any_aggregate = false;
    for (const SelectCore& c : in.shape->cores()) {
      for (const ValueExpr& item : c.items) {
        for (Aggregate got : item.aggregates) {
          any_aggregate = true;
          if (!asked[static_cast<int>(got)] && foreign == nullptr) foreign = &item;
        }
      }
    }
    if (foreign != nullptr) {
      add_intent_finding(verdict, "aggregate_mismatch",
                         quoted_phrase(cue.phrase) + " asks for " + std::string(what(a)) +
                             "; the query computes " +
                             query_text(in, foreign->begin, foreign->end) + " instead",
                         foreign->begin, foreign->end);
      return;
    }
    if (any_aggregate || any_group_by(*in.shape)) continue;
    const SelectCore* top = in.shape->top();
    if (top == nullptr || top->items.empty()) continue;
    bool text_only = true;
    for (const ValueExpr& item : top->items) {
      if (item.star) continue;
      for (const ColumnRef& r : item.columns) {
        const Column* col =
            column_of(in, static_cast<std::size_t>(top - in.shape->cores().data()), r);
        if (col == nullptr || numeric_type(col->type)) text_only = false;
      }
      if (item.columns.empty()) text_only = false;
    }
    if (a == Aggregate::kAvg ||
        (a == Aggregate::kCount && text_only && !counted_column_read(in, cue, in.question))) {
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

void distinct_count(const IntentInput& in, SqlVerdict& verdict) {
  const QuestionIntent& q = *in.intent;
  const Cue* cue = q.first(CueKind::kDistinct);
  if (cue == nullptr || !q.has(CueKind::kCount) || in.shape->any_distinct() ||
      any_group_by(*in.shape)) {
    return;
  }
  const auto& cores = in.shape->cores();
  for (std::size_t i = 0; i < cores.size(); ++i) {
    for (const ValueExpr& item : cores[i].items) {
      if (item.aggregate != Aggregate::kCount) continue;
      bool duplicates = false;
      if (item.star) {
        duplicates = cores[i].from.size() > 1;
      } else if (item.simple && !item.columns.empty()) {
        const Column* col = column_of(in, i, item.columns.front());
        duplicates = col != nullptr && !col->primary_key;
      }
      if (!duplicates) continue;
      add_intent_finding(verdict, "distinct_missing",
                         quoted_phrase(cue->phrase) + " asks for distinct values; " +
                             query_text(in, item.begin, item.end) + " counts repeats too",
                         item.begin, item.end);
      return;
    }
  }
}

}  // namespace

void check_aggregation(const IntentInput& in, SqlVerdict& verdict) {
  if (!has_question(in)) return;
  unasked_aggregate(in, verdict);
  extremum_direction(in, verdict);
  distinct_count(in, verdict);
}

void check_grouping(const IntentInput& in, SqlVerdict& verdict) {
  for (const SelectCore& c : in.shape->cores()) {
    if (!c.group_by.empty()) continue;
    const auto adds_up = [](const ValueExpr& v) {
      return v.aggregate == Aggregate::kCount || v.aggregate == Aggregate::kSum ||
             v.aggregate == Aggregate::kAvg;
    };
    const auto aggregate = std::find_if(c.items.begin(), c.items.end(), adds_up);
    if (aggregate == c.items.end()) continue;
    for (const ValueExpr& item : c.items) {
      if (!item.aggregates.empty() || item.columns.empty() || item.star) continue;
      add_intent_finding(verdict, "ungrouped_column",
                         query_text(in, item.begin, item.end) + " is returned next to " +
                             query_text(in, aggregate->begin, aggregate->end) +
                             " without GROUP BY: one arbitrary row's value",
                         item.begin, item.end);
      break;
    }
  }
  if (!has_question(in)) return;
  const Cue* each = in.intent->first(CueKind::kEach);
  const SelectCore* top = in.shape->top();
  if (each == nullptr || top == nullptr || any_group_by(*in.shape)) return;
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
