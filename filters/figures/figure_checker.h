#pragma once
// Checks the figures of an answer sentence against the context's tables and numbers: a
// figure read off a table is matched to the row and year it is said to be (the 2018 figure
// given as 2019's is contradicted, with the right cell as evidence); a figure the context
// implies is recomputed (a sum, change, ratio, percentage change, average or growth rate of
// the figures of the rows and years the sentence and the question name) and supported with
// its derivation, or contradicted with the computed value when the question's operation,
// row and years leave one way to compute it. A figure it cannot place gets no verdict (the
// other checks decide it).
//
// The search is bounded: at most eight figures a sentence, 16,384 table rows and columns
// scanned per figure; operands come from the table rows the words name (at most four) at
// the years named, and from the three context sentences that match the words best, at most
// kMaxOperands in all; expressions are one operation deep. A derivation found by chance is a
// silent pass: the operation named restricts the search to its own forms, and a changed
// figure is searched for the same way as a right one (bench/RESULTS.md: how often a changed
// figure finds a derivation).

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/figures/arithmetic.h"
#include "filters/figures/figure.h"
#include "filters/figures/frame.h"
#include "filters/index/context_index.h"
#include "filters/table/periods.h"
#include "filters/text/entities.h"
#include "filters/verdict/verdict_labels.h"

namespace groundgate::filters::figures {

struct FigureOptions {
  bool enabled = true;     // tables read by row and column, figures matched to their cells
  bool arithmetic = true;  // figures the context implies are recomputed
};

struct FigureVerdict {
  enum class Outcome : std::uint8_t {
    kRead,          // a cell of the row and year named, or a figure of the context
    kDerived,       // computed from the context's figures
    kContradicted,  // the row and year (and operation) named give another value
  };
  Outcome outcome = Outcome::kRead;
  std::size_t begin = 0;  // the figure's byte span in the sentence
  std::size_t end = 0;
  verdict::Derivation derivation;  // how the context gives the figure, or the value it should be
  std::string correction;          // kContradicted: that value, written as the figure is
  std::string reason;              // for people
};

class FigureChecker {
 public:
  FigureChecker(std::shared_ptr<const index::ContextIndex> index, std::string_view question,
                FigureOptions options);

  // Appends a verdict for each figure of `sentence` (its tokens and entities) it can place.
  void check(std::string_view sentence, std::span<const text::Token> tokens,
             std::span<const text::Entity> entities, std::vector<FigureVerdict>& out) const;

 private:
  // A table row, or a column, the words name (a column when the table's rows are periods:
  // "Finance Leases" over rows 2020 … 2024), and how well.
  struct Line {
    std::uint32_t passage = 0;
    std::uint32_t table = 0;
    std::uint32_t index = 0;  // of the row, or of the column
    bool column = false;
    float score = 0;
  };
  // A context figure an expression may use, and where it is.
  struct Source {
    verdict::Evidence evidence;
    std::string key;                 // "Total sales, 2019"
    std::vector<std::string> stems;  // the words of its row, section and column, sorted
  };

  std::vector<Line> lines_named(const Frame& frame) const;
  static bool holds(const Line& line, const table::Table::Cell& cell);
  // Operands of `rows` at `years` (all of a row's when it has none of them), then the numbers
  // of the context sentences that match the frame's words.
  void gather(const Frame& frame, std::span<const Line> rows, std::span<const int> years,
              std::vector<Operand>& operands, std::vector<Source>& sources) const;
  std::optional<FigureVerdict> check_figure(const Figure& figure, const Frame& frame,
                                            std::span<const int> years,
                                            std::string_view sentence) const;
  // The figure as a cell of the rows named at the year named; with `decisive` alignment, the
  // cell it should be when it is none of them.
  std::optional<FigureVerdict> read_off(const Figure& figure, const Frame& frame,
                                        std::span<const int> years, std::span<const Line> rows,
                                        bool decisive, std::string_view sentence) const;
  // The operation named over `row`'s figures for the years named: supported or contradicted.
  std::optional<FigureVerdict> computed(const Figure& figure, const Frame& frame,
                                        std::span<const int> years, const Line& row,
                                        std::string_view sentence) const;
  // A metric's operands: its numerator's and denominator's cells for the year named, then the
  // balance it may average a year before, when the table gives it.
  struct MetricOperands {
    std::vector<Operand> ops;
    std::vector<Source> sources;
  };
  std::optional<MetricOperands> metric_operands(const Metric& metric, const Frame& frame,
                                                std::span<const int> years) const;
  // A figure the words give as one of the operation's operands (`ops`, `row`'s cells), read.
  std::optional<FigureVerdict> read_as_operand(const Figure& figure, const Frame& frame,
                                               const Line& row, std::span<const Operand> ops,
                                               std::span<const Source> sources,
                                               std::string_view sentence) const;
  // The financial ratio the frame names, recomputed from the cells of its lines for the year
  // named: supported, or contradicted with the value it gives.
  std::optional<FigureVerdict> by_metric(const Figure& figure, const Frame& frame,
                                         std::span<const int> years,
                                         std::string_view sentence) const;
  // The table row one of `phrases` names best, when no other row is named as well.
  std::optional<Line> line_named(std::span<const std::string_view> phrases) const;
  // A difference or ratio of the two rows the words name (in the order named) at the year
  // named: supported, or contradicted with the reading nearest the figure.
  std::optional<FigureVerdict> between_lines(const Figure& figure, const Frame& frame,
                                             std::span<const int> years, std::span<const Line> rows,
                                             std::string_view sentence) const;
  // Any expression of the operation's forms over the operands gathered: supported or nothing.
  std::optional<FigureVerdict> searched(const Figure& figure, const Frame& frame,
                                        std::span<const int> years, std::span<const Line> rows,
                                        std::string_view sentence) const;
  static NamingOrder naming_order(const Frame& frame, std::span<const Operand> ops,
                                  std::span<const Source> sources);
  // The figure contradicted by what the frame's operation gives, computed as `e` (a ratio
  // shown as a percent when the figure is one); the reason opens with the operation's value.
  FigureVerdict operation_contradicts(const Expression& e, const Frame& frame,
                                      std::span<const Source> sources, const Figure& figure,
                                      std::string_view sentence) const;
  FigureVerdict verdict_of(FigureVerdict::Outcome outcome, const Expression& e, bool times_100,
                           std::span<const Source> sources, const Figure& figure,
                           std::string_view sentence) const;
  // The words name `row`'s table and little else of the context: of the frame's words that
  // the context uses, two in three at least are words of that table's rows, sections or
  // columns (a question about a sentence's figure names words the table does not hold).
  bool named_by(const Line& row, const Frame& frame) const;
  // The years whose figures of `row` the operation named runs over, in its order (the later
  // year first for a change); empty when the frame does not say.
  std::vector<int> chosen_years(const Line& row, const Frame& frame,
                                std::span<const int> years) const;
  // The cell of `row` for `year` (the one the frame's words pick when there are several).
  const table::Table::Cell* cell_for(const Line& row, int year, const Frame& frame) const;
  Operand operand_of(const Line& row, const table::Table::Cell& cell) const;
  Source source_of(const Line& row, const table::Table::Cell& cell) const;
  const table::Table& table_of(const Line& row) const;
  // "computed: a / b = 1.75, a = 9,800 (Total current assets, 2022), ...".
  static std::string explained(FigureVerdict::Outcome outcome, const verdict::Derivation& d);
  verdict::Derivation derivation(const Expression& e, bool times_100,
                                 std::span<const Source> sources, const Figure& figure,
                                 std::string_view sentence) const;

  std::shared_ptr<const index::ContextIndex> index_;
  FigureOptions options_;
  Frame question_;
  bool has_tables_ = false;
};

}  // namespace groundgate::filters::figures
