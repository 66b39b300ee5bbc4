#pragma once
// What a column's name and declared type say about its values, for the intent checks: a date
// or year (the oldest has the earliest), an age or duration (the oldest has the highest),
// numeric or text, and whether the name itself is an aggregate ("total_points", "anzahl_x",
// "durchschnitt": a question's "total" or "average" is then answered by reading it).

#include <span>
#include <string_view>

#include "filters/sql/query_shape.h"
#include "filters/sql/schema_database.h"

namespace groundgate::filters::sql {

// The folded name contains one of `parts`.
bool name_has_part(std::string_view name, std::span<const std::string_view> parts);

// A date, a time or a year: its type says so, or its name does and no age word does.
bool date_like(std::string_view name, std::string_view type);

// A rank or a place: the highest rank is the smallest number ("rank", "rang", "platz").
bool rank_like(std::string_view name);

// SQLite's affinity of a declared type: INT, REAL or NUMERIC (true), TEXT, BLOB or none.
bool numeric_type(std::string_view type);
bool integer_type(std::string_view type);

// The column's name says it holds the aggregate already ("total_x" for a sum).
bool name_realizes(std::string_view name, Aggregate aggregate);
// Its sum is a count: the column counts things ("anzahl_x", "number_of_x", "population",
// "bevölkerung", "attendance"): "how many people live in X" sums the population.
bool counts_things(std::string_view name);

// A key by its name: "id", "x_id", "code", "nr", "nummer", "schlüssel", "kennung".
bool key_like_name(std::string_view name);

}  // namespace groundgate::filters::sql
