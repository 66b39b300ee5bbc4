#include "filters/figures/arithmetic.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace groundgate::filters::figures {
namespace {

constexpr std::size_t kMinGroup = 3;  // n-ary sums and averages: three operands or more

// Two operands add up when they are in one unit: one table's, or both in known units.
bool addable(const Operand& a, const Operand& b) {
  if (a.percent != b.percent) return false;
  return a.source == b.source || (a.unit > 0 && b.unit > 0);
}

// The operands' values in one unit: their own when they share a source, else in full.
struct Pair {
  double a = 0, b = 0, unit = 0;
};
Pair in_one_unit(const Operand& a, const Operand& b) {
  if (a.source == b.source) return {a.value, b.value, a.unit};
  return {a.value * a.unit, b.value * b.unit, 1};
}

Expression make(Form form, std::initializer_list<std::size_t> args) {
  Expression e;
  e.form = form;
  for (std::size_t i : args)
    e.args[e.arity++] = static_cast<std::uint8_t>(i);
  return e;
}

std::optional<Expression> binary(Form form, std::span<const Operand> ops, std::size_t i,
                                 std::size_t j, int years = 0) {
  const Operand& a = ops[i];
  const Operand& b = ops[j];
  if (!addable(a, b)) return std::nullopt;
  const Pair p = in_one_unit(a, b);
  Expression e = make(form, {i, j});
  e.unit = p.unit;
  e.kind = a.percent ? Kind::kPercentPoints : Kind::kAmount;
  switch (form) {
    case Form::kSum:
      e.value = p.a + p.b;
      break;
    case Form::kDifference:
      e.value = p.a - p.b;
      break;
    case Form::kMean:
      e.value = (p.a + p.b) / 2;
      break;
    case Form::kRatio:
      if (p.b == 0) return std::nullopt;
      e.value = p.a / p.b;
      e.kind = Kind::kRatio;
      break;
    case Form::kPercentChange:
      if (p.b == 0) return std::nullopt;
      e.value = (p.a - p.b) / p.b;
      e.kind = Kind::kRatio;
      break;
    case Form::kGrowthRate: {
      if (p.b <= 0 || p.a <= 0 || years <= 0) return std::nullopt;
      e.value = std::pow(p.a / p.b, 1.0 / years) - 1;
      e.years = years;
      e.kind = Kind::kRatio;
      break;
    }
    case Form::kValue:
      return std::nullopt;
  }
  return e;
}

// Sum or mean of the operands at `members` (one source), when there are kMinGroup or more.
std::optional<Expression> nary(Form form, std::span<const Operand> ops,
                               std::span<const std::size_t> members) {
  if (members.size() < kMinGroup) return std::nullopt;
  Expression e;
  e.form = form;
  double sum = 0;
  for (std::size_t i : members) {
    const Operand& o = ops[i];
    if (o.source != ops[members[0]].source || o.percent != ops[members[0]].percent) {
      return std::nullopt;
    }
    sum += o.value;
    e.args[e.arity++] = static_cast<std::uint8_t>(i);
  }
  e.unit = ops[members[0]].unit;
  e.kind = ops[members[0]].percent ? Kind::kPercentPoints : Kind::kAmount;
  e.value = form == Form::kMean ? sum / static_cast<double>(members.size()) : sum;
  return e;
}

// An expression with an operand that is its operation's identity (a / 1, a + 0, a - 0): it
// derives nothing a read-off would not, and finds values by chance.
bool degenerate(const Expression& e, std::span<const Operand> ops) {
  const double identity = e.form == Form::kRatio                                ? 1
                          : e.form == Form::kSum || e.form == Form::kDifference ? 0
                                                                                : -1;
  if (identity < 0) return false;
  for (std::size_t k = 0; k < e.arity; ++k) {
    if (ops[e.args[k]].value == identity) return true;
  }
  return false;
}

// Whether a − b runs the way a change does: from the earlier year to the later.
bool forward(const Frame& frame, const Operand& a, const Operand& b) {
  if (a.year == 0 || b.year == 0 || a.year == b.year) return true;  // the years do not say
  if (frame.years_ordered) return a.year == frame.later && b.year == frame.earlier;
  return a.year > b.year;
}

// A − b as a change is stated: forward in time, or backward for a decrease asked for ("How
// much did X decrease by?": the earlier figure less the later, a positive amount).
bool as_stated(const Frame& frame, const Operand& a, const Operand& b) {
  return frame.decrease && frame.op == Operation::kChange ? forward(frame, b, a)
                                                          : forward(frame, a, b);
}

bool within(double value, double target, double half_step) {
  return std::fabs(value - target) <=
         half_step * (1 + 1e-9) + 1e-9 * std::fmax(1, std::fabs(target));
}

}  // namespace

std::string written(const Expression& e, bool times_100) {
  std::string names[kMaxOperands];
  std::size_t next = 0;
  std::string args[kMaxOperands];
  for (std::size_t k = 0; k < e.arity; ++k) {
    // The same operand keeps its name.
    std::size_t same = k;
    for (std::size_t m = 0; m < k; ++m) {
      if (e.args[m] == e.args[k]) same = m;
    }
    args[k] = same == k ? std::string(1, static_cast<char>('a' + next++)) : args[same];
    names[k] = args[k];
  }
  auto joined = [&](std::string_view op) {
    std::string out;
    for (std::size_t k = 0; k < e.arity; ++k) {
      if (k > 0) out += op;
      out += args[k];
    }
    return out;
  };
  std::string out;
  switch (e.form) {
    case Form::kValue:
      out = args[0];
      break;
    case Form::kSum:
      out = joined(" + ");
      break;
    case Form::kDifference:
      out = args[0] + " - " + args[1];
      break;
    case Form::kRatio:
      out = args[0] + " / " + args[1];
      break;
    case Form::kPercentChange:
      out = "(" + args[0] + " - " + args[1] + ") / " + args[1];
      break;
    case Form::kMean:
      out = "(" + joined(" + ") + ") / " + std::to_string(e.arity);
      break;
    case Form::kGrowthRate:
      out = "(" + args[0] + " / " + args[1] + ") ^ (1 / " + std::to_string(e.years) + ") - 1";
      break;
  }
  if (times_100) out = (e.form == Form::kRatio ? out : "(" + out + ")") + " * 100";
  return out;
}

bool gives(const Expression& e, const Figure& figure, bool asks_percent, bool& times_100) {
  const double target = figure.value;
  const double half = figure.half_step();
  times_100 = false;
  switch (e.kind) {
    case Kind::kRatio:
      if (figure.scaled || figure.money) return false;
      if (figure.percent) {
        times_100 = true;
        return within(100 * e.value, target, half);
      }
      if (within(e.value, target, half)) return true;
      times_100 = asks_percent && within(100 * e.value, target, half);
      return times_100;
    case Kind::kPercentPoints:
      return !figure.scaled && !figure.money && within(e.value, target, half);
    case Kind::kAmount:
      if (figure.percent) return false;
      if (figure.scaled && e.unit > 0) {
        return within(e.value * e.unit, target * figure.scale, half * figure.scale);
      }
      if (within(e.value, target, half)) return true;
      // Written in full ("$1,496,500,000" of a table in millions).
      return !figure.scaled && e.unit > 1 && std::fabs(target) >= e.unit &&
             within(e.value * e.unit, target, half);
  }
  return false;
}

namespace {

// One enumerate() call: the operands it combines, in the order it tries them, and the visitor
// each expression is offered to. Every step returns true as soon as the visitor accepts one.
class Enumeration {
 public:
  Enumeration(Operation op, const Frame& frame, std::span<const Operand> ops, bool percent_figure,
              const NamingOrder& order, const std::function<bool(const Expression&)>& visit)
      : op_(op),
        frame_(frame),
        ops_(ops),
        percent_figure_(percent_figure),
        order_(order),
        visit_(visit) {}

  bool run() const {
    if (read_offs()) return true;
    switch (op_) {
      case Operation::kNone:
        return false;
      case Operation::kSum:
        return named_pairs(Form::kSum) || groups(Form::kSum);
      case Operation::kAverage:
        return named_pairs(Form::kMean) || groups(Form::kMean);
      case Operation::kChange:
      case Operation::kPercentChange:
      case Operation::kGrowthRate:
        return changes();
      case Operation::kDifference:
        return differences();
      case Operation::kRatio:
        return ratios();
    }
    return false;
  }

 private:
  std::size_t size() const { return ops_.size(); }

  bool try_binary(Form form, std::size_t i, std::size_t j, int years = 0) const {
    const std::optional<Expression> e = binary(form, ops_, i, j, years);
    return e && !degenerate(*e, ops_) && visit_(*e);
  }

  bool try_nary(Form form, std::span<const std::size_t> members) const {
    const std::optional<Expression> e = nary(form, ops_, members);
    return e && visit_(*e);
  }

  // The figures themselves: any, where the operation may be a read-off (none asked, or a sum
  // stated as one line), and the percentages, where a ratio or a change is a percentage.
  bool read_offs() const {
    const bool reads_off = op_ == Operation::kNone || op_ == Operation::kSum;
    const bool reads_percent = op_ == Operation::kRatio || op_ == Operation::kPercentChange ||
                               op_ == Operation::kGrowthRate;
    if (!reads_off && !(reads_percent && percent_figure_)) return false;
    for (std::size_t i = 0; i < size(); ++i) {
      if (!reads_off && !ops_[i].percent) continue;
      Expression e = make(Form::kValue, {i});
      e.value = ops_[i].value;
      e.unit = ops_[i].unit;
      e.kind = ops_[i].percent ? Kind::kPercentPoints : Kind::kAmount;
      if (visit_(e)) return true;
    }
    return false;
  }

  // Two figures of different lines (rows, or a table's row and a sentence) combine only when
  // the words name each apart.
  bool across_named(std::size_t i, std::size_t j) const {
    return ops_[i].group == ops_[j].group || order_.of(i, j) != 0;
  }

  // Sums or means of two figures, each pair once.
  bool named_pairs(Form form) const {
    for (std::size_t i = 0; i < size(); ++i) {
      for (std::size_t j = i + 1; j < size(); ++j) {
        if (across_named(i, j) && try_binary(form, i, j)) return true;
      }
    }
    return false;
  }

  bool same_group(std::size_t k, std::size_t i) const { return ops_[k].group == ops_[i].group; }
  bool same_year(std::size_t k, std::size_t i) const {
    return ops_[k].year == ops_[i].year && ops_[k].source == ops_[i].source;
  }

  // Whether no operand before `i` is like it (by `alike`).
  template <typename Alike>
  bool first_of(std::size_t i, Alike alike) const {
    for (std::size_t k = 0; k < i; ++k) {
      if (alike(k, i)) return false;
    }
    return true;
  }
  // `i` and the operands after it that are like it.
  template <typename Alike>
  std::vector<std::size_t> members_from(std::size_t i, Alike alike) const {
    std::vector<std::size_t> members;
    for (std::size_t k = i; k < size(); ++k) {
      if (alike(k, i)) members.push_back(k);
    }
    return members;
  }

  // Sums and averages over each group (a row), and over each year's figures of one source.
  bool groups(Form form) const {
    const auto by_group = [this](std::size_t k, std::size_t i) { return same_group(k, i); };
    const auto by_year = [this](std::size_t k, std::size_t i) { return same_year(k, i); };
    for (std::size_t i = 0; i < size(); ++i) {
      if (first_of(i, by_group) && try_nary(form, members_from(i, by_group))) return true;
      if (ops_[i].year != 0 && first_of(i, by_year) && try_nary(form, members_from(i, by_year))) {
        return true;
      }
    }
    return false;
  }

  // Between the years named (two or more): a change runs from one to another.
  bool spans_named_years(std::size_t i, std::size_t j) const {
    return frame_.years.size() < 2 ||
           (ops_[i].year != ops_[j].year && ops_[i].year != 0 && ops_[j].year != 0);
  }

  // A change from b (`j`) to a (`i`): in points, relative, or as a compound growth rate.
  bool change_forms(std::size_t i, std::size_t j) const {
    const bool percents = ops_[i].percent && ops_[j].percent;
    const bool points = op_ == Operation::kChange || percents;
    const bool relative = op_ != Operation::kChange || (percent_figure_ && !percents);
    if (points && try_binary(Form::kDifference, i, j)) return true;
    if (relative && try_binary(Form::kPercentChange, i, j)) return true;
    return op_ == Operation::kGrowthRate && ops_[i].year > ops_[j].year && ops_[j].year != 0 &&
           try_binary(Form::kGrowthRate, i, j, ops_[i].year - ops_[j].year);
  }

  bool changes() const {
    for (std::size_t i = 0; i < size(); ++i) {
      for (std::size_t j = 0; j < size(); ++j) {
        if (i == j || !as_stated(frame_, ops_[i], ops_[j]) || !spans_named_years(i, j)) continue;
        if (change_forms(i, j)) return true;
      }
    }
    return false;
  }

  // a − b where the words name a first or do not order them, across lines only when both are
  // named; for a percentage figure, also the change relative to b.
  bool differences() const {
    for (std::size_t i = 0; i < size(); ++i) {
      for (std::size_t j = 0; j < size(); ++j) {
        if (i == j || order_.of(i, j) < 0 || !across_named(i, j)) continue;
        if (try_binary(Form::kDifference, i, j)) return true;
        if (percent_figure_ && !ops_[i].percent && try_binary(Form::kPercentChange, i, j)) {
          return true;
        }
      }
    }
    return false;
  }

  bool ratios() const {
    for (std::size_t i = 0; i < size(); ++i) {
      for (std::size_t j = 0; j < size(); ++j) {
        if (i != j && try_binary(Form::kRatio, i, j)) return true;
      }
    }
    return false;
  }

  Operation op_;
  const Frame& frame_;
  std::span<const Operand> ops_;
  bool percent_figure_;
  const NamingOrder& order_;
  const std::function<bool(const Expression&)>& visit_;
};

}  // namespace

bool enumerate(Operation op, const Frame& frame, std::span<const Operand> ops, bool percent_figure,
               const NamingOrder& order, const std::function<bool(const Expression&)>& visit) {
  const Enumeration enumeration(op, frame, ops.first(std::min(ops.size(), kMaxOperands)),
                                percent_figure, order, visit);
  return enumeration.run();
}

std::vector<Expression> stated(Operation op, const Frame& frame, std::span<const Operand> ops) {
  std::vector<Expression> out;
  if (ops.empty() || ops.size() > kMaxOperands) return out;
  auto add = [&](std::optional<Expression> e) {
    if (e) out.push_back(*e);
  };
  std::vector<std::size_t> all(ops.size());
  for (std::size_t i = 0; i < all.size(); ++i)
    all[i] = i;
  switch (op) {
    case Operation::kNone:
      if (ops.size() == 1) {
        Expression e = make(Form::kValue, {0});
        e.value = ops[0].value;
        e.unit = ops[0].unit;
        e.kind = ops[0].percent ? Kind::kPercentPoints : Kind::kAmount;
        out.push_back(e);
      }
      break;
    case Operation::kChange:
      if (ops.size() == 2)
        add(frame.decrease ? binary(Form::kDifference, ops, 1, 0)
                           : binary(Form::kDifference, ops, 0, 1));
      break;
    case Operation::kPercentChange:
      if (ops.size() != 2) break;
      if (ops[0].percent && ops[1].percent) add(binary(Form::kDifference, ops, 0, 1));
      add(binary(Form::kPercentChange, ops, 0, 1));
      break;
    case Operation::kGrowthRate:
      if (ops.size() == 2 && ops[0].year > ops[1].year && ops[1].year != 0)
        add(binary(Form::kGrowthRate, ops, 0, 1, ops[0].year - ops[1].year));
      break;
    case Operation::kAverage:
      add(ops.size() == 2 ? binary(Form::kMean, ops, 0, 1) : nary(Form::kMean, ops, all));
      break;
    case Operation::kSum:
      add(ops.size() == 2 ? binary(Form::kSum, ops, 0, 1) : nary(Form::kSum, ops, all));
      break;
    case Operation::kDifference:  // the operands in the order the words name them
      if (ops.size() == 2) add(binary(Form::kDifference, ops, 0, 1));
      break;
    case Operation::kRatio:  // the first named over the second, else the other way round
      if (ops.size() == 2) {
        add(binary(Form::kRatio, ops, 0, 1));
        add(binary(Form::kRatio, ops, 1, 0));
      }
      break;
  }
  return out;
}

}  // namespace groundgate::filters::figures
