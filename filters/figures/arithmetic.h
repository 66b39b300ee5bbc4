#pragma once
// The arithmetic answers do with a context's figures, bounded: sums, differences, changes,
// ratios, percentage changes, averages and compound growth rates over at most kMaxOperands
// operands, one operation deep (an n-ary sum or average over one row counts as one), and the
// test whether a computed value is what an answer's figure shows at its rounding.

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "filters/figures/figure.h"
#include "filters/figures/frame.h"

namespace groundgate::filters::figures {

inline constexpr std::size_t kMaxOperands = 10;

// A figure of the context an expression may use.
struct Operand {
  double value = 0;          // as written ("(4,970)" → -4970)
  double unit = 0;           // what one of `value` is: a table's stated scale (1e6), 1 for a figure
                             // written in full; 0: unknown (a table that states no scale)
  bool percent = false;      // a percentage (12.5% → 12.5)
  int year = 0;              // the one year its keys name; 0: none or several
  std::uint32_t group = 0;   // operands of one table row (or one passage) share a group
  std::uint32_t source = 0;  // operands of one table share a source; prose has its own
};

// The shapes of expression, each one operation deep.
enum class Form : std::uint8_t {
  kValue,          // a
  kSum,            // a + b (+ c …)
  kDifference,     // a - b
  kRatio,          // a / b
  kPercentChange,  // (a - b) / b
  kMean,           // (a + b (+ c …)) / n
  kGrowthRate,     // (a / b) ^ (1 / years) - 1
};

// What a computed value is: an amount in the operands' unit, percentage points (a sum or
// difference of percentages), or a ratio (a fraction, shown ×100 as a percentage).
enum class Kind : std::uint8_t { kAmount, kPercentPoints, kRatio };

struct Expression {
  Form form = Form::kValue;
  std::uint8_t arity = 0;
  std::array<std::uint8_t, kMaxOperands> args{};  // indices into the operands
  int years = 0;                                  // kGrowthRate: the years between
  double value = 0;
  double unit = 0;  // kAmount: of the operands
  Kind kind = Kind::kAmount;
};

// The expression with operands named a, b, c … in order of use: "(a - b) / b", and "* 100"
// when the figure it gives is a percentage of a ratio.
std::string written(const Expression& e, bool times_100);

// True when `e` gives the figure at the rounding the figure shows; `times_100` says whether
// the figure is the ratio ×100. A figure with a scale word compares in full ("$1.2 billion"
// is 1,200 of a table in millions); one without, in the operands' unit or written in full.
bool gives(const Expression& e, const Figure& figure, bool asks_percent, bool& times_100);

// Which of two operands the words name first: +1 the first, -1 the second, 0 the words do not
// tell them apart (the first word of one that is no word of the other). Years do not order a
// difference: "the difference between 2018 and 2019" is written both ways.
struct NamingOrder {
  std::array<std::array<std::int8_t, kMaxOperands>, kMaxOperands> first{};
  int of(std::size_t i, std::size_t j) const { return first[i][j]; }
};

// Calls `visit` with the expressions of `op`'s family over `operands` (simplest first) until
// it returns true; returns whether one did. `frame` gives the direction of a change (the later
// year's figure less the earlier's, between two years named) and which years an n-ary sum or
// average runs over; `order` the direction of a difference ("between A and B": A less B) and
// which operands of two lines are both named (a sum, average or difference across lines needs
// both). A percentage the context states is read for a ratio or a percentage change asked for.
bool enumerate(Operation op, const Frame& frame, std::span<const Operand> operands,
               bool percent_figure, const NamingOrder& order,
               const std::function<bool(const Expression&)>& visit);

// The readings of `op` over operands already chosen for it (a row's figures for the frame's
// years, the later year first), most likely first; empty when it names none: read-off is the
// first operand; a change the later year's less the earlier's (the earlier's less the later's
// for a decrease asked for); a percentage change that relative to the earlier (and, between
// percentages, the difference in points first); an average or sum all of them; a growth
// rate from the earlier to the later; a difference of two lines' figures (in the order the
// words name the lines) the first less the second; their ratio the first over the second,
// then the second over the first.
std::vector<Expression> stated(Operation op, const Frame& frame, std::span<const Operand> operands);

}  // namespace groundgate::filters::figures
