#include "filters/table/table_readers.h"

#include <gtest/gtest.h>

namespace groundgate::filters::table {
namespace {

using Rows = std::vector<std::vector<std::string>>;

// A report's table as TAT-QA gives it: two header rows, no separator line.
constexpr std::string_view kReport =
    "|  |  | Years Ended September 30, |  |\n"
    "|  | 2019 | 2018 | 2017 |\n"
    "| Fixed Price | $  1,452.4 | $  1,146.2 | $  1,036.9 |\n"
    "| Other | 44.1 | 56.7 | 70.8 |\n"
    "| Total sales | $1,496.5 | $1,202.9 | $1,107.7 |";

TEST(PipeTables, HeaderRowsAreThoseAboveTheFirstRowOfFigures) {
  const auto tables = pipe_tables(kReport);
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0].header_rows, 2u);
  EXPECT_EQ(tables[0].rows.size(), 5u);
  EXPECT_EQ(tables[0].rows[2],
            (std::vector<std::string>{"Fixed Price", "$  1,452.4", "$  1,146.2", "$  1,036.9"}));
  EXPECT_EQ(tables[0].begin, 0u);
  EXPECT_EQ(tables[0].end, kReport.size());
}

TEST(PipeTables, MarkdownSeparatorSaysWhereTheHeaderEnds) {
  const std::string_view text =
      "Prices:\n| Plan | Price |\n|---|---:|\n| Basic | $10 |\n"
      "| Pro | $25 |\nThanks.";
  const auto tables = pipe_tables(text);
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_TRUE(tables[0].headers_known);
  EXPECT_EQ(tables[0].header_rows, 1u);
  EXPECT_EQ(tables[0].rows, (Rows{{"Plan", "Price"}, {"Basic", "$10"}, {"Pro", "$25"}}));
  EXPECT_EQ(text.substr(tables[0].begin, tables[0].end - tables[0].begin).front(), '|');
  EXPECT_TRUE(text.substr(tables[0].end).starts_with("\nThanks."));
  // A bar line over a separator, without outer bars.
  const auto bare = pipe_tables("a | b\n--|--\n1 | 2\n");
  ASSERT_EQ(bare.size(), 1u);
  EXPECT_EQ(bare[0].rows, (Rows{{"a", "b"}, {"1", "2"}}));
}

TEST(PipeTables, OneBarLineIsProse) {
  EXPECT_TRUE(pipe_tables("a | b is not a table").empty());
  EXPECT_TRUE(pipe_tables("| only one line |").empty());
  EXPECT_TRUE(pipe_tables("").empty());
}

TEST(HtmlTables, RowsCellsSpansAndHeaderCells) {
  const std::string_view text =
      "<p>Sales (in millions):</p><TABLE border=1><thead><tr><th></th><th colspan=\"2\">Fiscal"
      "</th></tr><tr><th></th><th>2019</th><th>2018</th></tr></thead>"
      "<tbody><tr><td>Fixed &amp; other</td><td>$1,452.4</td><td><b>1,146.2</b></td></tr>"
      "<tr><td>Total</td><td>1,496.5</td><td>(12)</td></tr></tbody></TABLE> after";
  const auto tables = html_tables(text);
  ASSERT_EQ(tables.size(), 1u);
  EXPECT_EQ(tables[0].header_rows, 2u);
  EXPECT_EQ(tables[0].rows, (Rows{{"", "Fiscal", ""},
                                  {"", "2019", "2018"},
                                  {"Fixed & other", "$1,452.4", "1,146.2"},
                                  {"Total", "1,496.5", "(12)"}}));
  EXPECT_EQ(text.substr(tables[0].end), " after");
}

TEST(HtmlTables, UnclosedAndEmptyTablesEndCleanly) {
  EXPECT_TRUE(html_tables("<table><tr><td>1</td></tr></table>").empty());  // one cell
  const auto open = html_tables("<table><tr><td>a</td><td>b</td><tr><td>1</td><td>2");
  ASSERT_EQ(open.size(), 1u);
  EXPECT_EQ(open[0].rows, (Rows{{"a", "b"}, {"1", "2"}}));
  EXPECT_TRUE(html_tables("<table").empty());
  EXPECT_TRUE(html_tables("<table><tr><td colspan=999999999999>x&#99999999;&#x;").empty());
}

TEST(DelimitedTable, CsvUnderAHeaderLine) {
  const auto table = delimited_table("city,population\nParis,2100000\n\"Lyon, FR\",520000\n");
  ASSERT_TRUE(table);
  EXPECT_EQ(table->header_rows, 1u);
  EXPECT_EQ(table->rows,
            (Rows{{"city", "population"}, {"Paris", "2100000"}, {"Lyon, FR", "520000"}}));
  EXPECT_FALSE(delimited_table("a, b\nc, d\n"));
}

TEST(TableReaders, ARowKeepsItsFirstColumnsOnly) {
  std::string wide = "| a |";
  for (int i = 0; i < 1000; ++i)
    wide += " 1 |";
  const auto pipe = pipe_tables(wide + "\n" + wide);
  ASSERT_EQ(pipe.size(), 1u);
  EXPECT_EQ(pipe[0].width(), kMaxColumns);
  std::string html = "<table><tr><td>a</td>";
  for (int i = 0; i < 1000; ++i)
    html += "<td colspan=64>1</td>";
  html += "</tr><tr><td>b</td><td>2</td></tr></table>";
  const auto spans = html_tables(html);
  ASSERT_EQ(spans.size(), 1u);
  EXPECT_EQ(spans[0].width(), kMaxColumns);
  std::string csv;
  for (int r = 0; r < 3; ++r) {
    csv += "h";
    for (int i = 0; i < 1000; ++i)
      csv += ",x";
    csv += "\n";
  }
  const auto delimited = delimited_table(csv);
  ASSERT_TRUE(delimited);
  EXPECT_EQ(delimited->width(), kMaxColumns);
}

}  // namespace
}  // namespace groundgate::filters::table
