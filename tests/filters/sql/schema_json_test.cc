#include "filters/sql/schema_json.h"

#include <gtest/gtest.h>

#include "filters/sql/schema_database.h"

namespace groundgate::filters::sql {
namespace {

std::shared_ptr<const SchemaDatabase> built(std::string_view json) {
  const JsonSchema schema = ddl_from_json(json);
  EXPECT_TRUE(schema.ok()) << schema.error;
  return SchemaDatabase::build(schema.statements);
}

TEST(SchemaJson, TablesList) {
  auto db = built(R"js({"tables": [
      {"name": "departments", "columns": [{"name": "id", "type": "INTEGER", "primary_key": true},
                                          "name"]},
      {"name": "employees", "columns": ["id", {"name": "salary", "type": "REAL"},
                                        {"name": "dept_id", "references": "departments(id)"}],
       "foreign_keys": [{"columns": ["dept_id"],
                         "references": {"table": "departments", "columns": ["id"]}}]}]})js");
  EXPECT_TRUE(db->skipped().empty());
  ASSERT_EQ(db->tables().size(), 2u);
  const Table* e = db->find_table("employees");
  ASSERT_NE(e, nullptr);
  ASSERT_EQ(e->columns.size(), 3u);
  EXPECT_EQ(e->columns[1].type, "REAL");
}

TEST(SchemaJson, Shorthand) {
  auto db = built(
      R"js({"employees": ["id", "salary"], "departments": {"id": "INTEGER", "name": "TEXT"}})js");
  ASSERT_EQ(db->tables().size(), 2u);
  EXPECT_NE(db->find_table("departments")->find_column("name"), nullptr);
}

TEST(SchemaJson, SpiderTablesEntry) {
  auto db = built(R"js({"db_id": "x", "table_names_original": ["sänger", "konzert"],
      "column_names_original": [[-1, "*"], [0, "sänger_id"], [0, "name"], [1, "konzert_id"],
                                [1, "sänger_id"]],
      "column_types": ["text", "number", "text", "number", "number"],
      "primary_keys": [1, 3], "foreign_keys": [[4, 1]]})js");
  ASSERT_EQ(db->tables().size(), 2u);
  EXPECT_EQ(db->find_table("konzert")->columns.size(), 2u);
}

TEST(SchemaJson, TypesCannotInjectStatements) {
  const JsonSchema schema =
      ddl_from_json(R"js({"t": {"a": "INT); DROP TABLE x; --", "b": "VARCHAR(20)"}})js");
  ASSERT_TRUE(schema.ok());
  ASSERT_EQ(schema.statements.size(), 1u);
  EXPECT_EQ(schema.statements[0], "CREATE TABLE \"t\" (\"a\", \"b\" VARCHAR(20));");
}

TEST(SchemaJson, ErrorsSayWhatIsWrong) {
  EXPECT_EQ(ddl_from_json("[1]").error, "a table that is not an object");
  EXPECT_EQ(ddl_from_json(R"js({"tables": [{"columns": []}]})js").error,
            "a table without a \"name\" string");
  EXPECT_EQ(ddl_from_json("{}").error, "no tables");
  EXPECT_FALSE(ddl_from_json("not json").ok());
}

}  // namespace
}  // namespace groundgate::filters::sql
