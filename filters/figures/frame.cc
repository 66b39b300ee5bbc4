#include "filters/figures/frame.h"

#include <algorithm>

#include "filters/table/key_words.h"
#include "filters/table/periods.h"
#include "filters/text/change_direction.h"
#include "filters/text/number_words.h"
#include "filters/text/stemmer.h"
#include "filters/text/stopwords.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::figures {
namespace {

using text::Token;
using text::TokenKind;

constexpr auto kChangeWords = text::word_table(
    "change", "changed", "changes", "increase", "increased", "increases", "decrease", "decreased",
    "decreases", "growth", "grew", "grow", "rose", "rise", "fell", "fall", "declined", "decline",
    "dropped", "drop", "movement", "movements");
constexpr auto kPercentWords = text::word_table("percentage", "percent", "%", "pct");
constexpr auto kAverageWords = text::word_table("average", "averaged", "mean", "avg");
constexpr auto kRatioWords =
    text::word_table("ratio", "proportion", "portion", "share", "fraction", "constitute");
constexpr auto kDifferenceWords = text::word_table("difference", "differences", "variance");
constexpr auto kDecreaseWords =
    text::word_table("decrease", "decreased", "decreases", "decline", "declined", "declines",
                     "fell", "fall", "falls", "drop", "dropped", "drops", "reduction", "reduced");
constexpr auto kIncreaseWords =
    text::word_table("increase", "increased", "increases", "grew", "grow", "growth", "rose", "rise",
                     "rises", "change", "changed", "changes", "movement");
// Words of a figure's unit, not of what it is.
constexpr auto kUnitWords = text::word_table(
    "dollar", "dollars", "cent", "cents", "euro", "euros", "pound", "pounds", "usd", "eur", "gbp",
    "us", "m", "bn", "mn", "k", "thousands", "millions", "billions", "points", "point", "basis");
constexpr auto kSumWords =
    text::word_table("total", "sum", "combined", "altogether", "aggregate", "together");
// Words of the operation, or of asking: left out of the words that name a row.
constexpr auto kFrameWords = text::word_table(
    "rate", "cagr", "compound", "compounded", "annual", "annually", "amount", "value", "year",
    "years", "fiscal", "fy", "period", "respectively", "much", "many", "number", "figure");

bool is(const auto& table, const Token& t) {
  return table.contains(t.norm);
}

// The operation the words name; the strongest when several do ("the percentage change in the
// total" is a percentage change).
Operation operation_of(std::span<const Token> tokens, int& named) {
  bool change = false, percent_change = false, average = false, ratio = false, difference = false,
       sum = false, growth_rate = false;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    const auto next = [&](std::size_t k) -> const Token* {
      return i + k < tokens.size() ? &tokens[i + k] : nullptr;
    };
    if (t.norm == "cagr") growth_rate = true;
    if ((t.norm == "compound" || t.norm == "compounded") &&
        ((next(1) && next(1)->norm == "annual") || (next(2) && next(2)->norm == "annual"))) {
      growth_rate = true;
    }
    if (is(kPercentWords, t)) {
      // "percentage change", "% increase", "percent growth"; "percentage of" is a share,
      // unless a change comes first ("the change in the percentage of sales").
      const Token* n1 = next(1);
      if (n1 && is(kChangeWords, *n1)) percent_change = true;
      if (n1 && n1->norm == "of" && !change) ratio = true;
    }
    if (t.norm == "rate") {
      // "growth rate", "rate of growth": a percentage change.
      if ((i > 0 && is(kChangeWords, tokens[i - 1])) ||
          (next(2) && next(1)->norm == "of" && is(kChangeWords, *next(2)))) {
        percent_change = true;
      }
    }
    if (is(kChangeWords, t)) change = true;
    if (is(kAverageWords, t)) average = true;
    if (is(kRatioWords, t)) ratio = true;
    if (is(kDifferenceWords, t)) difference = true;
    if (is(kSumWords, t)) sum = true;
  }
  // A growth rate or percentage change names a change too; a difference is a change.
  named = (growth_rate || percent_change || change || difference) + average + ratio +
          (sum && !(growth_rate || percent_change || change || difference || average || ratio));
  if (growth_rate) return Operation::kGrowthRate;
  if (percent_change) return Operation::kPercentChange;
  if (average) return Operation::kAverage;
  if (ratio) return Operation::kRatio;
  if (difference) return Operation::kDifference;
  if (change) return Operation::kChange;
  if (sum) return Operation::kSum;
  return Operation::kNone;
}

// "from 2018 to 2019", "in 2019 from 2018", "2019 compared to 2018", "2019 versus 2018": the
// year changed to and the year changed from, when the words say which is which.
void read_order(std::string_view text, std::span<const Token> tokens, Frame& frame) {
  const std::vector<table::NamedYear> named = table::years_named(text);
  if (named.size() < 2) return;
  // The token that starts at each named year, and the word before it.
  auto word_before = [&](const table::NamedYear& y) -> std::string_view {
    std::string_view before;
    for (const Token& t : tokens) {
      if (t.begin >= y.begin) break;
      if (t.kind == TokenKind::kWord) before = t.norm;
    }
    return before;
  };
  for (std::size_t k = 0; k + 1 < named.size(); ++k) {
    const table::NamedYear& a = named[k];
    const table::NamedYear& b = named[k + 1];
    if (a.year == b.year) continue;
    const std::string_view before_a = word_before(a);
    const std::string_view before_b = word_before(b);
    if (before_a == "from" && before_b == "to") {
      frame.earlier = a.year, frame.later = b.year;
    } else if (before_b == "from" || before_b == "compared" || before_b == "to" ||
               before_b == "versus" || before_b == "vs" || before_b == "over" ||
               before_b == "against" || before_b == "with") {
      // "in 2019 from 2018", "2019 compared to 2018", "2019 over 2018".
      if (before_b == "to" && word_before(a) == "from") continue;
      frame.later = a.year, frame.earlier = b.year;
    } else {
      continue;
    }
    frame.years_ordered = true;
    // A change "from 2019 to 2018" runs back in time: reports state changes forward, so the
    // order the words give is not trusted and the years count in time order.
    if (frame.later < frame.earlier) frame.years_ordered = false;
    return;
  }
}

// "2017-2019", "2017 to 2019", "from 2017 through 2019", "between 2017 and 2019": a range of
// three years or more.
void read_range(std::string_view text, Frame& frame) {
  const std::vector<table::NamedYear> named = table::years_named(text);
  for (std::size_t k = 0; k + 1 < named.size(); ++k) {
    const table::NamedYear& a = named[k];
    const table::NamedYear& b = named[k + 1];
    if (b.year - a.year < 2 || b.begin < a.end) continue;
    std::string_view between = text.substr(a.end, b.begin - a.end);
    while (!between.empty() && between.front() == ' ')
      between.remove_prefix(1);
    while (!between.empty() && between.back() == ' ')
      between.remove_suffix(1);
    const std::string_view before = text.substr(0, a.begin);
    const bool joined = between == "-" || between == "\xE2\x80\x93" || between == "to" ||
                        between == "through" || between == "until" ||
                        (between == "and" && before.ends_with("between "));
    if (!joined) continue;
    frame.range_first = a.year;
    frame.range_last = b.year;
    return;
  }
}

}  // namespace

std::string_view to_string(Operation op) {
  switch (op) {
    case Operation::kNone:
      return "none";
    case Operation::kSum:
      return "sum";
    case Operation::kChange:
      return "change";
    case Operation::kDifference:
      return "difference";
    case Operation::kPercentChange:
      return "percentage_change";
    case Operation::kAverage:
      return "average";
    case Operation::kRatio:
      return "ratio";
    case Operation::kGrowthRate:
      return "growth_rate";
  }
  return "none";
}

Frame read_frame(std::string_view text) {
  const std::vector<Token> tokens = text::tokenize(text);
  return read_frame(text, tokens);
}

Frame read_frame(std::string_view text, std::span<const Token> tokens) {
  Frame frame;
  frame.op = operation_of(tokens, frame.operations_named);
  const MetricName named = metric_named(text, tokens);
  frame.metric = named.metric;
  frame.metric_end = named.end;
  frame.years = table::distinct_years(text);
  read_order(text, tokens, frame);
  read_range(text, frame);
  bool decrease = false, increase = false;
  for (const Token& t : tokens) {
    if (is(kPercentWords, t) || t.norm == "rate") frame.asks_percent = true;
    decrease = decrease || is(kDecreaseWords, t);
    frame.direction_named =
        frame.direction_named || text::change_direction(t.norm) != text::ChangeDirection::kNone;
    increase = increase || is(kIncreaseWords, t);
    if (t.kind != TokenKind::kWord || table::is_function_word(t.norm)) continue;
    if (is(kChangeWords, t) || is(kAverageWords, t) || is(kRatioWords, t) ||
        is(kDifferenceWords, t) || is(kPercentWords, t) || is(kFrameWords, t) ||
        is(kDecreaseWords, t) || is(kUnitWords, t) || text::scale_word(t.norm)) {
      continue;
    }
    std::string stem = text::stem(t.norm);
    if (std::find(frame.stems_in_order.begin(), frame.stems_in_order.end(), stem) ==
        frame.stems_in_order.end()) {
      frame.stems_in_order.push_back(stem);
    }
    frame.stems.push_back(std::move(stem));
  }
  frame.decrease = decrease && !increase;
  std::sort(frame.stems.begin(), frame.stems.end());
  frame.stems.erase(std::unique(frame.stems.begin(), frame.stems.end()), frame.stems.end());
  return frame;
}

bool names_change(std::string_view word) {
  return kChangeWords.contains(word) ||
         text::change_direction(word) != text::ChangeDirection::kNone;
}

Frame merged(const Frame& clause, const Frame& question) {
  Frame out = clause;
  if (out.op == Operation::kNone) {
    out.op = question.op;
    out.operations_named = question.operations_named;
    out.decrease = question.decrease;
  }
  // The clause's one year is where the question's change or range ends ("grew 35.1% in 2019"
  // for "from 2017 to 2019"): the question says where it starts.
  const int question_end = question.years_ordered ? question.later : question.range_last;
  const bool ends_question = out.years.size() == 1 && !out.years_ordered && out.range_first == 0 &&
                             question_end == out.years[0];
  if (out.years.empty() || ends_question) {
    out.years = question.years;
    out.years_ordered = question.years_ordered;
    out.later = question.later;
    out.earlier = question.earlier;
    out.range_first = question.range_first;
    out.range_last = question.range_last;
  }
  if (out.metric == nullptr) {
    out.metric = question.metric;
    out.metric_end = std::string_view::npos;  // named by the question, not in the clause
  }
  out.asks_percent = clause.asks_percent || question.asks_percent;
  out.direction_named = clause.direction_named || question.direction_named;
  out.stems.insert(out.stems.end(), question.stems.begin(), question.stems.end());
  for (const std::string& stem : question.stems_in_order) {
    if (std::find(out.stems_in_order.begin(), out.stems_in_order.end(), stem) ==
        out.stems_in_order.end()) {
      out.stems_in_order.push_back(stem);
    }
  }
  std::sort(out.stems.begin(), out.stems.end());
  out.stems.erase(std::unique(out.stems.begin(), out.stems.end()), out.stems.end());
  return out;
}

std::vector<int> Frame::years_over(std::span<const int> available) const {
  if (range_first == 0) return years;
  std::vector<int> out;
  for (int y : available) {
    if (y >= range_first && y <= range_last && std::find(out.begin(), out.end(), y) == out.end())
      out.push_back(y);
  }
  std::sort(out.begin(), out.end(), std::greater<>());
  return out;
}

}  // namespace groundgate::filters::figures
