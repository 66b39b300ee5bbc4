#include "filters/sql/query_shape.h"

#include <gtest/gtest.h>

#include "tests/filters/sql/sql_test_support.h"

namespace groundgate::filters::sql {
namespace {

struct Shaped {
  std::string sql;
  std::vector<Token> tokens;
  std::shared_ptr<const SchemaDatabase> schema = testing::company_schema();
  QueryShape shape;

  explicit Shaped(std::string text)
      : sql(std::move(text)),
        tokens(lex_sql(sql)),
        shape(sql, tokens, *schema,
              [&](std::string_view w) { return names_a_column_or_table(w, *schema); }) {}
};

TEST(QueryShape, ResultColumnsAggregatesAndClauses) {
  const Shaped q(
      "SELECT d.name, count(DISTINCT e.id) AS n FROM departments AS d JOIN employees e ON "
      "e.dept_id = d.id WHERE e.salary > 3000 GROUP BY d.name HAVING count(*) >= 2 ORDER BY n "
      "DESC LIMIT 3");
  ASSERT_EQ(q.shape.cores().size(), 1u);
  const SelectCore& c = *q.shape.top();
  ASSERT_EQ(c.items.size(), 2u);
  EXPECT_TRUE(c.items[0].simple);
  EXPECT_EQ(c.items[0].aggregate, Aggregate::kNone);
  ASSERT_EQ(c.items[0].columns.size(), 1u);
  EXPECT_EQ(c.items[0].columns[0].qualifier, "d");
  EXPECT_EQ(c.items[1].aggregate, Aggregate::kCount);
  EXPECT_TRUE(c.items[1].distinct);
  EXPECT_TRUE(c.items[1].simple);
  ASSERT_EQ(c.from.size(), 2u);
  EXPECT_EQ(c.from[0].table->name, "departments");
  EXPECT_EQ(c.from[0].alias, "d");
  EXPECT_EQ(c.from[1].join, JoinKind::kInner);
  EXPECT_EQ(c.from[1].alias, "e");
  EXPECT_TRUE(c.from[1].constrained);
  ASSERT_EQ(c.comparisons.size(), 1u);
  EXPECT_TRUE(c.comparisons[0].in_on);
  EXPECT_EQ(c.comparisons[0].left.column, "dept_id");
  EXPECT_EQ(q.shape.table_of(0, c.comparisons[0].right)->name, "departments");
  ASSERT_EQ(c.group_by.size(), 1u);
  EXPECT_FALSE(c.having.empty());
  ASSERT_EQ(c.order_by.size(), 1u);
  EXPECT_TRUE(c.order_by[0].descending);
  EXPECT_EQ(c.limit, 3);
  EXPECT_TRUE(q.shape.calls(Aggregate::kCount));
  EXPECT_FALSE(q.shape.calls(Aggregate::kSum));
}

TEST(QueryShape, SubqueriesCompoundsAndCtes) {
  const Shaped q(
      "WITH rich AS (SELECT dept_id FROM employees WHERE salary > (SELECT avg(salary) FROM "
      "employees)) SELECT name FROM departments WHERE id IN (SELECT dept_id FROM rich) UNION "
      "SELECT name FROM employees ORDER BY name LIMIT 5, 10");
  ASSERT_EQ(q.shape.cores().size(), 5u);
  const SelectCore* top = q.shape.top();
  ASSERT_NE(top, nullptr);
  EXPECT_EQ(top->compound, "union");
  EXPECT_TRUE(q.shape.cores()[0].in_cte);
  EXPECT_TRUE(q.shape.calls(Aggregate::kAvg));
  const SelectCore& last = q.shape.cores().back();
  EXPECT_EQ(last.limit, 10);  // LIMIT offset, count
  EXPECT_FALSE(last.order_by[0].descending);
  EXPECT_FALSE(last.order_by[0].explicit_direction);
}

TEST(QueryShape, JoinsWithoutConstraintAndImplicitJoins) {
  const Shaped q(
      "SELECT e.name FROM employees AS e, departments AS d WHERE e.dept_id = d.id AND d.country "
      "= 'France'");
  const SelectCore& c = *q.shape.top();
  ASSERT_EQ(c.from.size(), 2u);
  EXPECT_EQ(c.from[1].join, JoinKind::kComma);
  EXPECT_FALSE(c.from[1].constrained);
  ASSERT_EQ(c.comparisons.size(), 1u);
  EXPECT_FALSE(c.comparisons[0].in_on);

  const Shaped left(
      "SELECT d.name, count(e.id) FROM departments d LEFT JOIN employees e USING "
      "(id) GROUP BY d.name");
  ASSERT_EQ(left.shape.top()->from.size(), 2u);
  EXPECT_EQ(left.shape.top()->from[1].join, JoinKind::kLeft);
  EXPECT_EQ(left.shape.top()->from[1].using_columns, std::vector<std::string>{"id"});
}

TEST(QueryShape, KeywordNamedColumnsAndAliases) {
  // `alter` is an SQLite keyword the German schema uses as a column.
  const Shaped q("SELECT name, \"alter\" a FROM \"sänger\" ORDER BY \"alter\" ASC LIMIT 1");
  const SelectCore& c = *q.shape.top();
  ASSERT_EQ(c.items.size(), 2u);
  EXPECT_TRUE(c.items[1].simple);
  EXPECT_EQ(c.items[1].columns[0].column, "alter");
  EXPECT_TRUE(c.order_by[0].explicit_direction);
  EXPECT_EQ(c.limit, 1);
}

TEST(QueryShape, NeverFailsOnBrokenInput) {
  for (const char* text : {"SELECT", "SELECT (", "SELECT * FROM", ") FROM x", "WITH a AS (",
                           "SELECT count( FROM employees GROUP BY", "DELETE FROM employees"}) {
    const Shaped q(text);
    (void)q.shape.top();
  }
}

}  // namespace
}  // namespace groundgate::filters::sql
