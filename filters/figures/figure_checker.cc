#include "filters/figures/figure_checker.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "filters/table/key_words.h"
#include "filters/text/stemmer.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::figures {
namespace {

using Outcome = FigureVerdict::Outcome;

constexpr std::size_t kMaxRows = 4;                  // rows the words name, best first
constexpr float kRowSlack = 0.34f;                   // rows this far below the best still count
constexpr float kMinCoverage = 0.5f;                 // share of a row label's words the frame names
constexpr std::size_t kEvidencePieces = 3;           // context sentences searched for prose figures
constexpr std::uint32_t kProseSource = 0x80000000u;  // an operand's source bit: a prose figure
constexpr std::size_t kMaxUnnamed = 3;  // figures a line gives as operands without the years named
constexpr std::size_t kMaxRowsScanned = 1u << 14;  // rows and columns looked at per figure
constexpr std::size_t kMaxFigures = 8;  // figures of a sentence checked (the other checks see all)

std::size_t shared(std::span<const std::string> a, std::span<const std::string> b) {
  std::size_t n = 0;
  for (auto i = a.begin(), j = b.begin(); i != a.end() && j != b.end();) {
    if (*i < *j) {
      ++i;
    } else if (*j < *i) {
      ++j;
    } else {
      ++n, ++i, ++j;
    }
  }
  return n;
}

float coverage(std::span<const std::string> key, std::span<const std::string> words) {
  return key.empty() ? 0.f : static_cast<float>(shared(key, words)) / key.size();
}

// How well the words name a line whose key has `key` words: 0 when they do not (fewer than
// half its words, unless they name two of them and they are most of the words said: reports
// qualify labels at length, "Interim dividend for the half year ended 31 December 2018 …").
float line_score(std::span<const std::string> key, std::span<const std::string> words) {
  const std::size_t m = shared(key, words);
  if (m == 0 || words.empty()) return 0;
  const float cov = coverage(key, words);
  const float recall = static_cast<float>(m) / static_cast<float>(words.size());
  if (cov < kMinCoverage && !(m >= 2 && recall >= kMinCoverage)) return 0;
  return 0.5f * cov + 0.5f * recall + 0.01f * static_cast<float>(m);
}

// The one year a cell's keys name: its column's, else its row's (a table whose rows are
// years), else its section's (a table of two years' blocks under "December 31, 2019" and
// "December 31, 2018"); 0 when none or several.
int year_of(const table::Table& t, const table::Table::Cell& c) {
  for (const std::vector<int>* years :
       {&t.columns[c.column].years, &t.rows[c.row].years, &t.rows[c.row].section_years}) {
    if (!years->empty()) return years->size() == 1 ? years->front() : 0;
  }
  return 0;
}

// Words of a column header that say when, not what ("Year Ended September 30"): a column
// named only by them is a period, not a line the words can name.
bool period_word(std::string_view stem) {
  static const std::vector<std::string> kStems = [] {
    std::vector<std::string> out;
    for (std::string_view w :
         {"year",     "years",  "ended",  "ending",  "end",       "fiscal",  "quarter",
          "month",    "months", "period", "january", "february",  "march",   "april",
          "may",      "june",   "july",   "august",  "september", "october", "november",
          "december", "ytd",    "fy",     "amount",  "balance",   "as",      "at",
          "date",     "week",   "weeks",  "day",     "days"}) {
      out.push_back(text::stem(w));
    }
    std::sort(out.begin(), out.end());
    return out;
  }();
  return std::binary_search(kStems.begin(), kStems.end(), stem);
}

// The value an expression gives, as the figure shows it.
double shown(const Expression& e, const Figure& f, bool times_100) {
  switch (e.kind) {
    case Kind::kRatio:
      return times_100 || f.percent ? 100 * e.value : e.value;
    case Kind::kPercentPoints:
      return e.value;
    case Kind::kAmount:
      return f.scaled && e.unit > 0 ? e.value * e.unit / f.scale : e.value;
  }
  return e.value;
}

// A cell and a figure of the same kind: a percentage for a percentage.
bool same_kind(bool percent_cell, const Figure& f) {
  return percent_cell ? !f.scaled && !f.money : !f.percent;
}

// The years a figure is about: the year the sentence names nearest to it, else the frame's.
std::vector<int> years_of(const Figure& f, const std::vector<table::NamedYear>& named,
                          const Frame& frame) {
  if (named.empty()) return frame.years;
  const table::NamedYear* nearest = nullptr;
  std::size_t best = 0;
  for (const table::NamedYear& y : named) {
    const std::size_t d = y.begin >= f.end ? y.begin - f.end : f.begin - std::min(f.begin, y.end);
    if (nearest == nullptr || d < best) nearest = &y, best = d;
  }
  // A sentence that names two years or more around one figure of a change speaks of both.
  if (frame.op != Operation::kNone && frame.years.size() >= 2) return frame.years;
  return {nearest->year};
}

std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The word right before byte `at` of the sentence, lowercased ("" when none).
std::string word_before(std::string_view sentence, std::size_t at) {
  std::size_t end = std::min(at, sentence.size());
  while (end > 0 && sentence[end - 1] == ' ')
    --end;
  std::size_t begin = end;
  while (begin > 0 && std::isalpha(static_cast<unsigned char>(sentence[begin - 1])))
    --begin;
  return lowered(sentence.substr(begin, end - begin));
}

// The word right after byte `at` of the sentence, lowercased ("" when none).
std::string word_after(std::string_view sentence, std::size_t at) {
  std::size_t begin = std::min(at, sentence.size());
  while (begin < sentence.size() && sentence[begin] == ' ')
    ++begin;
  std::size_t end = begin;
  while (end < sentence.size() && std::isalpha(static_cast<unsigned char>(sentence[end])))
    ++end;
  return lowered(sentence.substr(begin, end - begin));
}

// A row label that says `phrase` (stems, sorted): every word of it and nothing else but a
// qualifier reports add ("Net revenue" for "revenue", "Operating income (loss)"), not "Cost of
// sales" for "sales" nor "Total assets" for "total equity".
bool labels_as(std::span<const std::string> label, std::span<const std::string> phrase) {
  static const std::vector<std::string> kQualifiers = {"loss", "net", "total"};  // stemmed, sorted
  if (!std::includes(label.begin(), label.end(), phrase.begin(), phrase.end())) return false;
  return std::all_of(label.begin(), label.end(), [&](const std::string& stem) {
    return std::binary_search(phrase.begin(), phrase.end(), stem) ||
           std::binary_search(kQualifiers.begin(), kQualifiers.end(), stem);
  });
}

// The word before a figure gives it as a level, a value at a time ("to 29,000", "from
// 26,500", "was 29,000"), not as a change ("by 2,500", "of 9.4%") or another result.
bool states_a_level(std::string_view sentence, const Figure& f) {
  static constexpr auto kLevelWords = text::word_table("to", "from", "at", "was", "were", "is",
                                                       "are", "reached", "totaled", "totalled");
  return kLevelWords.contains(word_before(sentence, f.begin));
}

// The figure is the change the words name: right after a change word or "by" ("grew 9.4%",
// "by 2,500") or right before one ("a 9.4% increase"); or the sentence names no change itself
// and the figure answers the question's ("29,000" for "What was the change …?").
bool in_change_slot(std::string_view sentence, const Figure& f) {
  const std::string before = word_before(sentence, f.begin);
  if (before == "by" || names_change(before) || names_change(word_after(sentence, f.end)))
    return true;
  for (std::size_t at = 0; at < sentence.size();) {
    const std::string word = word_after(sentence, at);
    if (names_change(word)) return false;
    const std::size_t next = sentence.find(' ', at + 1);
    if (next == std::string_view::npos) break;
    at = next;
  }
  return true;
}

// A figure in percentage points ("1.0 percentage points", "50 bps") is a difference of two
// percentages, never a ratio's value.
bool in_points(std::string_view sentence, const Figure& f) {
  const std::string written = lowered(sentence.substr(f.begin, f.end - f.begin));
  if (written.find("point") != std::string::npos) return true;
  const std::string after = word_after(sentence, f.end);
  return after == "percentage" || after == "point" || after == "points" || after == "pp" ||
         after == "bps" || after == "basis";
}

// Whether `f` is of the kind `metric` gives: a percentage for a share, a number of days for
// days outstanding, a plain number for a ratio; never money, a scaled amount or points.
bool of_metric_kind(const Metric& metric, std::string_view sentence, const Figure& f) {
  return !f.money && !f.scaled && f.percent == metric.percent && f.days == (metric.days > 0) &&
         !in_points(sentence, f);
}

// The figure the metric the frame names is given as, if any: the first of its kind after the
// clause names it, unless given as where it came from ("up from 14.0%"); where only the
// question names it, the sentence's one figure of its kind.
std::optional<std::size_t> metric_figure(const Frame& frame, std::string_view sentence,
                                         std::span<const Figure> figures) {
  if (frame.metric == nullptr) return std::nullopt;
  std::optional<std::size_t> out;
  std::size_t eligible = 0;
  for (std::size_t k = 0; k < figures.size(); ++k) {
    const Figure& f = figures[k];
    if (!of_metric_kind(*frame.metric, sentence, f)) continue;
    if (frame.metric_end != std::string_view::npos) {
      if (f.begin < frame.metric_end) continue;
      if (word_before(sentence, f.begin) == "from") return std::nullopt;
      return k;
    }
    ++eligible;
    out = k;
  }
  return eligible == 1 ? out : std::nullopt;
}

// One way of computing a metric, and its expression as written over a, b and c.
struct MetricReading {
  Expression e;
  std::string expression;
};

// A metric's value over its operands (a, b and, where the table gives it, c: the averaged
// balance a year before), the metric's usual reading first: the balance averaged where one
// is (days outstanding), else at the year's close (a margin, a return). Days outstanding count
// a year of 365 days, then of 360 (the banks' convention).
std::vector<MetricReading> metric_readings(const Metric& metric, std::span<const Operand> ops) {
  // Tables of one report may state different scales; unknown ones are taken as the same.
  const bool scaled =
      std::all_of(ops.begin(), ops.end(), [](const Operand& o) { return o.unit > 0; });
  auto in_full = [&](std::size_t k) { return ops[k].value * (scaled ? ops[k].unit : 1); };
  std::vector<MetricReading> out;
  auto add = [&](double value, std::string_view expression, std::uint8_t arity) {
    for (const double days : {metric.days, 360.0}) {
      MetricReading r;
      r.e.form = Form::kRatio;
      r.e.arity = arity;
      r.e.args = {0, 1, 2};
      r.e.value = (days > 0 ? days : 1) * value;
      r.e.kind = days > 0 ? Kind::kAmount : Kind::kRatio;
      r.e.unit = 1;
      r.expression = (days > 0 ? std::to_string(int(days)) + " * " : "") + std::string(expression);
      out.push_back(std::move(r));
      if (metric.days == 0) break;
    }
  };
  const bool averaged_numerator = ops.size() == 3 && metric.averaged == Averaged::kNumerator;
  if (averaged_numerator && in_full(1) != 0)
    add((in_full(0) + in_full(2)) / 2 / in_full(1), "((a + c) / 2) / b", 3);
  if (in_full(1) != 0) add(in_full(0) / in_full(1), "a / b", 2);
  if (ops.size() == 3 && !averaged_numerator && in_full(1) + in_full(2) != 0)
    add(in_full(0) / ((in_full(1) + in_full(2)) / 2), "a / ((b + c) / 2)", 3);
  return out;
}

}  // namespace

bool FigureChecker::holds(const Line& line, const table::Table::Cell& c) {
  return line.column ? c.column == line.index : c.row == line.index;
}

FigureChecker::FigureChecker(std::shared_ptr<const index::ContextIndex> index,
                             std::string_view question, FigureOptions options)
    : index_(std::move(index)), options_(options), question_(read_frame(question)) {
  for (const context::Passage& p : index_->passages())
    has_tables_ = has_tables_ || !p.tables.empty();
}

const table::Table& FigureChecker::table_of(const Line& row) const {
  return index_->passages()[row.passage].tables[row.table];
}

std::vector<FigureChecker::Line> FigureChecker::lines_named(const Frame& frame) const {
  std::vector<Line> out;
  std::size_t scanned = 0;
  std::vector<std::string> named_stems;
  const auto& passages = index_->passages();
  for (std::uint32_t p = 0; p < passages.size(); ++p) {
    for (std::uint32_t t = 0; t < passages[p].tables.size(); ++t) {
      const table::Table& table = passages[p].tables[t];
      for (std::uint32_t r = 0; r < table.rows.size() && scanned < kMaxRowsScanned;
           ++r, ++scanned) {
        const table::Table::Row& row = table.rows[r];
        const std::size_t m = shared(row.stems, frame.stems);
        const float cov = coverage(row.stems, frame.stems);
        if (m == 0 || cov < kMinCoverage) continue;
        const float score =
            cov + 0.01f * static_cast<float>(m) + 0.25f * coverage(row.section_stems, frame.stems);
        out.push_back({p, t, r, false, score});
      }
      // A column named by what it holds, not by its period ("Finance Leases" over rows of
      // years).
      for (std::uint32_t j = table.label_column ? 1 : 0;
           j < table.columns.size() && scanned < kMaxRowsScanned; ++j, ++scanned) {
        named_stems.clear();
        for (const std::string& s : table.columns[j].stems) {
          if (!period_word(s)) named_stems.push_back(s);
        }
        if (const float score = line_score(named_stems, frame.stems); score > 0)
          out.push_back({p, t, j, true, score});
      }
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Line& a, const Line& b) { return a.score > b.score; });
  if (!out.empty()) {
    const float floor = out.front().score - kRowSlack;
    auto end = std::find_if(out.begin(), out.end(), [&](const Line& m) { return m.score < floor; });
    out.erase(end, out.end());
    if (out.size() > kMaxRows) out.resize(kMaxRows);
  }
  return out;
}

const table::Table::Cell* FigureChecker::cell_for(const Line& row, int year,
                                                  const Frame& frame) const {
  const table::Table& t = table_of(row);
  const table::Table::Cell* best = nullptr;
  float best_score = -1;
  bool tie = false;
  for (const table::Table::Cell& c : t.cells) {
    if (!holds(row, c) || !c.value) continue;
    if (year != 0 && year_of(t, c) != year) continue;
    if (year == 0 && year_of(t, c) == 0 && !t.columns[c.column].years.empty()) continue;
    const float score =
        coverage(row.column ? t.rows[c.row].stems : t.columns[c.column].stems, frame.stems);
    if (score > best_score) {
      best = &c, best_score = score, tie = false;
    } else if (score == best_score) {
      tie = true;
    }
  }
  return tie ? nullptr : best;
}

Operand FigureChecker::operand_of(const Line& row, const table::Table::Cell& c) const {
  const table::Table& t = table_of(row);
  Operand o;
  o.value = c.value->value;
  o.unit = t.scale;
  o.percent = t.percent(c);
  o.year = year_of(t, c);
  o.group = (row.passage << 20) ^ (row.table << 14) ^ (row.index << 1) ^ (row.column ? 1u : 0u);
  o.source = row.passage * 64 + row.table;
  return o;
}

FigureChecker::Source FigureChecker::source_of(const Line& row, const table::Table::Cell& c) const {
  const table::Table& t = table_of(row);
  Source s;
  s.evidence = verdict::Evidence{row.passage, c.span.begin, c.span.end};
  s.key = t.rows[c.row].text;
  const auto add = [&](const std::vector<std::string>& stems) {
    s.stems.insert(s.stems.end(), stems.begin(), stems.end());
  };
  add(t.rows[c.row].stems);
  add(t.rows[c.row].section_stems);
  add(t.columns[c.column].stems);
  std::sort(s.stems.begin(), s.stems.end());
  s.stems.erase(std::unique(s.stems.begin(), s.stems.end()), s.stems.end());
  const table::Table::Key& column = t.columns[c.column];
  if (!column.text.empty()) {
    if (!s.key.empty()) s.key += ", ";
    // A column headed by a year is that year; else its header as written.
    s.key += column.years.size() == 1 ? std::to_string(column.years[0]) : column.text;
  }
  return s;
}

void FigureChecker::gather(const Frame& frame, std::span<const Line> rows,
                           std::span<const int> years, std::vector<Operand>& operands,
                           std::vector<Source>& sources) const {
  const bool opening = frame.op == Operation::kAverage && years.size() == 1;
  const auto named = [&](int year) {
    return std::find(years.begin(), years.end(), year) != years.end() ||
           (opening && year == years[0] - 1) ||
           (frame.range_first != 0 && year >= frame.range_first && year <= frame.range_last);
  };
  for (const Line& row : rows) {
    const table::Table& t = table_of(row);
    std::size_t valued = 0;
    bool any_year = false;
    for (const table::Table::Cell& c : t.cells) {
      if (!holds(row, c) || !c.value) continue;
      ++valued;
      any_year = any_year || named(year_of(t, c));
    }
    // Without the years named, a long line's figures are operands only where the words name
    // them across it too ("the third and fourth quarter", "more than 5 years") or where they
    // total it: any two of a long line (a column of reviews' stars) give some value by chance.
    const bool long_line = !any_year && valued > kMaxUnnamed;
    for (const table::Table::Cell& c : t.cells) {
      if (operands.size() >= kMaxOperands) return;
      if (!holds(row, c) || !c.value || (any_year && !named(year_of(t, c)))) continue;
      if (long_line) {
        const std::vector<std::string>& across =
            row.column ? t.rows[c.row].stems : t.columns[c.column].stems;
        if (coverage(across, frame.stems) == 0 &&
            !std::binary_search(across.begin(), across.end(), "total")) {
          continue;
        }
      }
      operands.push_back(operand_of(row, c));
      sources.push_back(source_of(row, c));
    }
  }
  // Figures of the prose sentences that match the words best (tables are read above).
  if (frame.stems.empty()) return;
  const auto& passages = index_->passages();
  const auto values = index_->values();
  for (const index::ContextIndex::Hit& hit : index_->top_k(frame.stems, kEvidencePieces)) {
    if (!passages[hit.passage].tables.empty()) continue;
    auto first = std::lower_bound(
        values.begin(), values.end(), hit.piece,
        [](const index::ContextIndex::Value& v, std::uint32_t piece) { return v.piece < piece; });
    for (auto it = first; it != values.end() && it->piece == hit.piece; ++it) {
      if (operands.size() >= kMaxOperands) return;
      const text::Entity& e = it->entity;
      if (e.type != text::EntityType::kNumber ||
          (e.subtype != text::EntitySubtype::kMoney && e.subtype != text::EntitySubtype::kPercent &&
           e.subtype != text::EntitySubtype::kCardinal)) {
        continue;
      }
      Operand o;
      o.value = e.value;
      o.unit = 1;
      o.percent = e.subtype == text::EntitySubtype::kPercent;
      o.group = kProseSource | hit.piece;
      o.source = kProseSource | hit.piece;
      operands.push_back(o);
      Source s;
      s.evidence = verdict::Evidence{hit.passage, static_cast<std::uint32_t>(e.begin),
                                     static_cast<std::uint32_t>(e.end)};
      sources.push_back(std::move(s));
    }
  }
}

verdict::Derivation FigureChecker::derivation(const Expression& e, bool times_100,
                                              std::span<const Source> sources, const Figure& figure,
                                              std::string_view sentence) const {
  verdict::Derivation d;
  d.expression = written(e, times_100);
  d.result = written_like(shown(e, figure, times_100), figure, sentence);
  std::vector<std::uint8_t> seen;
  for (std::size_t k = 0; k < e.arity; ++k) {
    const std::uint8_t i = e.args[k];
    if (std::find(seen.begin(), seen.end(), i) != seen.end()) continue;
    seen.push_back(i);
    const Source& s = sources[i];
    verdict::Derivation::Operand o;
    o.name = std::string(1, static_cast<char>('a' + d.operands.size()));
    o.evidence = s.evidence;
    const std::string& text = index_->passages()[s.evidence.passage].text;
    if (s.evidence.end <= text.size() && s.evidence.begin <= s.evidence.end)
      o.text = text.substr(s.evidence.begin, s.evidence.end - s.evidence.begin);
    o.key = s.key;
    d.operands.push_back(std::move(o));
  }
  return d;
}

bool FigureChecker::named_by(const Line& row, const Frame& frame) const {
  const table::Table& t = table_of(row);
  std::size_t naming = 0, accounted = 0;
  for (const std::string& stem : frame.stems) {
    if (index_->terms().find(stem) == index::kNoTerm) continue;  // the context never uses it
    ++naming;
    const auto in = [&](const std::vector<std::string>& stems) {
      return std::binary_search(stems.begin(), stems.end(), stem);
    };
    bool found = false;
    for (const table::Table::Key& c : t.columns)
      found = found || in(c.stems);
    for (const table::Table::Row& other : t.rows)
      found = found || in(other.stems) || in(other.section_stems);
    accounted += found;
  }
  return accounted * 3 >= naming * 2;
}

std::vector<int> FigureChecker::chosen_years(const Line& row, const Frame& frame,
                                             std::span<const int> years) const {
  const Operation op = frame.op;
  if (op == Operation::kChange || op == Operation::kPercentChange || op == Operation::kGrowthRate) {
    if (frame.years_ordered) return {frame.later, frame.earlier};
    if (frame.range_first != 0) return {frame.range_last, frame.range_first};
    if (years.size() == 2) return {std::max(years[0], years[1]), std::min(years[0], years[1])};
    // A change in one year named is from the year before, as reports state it ("grew 9.4% in
    // 2022"); a growth rate needs its years.
    if (years.size() == 1 && op != Operation::kGrowthRate) return {years[0], years[0] - 1};
    return {};
  }
  if (op == Operation::kAverage || op == Operation::kSum) {
    std::vector<int> available;
    const table::Table& t = table_of(row);
    for (const table::Table::Cell& c : t.cells) {
      if (holds(row, c) && c.value && year_of(t, c) != 0) available.push_back(year_of(t, c));
    }
    std::vector<int> over = frame.range_first != 0 ? frame.years_over(available)
                                                   : std::vector<int>(years.begin(), years.end());
    // An average that names no year runs over every year the row gives ("the average of
    // Other revenues"); a total without years is read off a total line, never added up.
    if (over.empty() && frame.years.empty() && op == Operation::kAverage) {
      std::sort(available.begin(), available.end(), std::greater<>());
      available.erase(std::unique(available.begin(), available.end()), available.end());
      over = std::move(available);
    }
    if (over.size() >= 2) return over;
  }
  return {};
}

std::optional<FigureVerdict> FigureChecker::check_figure(const Figure& f, const Frame& frame,
                                                         std::span<const int> years,
                                                         std::string_view sentence) const {
  const std::vector<Line> rows = lines_named(frame);
  // One row stands out, the words name little else, and one operation is named: the figure
  // has one reading, and another value contradicts it.
  const bool decisive = !rows.empty() && (rows.size() == 1 || rows[1].score < rows[0].score) &&
                        frame.operations_named <= 1 && named_by(rows[0], frame);
  if (f.of_metric && options_.arithmetic) {
    if (auto v = by_metric(f, frame, years, sentence)) return v;
  }
  if (f.days) return std::nullopt;  // a number of days is placed by a metric in days only
  const Operation op = frame.op;
  if (op == Operation::kNone || op == Operation::kSum) {
    if (auto v = read_off(f, frame, years, rows, decisive, sentence)) return v;
  }
  if (!options_.arithmetic || op == Operation::kNone) return std::nullopt;
  if (decisive) {
    if (auto v = computed(f, frame, years, rows[0], sentence)) return v;
  }
  if (op == Operation::kDifference || op == Operation::kRatio) {
    if (auto v = between_lines(f, frame, years, rows, sentence)) return v;
  }
  return searched(f, frame, years, rows, sentence);
}

std::optional<FigureVerdict> FigureChecker::read_off(const Figure& f, const Frame& frame,
                                                     std::span<const int> years,
                                                     std::span<const Line> rows, bool decisive,
                                                     std::string_view sentence) const {
  if (years.size() > 1) return std::nullopt;
  const int year = years.empty() ? 0 : years[0];
  for (const Line& row : rows) {
    const table::Table& t = table_of(row);
    for (const table::Table::Cell& c : t.cells) {
      if (!holds(row, c) || !c.value || (year != 0 && year_of(t, c) != year)) continue;
      const Operand ops[] = {operand_of(row, c)};
      const std::vector<Expression> e = stated(Operation::kNone, frame, ops);
      bool times_100 = false;
      if (e.empty() || !gives(e[0], f, frame.asks_percent, times_100)) continue;
      const Source sources[] = {source_of(row, c)};
      return verdict_of(Outcome::kRead, e[0], false, sources, f, sentence);
    }
  }
  // Not there: the row and year named give another value. A total asked for is read off a
  // total row ("What were the total sales in 2019?"), not added up.
  if (!decisive) return std::nullopt;
  const table::Table& t = table_of(rows[0]);
  const std::vector<std::string>& line_stems =
      rows[0].column ? t.columns[rows[0].index].stems : t.rows[rows[0].index].stems;
  const bool total_row = std::binary_search(line_stems.begin(), line_stems.end(), "total");
  if (frame.op != Operation::kNone && !total_row) return std::nullopt;
  const table::Table::Cell* expected = cell_for(rows[0], year, frame);
  if (expected == nullptr || !same_kind(t.percent(*expected), f)) return std::nullopt;
  // Without a year, the cell must be one the words name across the line too.
  const std::vector<std::string>& across =
      rows[0].column ? t.rows[expected->row].stems : t.columns[expected->column].stems;
  if (year == 0 && coverage(across, frame.stems) == 0) return std::nullopt;
  const Operand ops[] = {operand_of(rows[0], *expected)};
  const Source sources[] = {source_of(rows[0], *expected)};
  const std::vector<Expression> e = stated(Operation::kNone, frame, ops);
  if (e.empty()) return std::nullopt;
  Figure like = f;
  like.decimals = expected->value->decimals;
  FigureVerdict v = verdict_of(Outcome::kContradicted, e[0], false, sources, like, sentence);
  v.begin = f.begin;
  v.end = f.end;
  // The figure of another column of the same row: given for the wrong year.
  for (const table::Table::Cell& c : t.cells) {
    if (!holds(rows[0], c) || &c == expected || !c.value) continue;
    const Operand other[] = {operand_of(rows[0], c)};
    bool times_100 = false;
    if (gives(stated(Operation::kNone, frame, other)[0], f, false, times_100)) {
      v.reason = "the figure of " + source_of(rows[0], c).key + " given for " + sources[0].key +
                 ", which is " + v.derivation.operands[0].text;
      return v;
    }
  }
  v.reason = sources[0].key + " is " + v.derivation.operands[0].text;
  return v;
}

std::optional<FigureVerdict> FigureChecker::computed(const Figure& f, const Frame& frame,
                                                     std::span<const int> years, const Line& row,
                                                     std::string_view sentence) const {
  const std::vector<int> chosen = chosen_years(row, frame, years);
  if (chosen.empty()) return std::nullopt;
  std::vector<Operand> ops;
  std::vector<Source> sources;
  for (int year : chosen) {
    const table::Table::Cell* c = cell_for(row, year, frame);
    if (c == nullptr) return std::nullopt;
    ops.push_back(operand_of(row, *c));
    sources.push_back(source_of(row, *c));
  }
  if (auto v = read_as_operand(f, frame, row, ops, sources, sentence)) return v;
  // The operation's readings (a change in percentages is a difference in points or a relative
  // change); the first that gives the figure supports it, else the first contradicts it.
  std::vector<Expression> readings = stated(frame.op, frame, ops);
  const std::size_t stated_readings = readings.size();
  // A change given as a percentage of amounts ("grew 9.4%") is a relative change.
  const bool any_percent =
      std::any_of(ops.begin(), ops.end(), [](const Operand& o) { return o.percent; });
  std::optional<Expression> size_of_fall;
  if (frame.op == Operation::kChange && f.percent && !any_percent && !in_points(sentence, f)) {
    for (const Expression& e : stated(Operation::kPercentChange, frame, ops)) {
      readings.push_back(e);
      // Without a rise or a fall named, a change may be given as its size ("changed by 87%").
      if (!frame.direction_named && f.value > 0 && e.value < 0 && !size_of_fall) {
        size_of_fall = e;
        size_of_fall->value = -e.value;
      }
    }
  }
  // Costs in parentheses averaged or added: the answer gives the amount.
  const bool all_negative =
      std::all_of(ops.begin(), ops.end(), [](const Operand& o) { return o.value < 0; });
  if ((frame.op == Operation::kAverage || frame.op == Operation::kSum) && all_negative &&
      f.value > 0) {
    for (Expression& e : readings)
      e.value = -e.value;
  }
  const Expression* first_fit = nullptr;
  for (const Expression& e : readings) {
    bool times_100 = false;
    if (gives(e, f, frame.asks_percent, times_100)) {
      return verdict_of(Outcome::kDerived, e, times_100, sources, f, sentence);
    }
    const bool fits = e.kind == Kind::kAmount ? !f.percent : !f.scaled && !f.money;
    if (fits && first_fit == nullptr) first_fit = &e;
  }
  bool times_100 = false;
  if (size_of_fall && gives(*size_of_fall, f, frame.asks_percent, times_100)) {
    FigureVerdict v = verdict_of(Outcome::kDerived, *size_of_fall, times_100, sources, f, sentence);
    v.derivation.expression = std::string("((b - a) / b)") + (times_100 ? " * 100" : "");
    v.reason = explained(v.outcome, v.derivation);
    return v;
  }
  if (first_fit == nullptr) return std::nullopt;
  // Where the words leave the change to be inferred (from the year before the one named, or as
  // a percentage of amounts), only a figure in the change's own slot is the change: another of
  // the sentence ("with 35% from new customers") may be of something else.
  const bool one_year = years.size() == 1 && !frame.years_ordered && frame.range_first == 0;
  const bool added = static_cast<std::size_t>(first_fit - readings.data()) >= stated_readings;
  if ((one_year || added) && !in_change_slot(sentence, f)) return std::nullopt;
  return operation_contradicts(*first_fit, frame, sources, f, sentence);
}

std::optional<FigureVerdict> FigureChecker::read_as_operand(const Figure& f, const Frame& frame,
                                                            const Line& row,
                                                            std::span<const Operand> ops,
                                                            std::span<const Source> sources,
                                                            std::string_view sentence) const {
  // A figure given as a level is one the operation runs over: read, not computed wrong
  // ("increased to 29,000 in 2022 from 26,500"); so is one of a line whose label names an
  // operation itself ("Net decrease in cash"): the words may name the line, not ask for it.
  const table::Table& t = table_of(row);
  const std::string& label = row.column ? t.columns[row.index].text : t.rows[row.index].text;
  if (!f.level && read_frame(label).op == Operation::kNone) return std::nullopt;
  for (std::size_t k = 0; k < ops.size(); ++k) {
    const std::vector<Expression> read = stated(Operation::kNone, frame, ops.subspan(k, 1));
    bool times_100 = false;
    if (!read.empty() && gives(read[0], f, false, times_100))
      return verdict_of(Outcome::kRead, read[0], false, sources.subspan(k, 1), f, sentence);
  }
  return std::nullopt;
}

std::optional<FigureChecker::Line> FigureChecker::line_named(
    std::span<const std::string_view> phrases) const {
  std::optional<Line> best;
  bool tie = false;
  Frame words;
  for (std::string_view phrase : phrases) {
    words.stems = table::key_stems(phrase);
    for (const Line& line : lines_named(words)) {
      if (line.column || !labels_as(table_of(line).rows[line.index].stems, words.stems)) continue;
      const bool same = best && best->passage == line.passage && best->table == line.table &&
                        best->index == line.index;
      if (!best || line.score > best->score) {
        best = line, tie = false;
      } else if (line.score == best->score && !same) {
        tie = true;
      }
    }
  }
  if (tie) return std::nullopt;
  return best;
}

std::optional<FigureChecker::MetricOperands> FigureChecker::metric_operands(
    const Metric& metric, const Frame& frame, std::span<const int> years) const {
  const std::optional<Line> top = line_named(metric.numerator);
  const std::optional<Line> bottom = line_named(metric.denominator);
  if (!top || !bottom ||
      (top->passage == bottom->passage && top->table == bottom->table &&
       top->index == bottom->index)) {
    return std::nullopt;
  }
  const int year = years.empty() ? 0 : years[0];
  const table::Table::Cell* a = cell_for(*top, year, frame);
  const table::Table::Cell* b = cell_for(*bottom, year, frame);
  if (a == nullptr || b == nullptr) return std::nullopt;
  MetricOperands out;
  out.ops = {operand_of(*top, *a), operand_of(*bottom, *b)};
  out.sources = {source_of(*top, *a), source_of(*bottom, *b)};
  if (year == 0 && out.ops[0].year != out.ops[1].year) return std::nullopt;  // not one period's
  // A balance at a date divided into or by a flow over the year may be averaged with the
  // balance a year before: its cell for the year before, when the table gives it.
  const Line* balance = metric.averaged == Averaged::kNumerator     ? &*top
                        : metric.averaged == Averaged::kDenominator ? &*bottom
                                                                    : nullptr;
  if (const table::Table::Cell* opening =
          balance != nullptr && year != 0 ? cell_for(*balance, year - 1, frame) : nullptr) {
    out.ops.push_back(operand_of(*balance, *opening));
    out.sources.push_back(source_of(*balance, *opening));
  }
  return out;
}

std::optional<FigureVerdict> FigureChecker::by_metric(const Figure& f, const Frame& frame,
                                                      std::span<const int> years,
                                                      std::string_view sentence) const {
  const Metric& metric = *frame.metric;
  if (years.size() > 1) return std::nullopt;
  const std::optional<MetricOperands> operands = metric_operands(metric, frame, years);
  if (!operands) return std::nullopt;
  const std::vector<MetricReading> readings = metric_readings(metric, operands->ops);
  if (readings.empty()) return std::nullopt;
  auto verdict = [&](Outcome outcome, const MetricReading& r, bool times_100) {
    FigureVerdict v = verdict_of(outcome, r.e, times_100, operands->sources, f, sentence);
    v.derivation.expression = r.expression + (times_100 ? " * 100" : "");
    v.reason = std::string(metric.name) +
               (outcome == Outcome::kContradicted ? " is " + v.derivation.result + ": " : ", ") +
               explained(outcome, v.derivation);
    return v;
  };
  for (const MetricReading& r : readings) {
    bool times_100 = false;
    if (gives(r.e, f, metric.percent, times_100)) return verdict(Outcome::kDerived, r, times_100);
  }
  return verdict(Outcome::kContradicted, readings.front(), metric.percent);
}

std::optional<FigureVerdict> FigureChecker::between_lines(const Figure& f, const Frame& frame,
                                                          std::span<const int> years,
                                                          std::span<const Line> rows,
                                                          std::string_view sentence) const {
  // Exactly two rows of one table named, with labels of their own (not the same label in two
  // sections), one operation, one year.
  if (rows.size() != 2 || years.size() > 1 || frame.operations_named > 1) return std::nullopt;
  const Line& one = rows[0];
  const Line& two = rows[1];
  if (one.column || two.column || one.passage != two.passage || one.table != two.table ||
      !named_by(one, frame) ||
      table_of(one).rows[one.index].text == table_of(two).rows[two.index].text) {
    return std::nullopt;
  }
  const int year = years.empty() ? 0 : years[0];
  const table::Table::Cell* a = cell_for(one, year, frame);
  const table::Table::Cell* b = cell_for(two, year, frame);
  if (a == nullptr || b == nullptr || a->column != b->column) return std::nullopt;
  const table::Table& t = table_of(one);
  // Without a year, the column is the one value column the words name (naming two, they may
  // ask for a share within a row: "more than 5 years in the total").
  if (year == 0 && t.columns.size() > 2) {
    std::size_t named = 0;
    for (std::uint32_t j = t.label_column ? 1 : 0; j < t.columns.size(); ++j)
      named += coverage(t.columns[j].stems, frame.stems) > 0;
    if (named != 1 || coverage(t.columns[a->column].stems, frame.stems) == 0) return std::nullopt;
  }
  std::vector<Operand> ops = {operand_of(one, *a), operand_of(two, *b)};
  std::vector<Source> sources = {source_of(one, *a), source_of(two, *b)};
  // A figure either row gives as it stands is read, not computed wrong.
  for (std::size_t k = 0; k < ops.size(); ++k) {
    const std::vector<Expression> read = stated(Operation::kNone, frame, std::span(&ops[k], 1));
    bool times_100 = false;
    if (!read.empty() && gives(read[0], f, false, times_100)) return std::nullopt;
  }
  const NamingOrder order = naming_order(frame, ops, sources);
  if (order.of(0, 1) == 0) return std::nullopt;  // the words do not say which comes first
  if (order.of(0, 1) < 0) {
    std::swap(ops[0], ops[1]);
    std::swap(sources[0], sources[1]);
  }
  std::vector<Expression> readings = stated(frame.op, frame, ops);
  // A difference given as a positive amount is either way round.
  if (frame.op == Operation::kDifference && f.value > 0) {
    const Operand reversed[] = {ops[1], ops[0]};
    for (Expression e : stated(Operation::kDifference, frame, reversed)) {
      std::swap(e.args[0], e.args[1]);
      readings.push_back(e);
    }
  }
  for (const Expression& e : readings) {
    bool times_100 = false;
    if (gives(e, f, frame.asks_percent, times_100))
      return verdict_of(Outcome::kDerived, e, times_100, sources, f, sentence);
  }
  // None gives it: the reading nearest the figure is the value it should be.
  const Expression* nearest = nullptr;
  double distance = 0;
  for (const Expression& e : readings) {
    const bool fits = e.kind == Kind::kAmount ? !f.percent : !f.scaled && !f.money;
    const bool times_100 = e.kind == Kind::kRatio && f.percent;
    const double shown_value = shown(e, f, times_100);
    if (!fits || shown_value == 0 || f.value == 0) continue;
    const double d = std::fabs(std::log(std::fabs(shown_value / f.value)));
    if (nearest == nullptr || d < distance) nearest = &e, distance = d;
  }
  if (nearest == nullptr) return std::nullopt;
  return operation_contradicts(*nearest, frame, sources, f, sentence);
}

std::optional<FigureVerdict> FigureChecker::searched(const Figure& f, const Frame& frame,
                                                     std::span<const int> years,
                                                     std::span<const Line> rows,
                                                     std::string_view sentence) const {
  std::vector<Operand> ops;
  std::vector<Source> sources;
  gather(frame, rows, years, ops, sources);
  bool times_100 = false;
  Expression found;
  const NamingOrder order = naming_order(frame, ops, sources);
  const bool derived = enumerate(frame.op, frame, ops, f.percent, order, [&](const Expression& e) {
    if (!gives(e, f, frame.asks_percent, times_100)) return false;
    found = e;
    return true;
  });
  if (!derived) return std::nullopt;
  // A figure a prose sentence writes as it stands is the pieces' value check's to place: it
  // lines the sentence up with the one that states it, and tells whose figure it is ("Okafor
  // received 46 percent" where her opponent did). Only a table's cells are read off here.
  if (found.form == Form::kValue && (ops[found.args[0]].source & kProseSource) != 0)
    return std::nullopt;
  // A figure the context writes (a total's) is read, not derived.
  return verdict_of(found.form == Form::kValue ? Outcome::kRead : Outcome::kDerived, found,
                    times_100, sources, f, sentence);
}

FigureVerdict FigureChecker::operation_contradicts(const Expression& e, const Frame& frame,
                                                   std::span<const Source> sources, const Figure& f,
                                                   std::string_view sentence) const {
  // A ratio is shown as a percentage where the figure is one or the words ask for one.
  FigureVerdict v =
      verdict_of(Outcome::kContradicted, e,
                 e.kind == Kind::kRatio && (f.percent || frame.asks_percent), sources, f, sentence);
  v.reason = std::string(to_string(frame.op)) + " is " + v.derivation.result + ": " + v.reason;
  return v;
}

FigureVerdict FigureChecker::verdict_of(Outcome outcome, const Expression& e, bool times_100,
                                        std::span<const Source> sources, const Figure& f,
                                        std::string_view sentence) const {
  FigureVerdict v;
  v.outcome = outcome;
  v.begin = f.begin;
  v.end = f.end;
  v.derivation = derivation(e, times_100, sources, f, sentence);
  if (outcome == Outcome::kContradicted) v.correction = v.derivation.result;
  v.reason = explained(outcome, v.derivation);
  return v;
}

std::string FigureChecker::explained(Outcome outcome, const verdict::Derivation& d) {
  std::string out = outcome == Outcome::kRead ? "read off: " : "computed: ";
  out += d.expression;
  out += " = " + d.result;
  for (const auto& o : d.operands) {
    out += ", " + o.name + " = " + o.text;
    if (!o.key.empty()) out += " (" + o.key + ")";
  }
  return out;
}

NamingOrder FigureChecker::naming_order(const Frame& frame, std::span<const Operand> ops,
                                        std::span<const Source> sources) {
  NamingOrder order;
  const std::size_t n = std::min(ops.size(), kMaxOperands);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) {
      if (i == j) continue;
      std::int8_t first = 0;
      for (const std::string& stem : frame.stems_in_order) {
        const bool in_i =
            std::binary_search(sources[i].stems.begin(), sources[i].stems.end(), stem);
        const bool in_j =
            std::binary_search(sources[j].stems.begin(), sources[j].stems.end(), stem);
        if (in_i != in_j) {
          first = in_i ? 1 : -1;
          break;
        }
      }
      order.first[i][j] = first;
    }
  }
  return order;
}

void FigureChecker::check(std::string_view sentence, std::span<const text::Token> tokens,
                          std::span<const text::Entity> entities,
                          std::vector<FigureVerdict>& out) const {
  if (!options_.enabled) return;
  const std::vector<Figure> figures = figures_of(sentence, tokens, entities);
  if (figures.empty()) return;
  const Frame frame = merged(read_frame(sentence, tokens), question_);
  const std::vector<table::NamedYear> named = table::years_named(sentence);
  const std::optional<std::size_t> of_metric = metric_figure(frame, sentence, figures);
  for (std::size_t k = 0; k < figures.size() && k < kMaxFigures; ++k) {
    Figure f = figures[k];
    f.level = states_a_level(sentence, f);
    f.of_metric = of_metric == k;
    const std::vector<int> years = years_of(f, named, frame);
    if (std::optional<FigureVerdict> v = check_figure(f, frame, years, sentence))
      out.push_back(std::move(*v));
  }
}

}  // namespace groundgate::filters::figures
