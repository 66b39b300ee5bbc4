// Joins against the schema's keys (join_keys.h).
//
// Rules:
// - join_without_key: a table joined (JOIN or a comma) with no condition linking it to any
//   other table of its FROM (no ON, USING, NATURAL, nor a column comparison in WHERE): every
//   row pairs with every row. CROSS JOIN says so on purpose and is left alone.
// - join_not_on_key: two tables compared on columns that are no key pair between them while
//   such a pair exists (values may well meet: small numbers do);
// - join_values_disjoint: no key pair is known between the tables and, with a database, no
//   value of one column is in the other: the join finds nothing. When they meet, the pair is
//   a key by its data (no finding).
// - inner_join_drops_rows: the question keeps rows without a match ("including those
//   without", "auch solche ohne") and every join of the statement is inner.
// Each finding names the key pair that would fit (for a table joined without a condition, or
// the path through one more table), when the schema has one.
#include <algorithm>

#include "filters/sql/intent_rules.h"
#include "filters/sql/join_keys.h"

namespace groundgate::filters::sql {
namespace {

// Value probes per query (each bounded by the probe limits): past them the check is incomplete.
constexpr int kMaxValueProbes = 4;
// Tables looked at for a path through a third one.
constexpr std::size_t kMaxPathTables = 256;

std::string pair_text(const Table& a, std::string_view x, const Table& b, std::string_view y) {
  return "`" + a.name + "`.`" + std::string(x) + "` = `" + b.name + "`.`" + std::string(y) + "`";
}

// "; `a`.`k` = `b`.`k` would fit" for the first key between the tables, or "".
std::string direct_fit(const SchemaDatabase& schema, const Table& a, const Table& b) {
  const std::vector<JoinKey> keys = join_keys(schema, a, b);
  if (keys.empty()) return "";
  return "; " + pair_text(a, keys.front().left_column, b, keys.front().right_column) + " would fit";
}

// direct_fit(), else the path through one other table of the schema ("; `a`.`x` = `t`.`x` and
// `t`.`y` = `b`.`y` would fit, through `t`"), else "".
std::string fitting(const SchemaDatabase& schema, const Table& a, const Table& b) {
  if (std::string direct = direct_fit(schema, a, b); !direct.empty()) return direct;
  std::size_t looked = 0;
  for (const Table& t : schema.tables()) {
    if (&t == &a || &t == &b || t.view) continue;
    if (++looked > kMaxPathTables) break;
    const std::vector<JoinKey> first = join_keys(schema, a, t);
    if (first.empty()) continue;
    const std::vector<JoinKey> second = join_keys(schema, t, b);
    if (second.empty()) continue;
    return "; " + pair_text(a, first.front().left_column, t, first.front().right_column) + " and " +
           pair_text(t, second.front().left_column, b, second.front().right_column) +
           " would fit, through `" + t.name + "`";
  }
  return "";
}

// The FROM item of core `core` a column reference belongs to; null when unknown or ambiguous.
const FromItem* item_for(const QueryShape& shape, std::size_t core, const ColumnRef& ref) {
  if (!ref.qualifier.empty()) return shape.item_of(core, ref.qualifier);
  const FromItem* found = nullptr;
  for (const FromItem& item : shape.cores()[core].from) {
    if (item.table == nullptr || item.table->find_column(ref.column) == nullptr) continue;
    if (found != nullptr) return nullptr;
    found = &item;
  }
  return found;
}

void compared_columns(const IntentInput& in, std::size_t core, SqlVerdict& verdict, bool& complete,
                      int& probes) {
  const QueryShape& shape = *in.shape;
  for (const ColumnComparison& cmp : shape.cores()[core].comparisons) {
    if (cmp.op != "=") continue;
    const FromItem* a = item_for(shape, core, cmp.left);
    const FromItem* b = item_for(shape, core, cmp.right);
    if (a == nullptr || b == nullptr || a == b || a->table == nullptr || b->table == nullptr ||
        a->table == b->table) {
      continue;
    }
    const Table& ta = *a->table;
    const Table& tb = *b->table;
    const Column* x = ta.find_column(cmp.left.column);
    const Column* y = tb.find_column(cmp.right.column);
    if (x == nullptr || y == nullptr || is_join_key(*in.schema, ta, x->name, tb, y->name)) continue;
    const std::string fit = direct_fit(*in.schema, ta, tb);
    if (!fit.empty()) {
      add_intent_finding(
          verdict, "join_not_on_key",
          pair_text(ta, x->name, tb, y->name) + " is no key between the tables" + fit, cmp.begin,
          cmp.end);
      continue;
    }
    if (in.database != nullptr) {
      if (probes++ >= kMaxValueProbes) {
        complete = false;
        continue;
      }
      const std::optional<bool> meet =
          in.database->values_meet(ta.name, x->name, tb.name, y->name, in.probe_limits);
      if (!meet) {
        complete = false;
        continue;
      }
      if (*meet) continue;
      add_intent_finding(verdict, "join_values_disjoint",
                         pair_text(ta, x->name, tb, y->name) +
                             ": no value of one is in the other, so the join finds nothing",
                         cmp.begin, cmp.end);
    }
  }
}

bool linked(const QueryShape& shape, std::size_t core, const FromItem& item) {
  for (const ColumnComparison& cmp : shape.cores()[core].comparisons) {
    const FromItem* a = item_for(shape, core, cmp.left);
    const FromItem* b = item_for(shape, core, cmp.right);
    if (a != nullptr && b != nullptr && a != b && (a == &item || b == &item)) return true;
  }
  return false;
}

void unlinked_tables(const IntentInput& in, std::size_t core, SqlVerdict& verdict) {
  const SelectCore& c = in.shape->cores()[core];
  for (std::size_t k = 1; k < c.from.size(); ++k) {
    const FromItem& item = c.from[k];
    if (item.table == nullptr || item.join == JoinKind::kCross || item.natural ||
        !item.using_columns.empty() || linked(*in.shape, core, item)) {
      continue;
    }
    std::string fit;
    for (std::size_t j = 0; j < c.from.size() && fit.empty(); ++j) {
      if (j != k && c.from[j].table != nullptr)
        fit = fitting(*in.schema, *c.from[j].table, *item.table);
    }
    add_intent_finding(verdict, "join_without_key",
                       "`" + item.table->name +
                           "` is joined without a condition on its key: every row pairs with "
                           "every row of the others" +
                           fit,
                       item.begin, item.end);
  }
}

void join_kind(const IntentInput& in, SqlVerdict& verdict) {
  if (!has_question(in)) return;
  const Cue* cue = in.intent->first(CueKind::kIncludingNone);
  const SelectCore* top = in.shape->top();
  if (cue == nullptr || top == nullptr || top->from.size() < 2) return;
  const bool outer = std::any_of(top->from.begin(), top->from.end(), [](const FromItem& f) {
    return f.join == JoinKind::kLeft || f.join == JoinKind::kRight || f.join == JoinKind::kFull;
  });
  if (outer) return;
  const FromItem& joined = top->from[1];
  add_intent_finding(verdict, "inner_join_drops_rows",
                     quoted_phrase(cue->phrase) + " keeps rows without a match; " +
                         query_text(in, joined.begin, joined.end) +
                         " drops them (LEFT JOIN keeps them)",
                     joined.begin, joined.end);
}

}  // namespace

void check_joins(const IntentInput& in, SqlVerdict& verdict) {
  bool complete = true;
  int probes = 0;
  for (std::size_t i = 0; i < in.shape->cores().size(); ++i) {
    compared_columns(in, i, verdict, complete, probes);
    unlinked_tables(in, i, verdict);
  }
  join_kind(in, verdict);
  if (!complete && verdict.report(Check::kIntent).state != CheckState::kFailed) {
    verdict.report(Check::kIntent) = CheckReport{CheckState::kIncomplete, "join_values_timeout"};
  }
}

}  // namespace groundgate::filters::sql
