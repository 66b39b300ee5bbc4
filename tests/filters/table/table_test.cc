#include "filters/table/table.h"

#include <gtest/gtest.h>

#include "filters/table/table_readers.h"

namespace groundgate::filters::table {
namespace {

std::string_view text_of(const std::string& out, Span span) {
  return std::string_view(out).substr(span.begin, span.end - span.begin);
}

TEST(Table, CellsAreKeyedByRowAndColumnWithSpansInTheRendering) {
  const auto raw = pipe_tables(
      "| (in thousands) | March 31, |  |\n"
      "|  | 2019 | 2018 |\n"
      "| Deferred income tax assets: |  |  |\n"
      "| Accrued warranty | 33 | 77 |\n"
      "| Valuation allowance | (38,771) | (37,103) |\n"
      "| Net deferred income tax assets | — | 1,618 |\n");
  ASSERT_EQ(raw.size(), 1u);
  std::string out = "Before.\n";
  const Table table = render_rows(raw[0], out, 1 << 20);
  EXPECT_EQ(out,
            "Before.\n"
            "Deferred income tax assets:\n"
            "Accrued warranty; March 31, 2019: 33; 2018: 77.\n"
            "Valuation allowance; March 31, 2019: (38,771); 2018: (37,103).\n"
            "Net deferred income tax assets; March 31, 2019: —; 2018: 1,618.\n");
  EXPECT_TRUE(table.label_column);
  EXPECT_EQ(table.scale, 1e3);
  ASSERT_EQ(table.columns.size(), 3u);
  EXPECT_EQ(table.columns[1].years, std::vector<int>{2019});
  EXPECT_EQ(table.columns[2].years, std::vector<int>{2018});
  ASSERT_EQ(table.rows.size(), 3u);
  EXPECT_EQ(table.rows[1].text, "Valuation allowance");
  EXPECT_EQ(table.rows[1].section, "Deferred income tax assets:");
  EXPECT_EQ(table.rows[1].stems, (std::vector<std::string>{"allow", "valuat"}));
  const Table::Cell* cell = table.at(1, 2);
  ASSERT_NE(cell, nullptr);
  EXPECT_EQ(text_of(out, cell->span), "(37,103)");
  ASSERT_TRUE(cell->value);
  EXPECT_DOUBLE_EQ(cell->value->value, -37103);
  const Table::Cell* dash = table.at(2, 1);
  ASSERT_NE(dash, nullptr);
  EXPECT_FALSE(dash->value);
  EXPECT_EQ(table.at(0, 0), nullptr);  // the label is no cell
}

TEST(Table, SpanningHeadersAndPercentKeys) {
  const auto raw = pipe_tables(
      "|  | 2019 |  | 2018 |  |\n"
      "|  | Men | Women | Men | Women |\n"
      "| Gross margin (%) | 86.8 | 88.9 | 87.3 | 89.3 |\n");
  ASSERT_EQ(raw.size(), 1u);
  std::string out;
  const Table table = render_rows(raw[0], out, 1 << 20);
  EXPECT_EQ(table.columns[2].text, "2019 Women");
  EXPECT_EQ(table.columns[4].years, std::vector<int>{2018});
  EXPECT_TRUE(table.rows[0].percent);
  EXPECT_TRUE(table.percent(*table.at(0, 3)));
}

TEST(Table, RenderingStopsAtTheBound) {
  const auto raw = pipe_tables("| a | b |\n|---|---|\n| x | 1 |\n| y | 2 |\n| z | 3 |\n");
  ASSERT_EQ(raw.size(), 1u);
  std::string out;
  const Table table = render_rows(raw[0], out, 30);
  EXPECT_LE(out.size(), 30u);
  EXPECT_EQ(table.rows.size(), 2u);
  for (const Table::Cell& c : table.cells)
    EXPECT_LE(c.span.end, out.size());
}

}  // namespace
}  // namespace groundgate::filters::table
