#pragma once
// The column pairs two tables are meant to be joined on, from the schema alone:
// - declared: a FOREIGN KEY (or REFERENCES) of either table to the other;
// - same name: a column both tables have that is a primary key in one of them, or named like
//   a key (`singer_id`, `code`), but not a bare `id` both use as their own key;
// - named after the table: a key-like column of one table named after the other table (or
//   after its primary key: `airline` for `airlines`.`airline_id`) paired with that primary
//   key, plural and singular forms and German inflections allowed.
// With a database the join check also accepts any pair whose values meet (join_check.cc).

#include <string>
#include <string_view>
#include <vector>

#include "filters/sql/schema_database.h"

namespace groundgate::filters::sql {

enum class KeySource : std::uint8_t { kDeclared, kSameName, kNamedAfterTable };

// `left`.`left_column` = `right`.`right_column`.
struct JoinKey {
  std::string left_column;
  std::string right_column;
  KeySource source = KeySource::kDeclared;
};

// The pairs joining `left` to `right` (columns in that order), declared ones first.
std::vector<JoinKey> join_keys(const SchemaDatabase& schema, const Table& left, const Table& right);

// Whether `left`.`x` = `right`.`y` is one of them (either way round).
bool is_join_key(const SchemaDatabase& schema, const Table& left, std::string_view x,
                 const Table& right, std::string_view y);

}  // namespace groundgate::filters::sql
