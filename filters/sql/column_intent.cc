// The columns a question asks for.
//
// Rule column_unasked: a column the statement returns, or filters on with a value the question
// does not name, whose name the question never uses (beyond the words of its table's name:
// "singer_id" is not asked for by "singers"), while the question does name another column of
// the same table, of the same kind (number or text), that the query never reads, by a word
// that is the column's (not one that only starts alike) and no column the query reads has.
// The reason names both. ORDER BY and GROUP BY keys are not judged: a superlative names its key
// by an adjective ("the longest match" orders by minutes).
#include <algorithm>

#include "filters/sql/column_words.h"
#include "filters/sql/intent_rules.h"
#include "filters/sql/name_distance.h"

namespace groundgate::filters::sql {
namespace {

struct Use {
  const Table* table;
  const Column* column;
  std::string_view clause;
  std::size_t begin;
  std::size_t end;
};

class ColumnUses {
 public:
  // The question names one of the filter's values: the filter is asked for by it.
  bool value_named(const Predicate& p) const {
    return std::any_of(p.values.begin(), p.values.end(), [&](const Literal& l) {
      double n = 0;
      if (l.number && parse_number(l.value, n)) return in_.terms->mentions_number(n);
      return !l.number && in_.terms->mentions_value(l.value);
    });
  }

  explicit ColumnUses(const IntentInput& in) : in_(in) {
    const auto& cores = in.shape->cores();
    for (std::size_t i = 0; i < cores.size(); ++i) {
      const SelectCore& c = cores[i];
      const bool statement = c.depth == 0 && !c.in_cte;
      for (const ValueExpr& item : c.items)
        add(i, item, statement && item.aggregate == Aggregate::kNone && item.simple, "SELECT");
      for (const OrderKey& k : c.order_by)
        add(i, k.value, false, "ORDER BY");
      for (const ValueExpr& g : c.group_by)
        add(i, g, false, "GROUP BY");
      add(i, c.having_value, false, "HAVING");
      for (const ColumnComparison& cmp : c.comparisons) {
        read(i, cmp.left);
        read(i, cmp.right);
      }
    }
    for (const Predicate& p : in.predicates) {
      const ColumnRef ref{p.qualifier, p.column, p.begin, p.end};
      for (std::size_t i = 0; i < cores.size(); ++i) {
        if (const Table* t = in.shape->table_of(i, ref)) {
          const Column* col = t->find_column(p.column);
          read_.push_back(col);
          if (!value_named(p)) judged_.push_back({t, col, "WHERE", p.begin, p.end});
          break;
        }
      }
    }
  }

  const std::vector<Use>& judged() const { return judged_; }
  // The question names `c` by a part no column the query reads has ("mittlerer_name" is not
  // named by "Vornamen" when the query reads `vorname`).
  bool named_distinctly(const QuestionTerms& q, const Column& c, const Table& t) const {
    for (const std::string& part : q.named_parts_beyond(c.name, t.name)) {
      const bool shared = std::any_of(read_.begin(), read_.end(), [&](const Column* r) {
        return r != nullptr && fold_name(r->name).find(part) != std::string::npos;
      });
      if (!shared) return true;
    }
    return false;
  }
  bool read(const Column* c) const {
    return std::find(read_.begin(), read_.end(), c) != read_.end();
  }

 private:
  void read(std::size_t core, const ColumnRef& ref) {
    if (const Column* col = column_of(in_, core, ref)) read_.push_back(col);
  }
  void add(std::size_t core, const ValueExpr& v, bool judge, std::string_view clause) {
    for (const ColumnRef& ref : v.columns) {
      const Table* t = in_.shape->table_of(core, ref);
      const Column* col = t != nullptr ? t->find_column(ref.column) : nullptr;
      if (col == nullptr) continue;
      read_.push_back(col);
      if (judge) judged_.push_back({t, col, clause, ref.begin, ref.end});
    }
  }

  const IntentInput& in_;
  std::vector<const Column*> read_;
  std::vector<Use> judged_;
};

// The parts of the column's name beyond its table's that are long enough to be looked for.
bool judgeable(const Column& c, const Table& t) {
  std::string name = fold_name(c.name);
  const std::string table = fold_name(t.name);
  if (const std::size_t at = name.find(table); at != std::string::npos)
    name.erase(at, table.size());
  std::size_t letters = 0;
  for (char ch : name)
    letters += ch != '_' && !(ch >= '0' && ch <= '9') ? 1 : 0;
  return letters >= 3;
}

}  // namespace

void check_columns(const IntentInput& in, SqlVerdict& verdict) {
  if (!has_question(in)) return;
  const QuestionTerms& q = *in.terms;
  const ColumnUses uses(in);
  for (const Use& u : uses.judged()) {
    if (!judgeable(*u.column, *u.table) || q.mentions_name_beyond(u.column->name, u.table->name)) {
      continue;
    }
    std::vector<const Column*> named;
    for (const Column& other : u.table->columns) {
      if (&other == u.column || uses.read(&other) || !judgeable(other, *u.table) ||
          numeric_type(other.type) != numeric_type(u.column->type) ||
          !uses.named_distinctly(q, other, *u.table)) {
        continue;
      }
      named.push_back(&other);
    }
    if (named.empty()) continue;
    std::string reason = "the question does not name `" + u.column->name + "` (" +
                         std::string(u.clause) + "); it names `" + named.front()->name + "`";
    for (std::size_t k = 1; k < named.size() && k < 3; ++k)
      reason += ", `" + named[k]->name + "`";
    reason += " of `" + u.table->name + "`, which the query never reads";
    add_intent_finding(verdict, "column_unasked", std::move(reason), u.begin, u.end);
    return;
  }
}

}  // namespace groundgate::filters::sql
