#pragma once
// What a figure is said to be: the operation that makes it ("the percentage change in …",
// "the average …", "… increased by"), the years it is about, in the order named, and the words
// that name its row or column ("total sales"). Read from the answer's clause and from the
// question the answer replies to: a bare figure ("3.03%") is what the question asked for.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "filters/figures/metrics.h"
#include "filters/text/tokenizer.h"

namespace groundgate::filters::figures {

enum class Operation : std::uint8_t {
  kNone,           // a figure read off ("What were the sales in 2019?")
  kSum,            // total, sum, combined, altogether
  kChange,         // change, increase, decrease, growth: the later year's less the earlier's
  kDifference,     // difference between A and B: A less B, as named
  kPercentChange,  // percentage change, growth rate: (later − earlier) / earlier
  kAverage,        // average, mean
  kRatio,          // ratio, proportion, as a percentage of, share of, margin: A / B
  kGrowthRate,     // compound annual growth rate (CAGR) over the years between
};

std::string_view to_string(Operation op);

struct Frame {
  Operation op = Operation::kNone;
  int operations_named = 0;        // operations of different kinds named ("the change in the
                                   // average …": two; the figure composes them)
  std::vector<int> years;          // distinct, in the order named
  bool years_ordered = false;      // "from 2018 to 2019", "in 2019 from 2018": the order is said
  int later = 0;                   // with years_ordered: the year changed to
  int earlier = 0;                 // and the year changed from
  int range_first = 0;             // "2017-2019", "from 2017 to 2019": every year between
  int range_last = 0;              // (an average or a total over them)
  bool decrease = false;           // a decrease asked for or stated, no increase: the earlier
                                   // year's figure less the later's, as a positive amount
  bool asks_percent = false;       // "percentage", "percent", "%", "rate" named
  bool direction_named = false;    // a rise or a fall named, not just a change ("grew", "fell")
  std::vector<std::string> stems;  // words that may name a row or column (table/key_words.h),
                                   // stemmed, sorted and unique (the operation's words out)
  std::vector<std::string> stems_in_order;          // the same, as first named
  const Metric* metric = nullptr;                   // a financial ratio named ("operating margin")
  std::size_t metric_end = std::string_view::npos;  // where the clause names it; npos: the
                                                    // question names it

  // The years an average or a total runs over: the range's when one is named, else those named.
  std::vector<int> years_over(std::span<const int> available) const;
};

// The frame of `text` (a question, or an answer's clause with its figures left out).
Frame read_frame(std::string_view text);
Frame read_frame(std::string_view text, std::span<const text::Token> tokens);

// A word that names a change or its direction ("change", "grew", "fell").
bool names_change(std::string_view word);

// A frame of the clause, completed by the question's: the clause's operation and years when
// it names them, else the question's; the words of both.
Frame merged(const Frame& clause, const Frame& question);

}  // namespace groundgate::filters::figures
