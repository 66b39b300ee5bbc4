#include "filters/sql/schema_json.h"

#include <simdjson.h>

#include <cctype>
#include <cstdint>
#include <optional>

#include "filters/sql/sql_lexer.h"

namespace groundgate::filters::sql {
namespace {

namespace dom = simdjson::dom;

constexpr std::size_t kMaxTables = 2000;
constexpr std::size_t kMaxColumns = 2000;
constexpr std::size_t kMaxNameBytes = 256;

struct ColumnSpec {
  std::string name;
  std::string type;
  bool primary_key = false;
  bool not_null = false;
  std::string references;  // "table(column)" or "table"
};

struct ForeignKey {
  std::vector<std::string> columns;
  std::string table;
  std::vector<std::string> referenced;
};

struct TableSpec {
  std::string name;
  std::vector<ColumnSpec> columns;
  std::vector<std::string> primary_key;
  std::vector<ForeignKey> foreign_keys;
};

std::optional<std::string_view> string_of(dom::element e) {
  std::string_view s;
  if (e.get_string().get(s) != simdjson::SUCCESS) return std::nullopt;
  return s;
}

std::optional<std::string_view> member_string(dom::object o, std::string_view key) {
  dom::element e;
  if (o.at_key(key).get(e) != simdjson::SUCCESS) return std::nullopt;
  return string_of(e);
}

bool member_bool(dom::object o, std::string_view key) {
  bool b = false;
  dom::element e;
  return o.at_key(key).get(e) == simdjson::SUCCESS && e.get_bool().get(b) == simdjson::SUCCESS && b;
}

// A list of names, or one name.
std::vector<std::string> names_of(dom::element e) {
  std::vector<std::string> out;
  if (auto s = string_of(e)) {
    out.emplace_back(*s);
    return out;
  }
  dom::array a;
  if (e.get_array().get(a) != simdjson::SUCCESS) return out;
  for (dom::element item : a) {
    if (auto s = string_of(item)) out.emplace_back(*s);
  }
  return out;
}

// A type is written into the statement as is: only letters, digits, spaces, parentheses and
// commas (VARCHAR(20), DECIMAL(10, 2)), so it cannot end the statement.
std::string safe_type(std::string_view type) {
  for (char c : type) {
    const auto u = static_cast<unsigned char>(c);
    if (!(std::isalnum(u) || c == ' ' || c == '(' || c == ')' || c == ',' || c == '_')) return {};
  }
  int depth = 0;
  for (char c : type) {
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    if (depth < 0) return {};
  }
  return depth == 0 ? std::string(type.substr(0, kMaxNameBytes)) : std::string();
}

std::optional<ColumnSpec> column_of(dom::element e) {
  ColumnSpec c;
  if (auto s = string_of(e)) {
    c.name = *s;
    return c;
  }
  dom::object o;
  if (e.get_object().get(o) != simdjson::SUCCESS) return std::nullopt;
  auto name = member_string(o, "name");
  if (!name) return std::nullopt;
  c.name = *name;
  c.type = safe_type(member_string(o, "type").value_or(""));
  c.primary_key = member_bool(o, "primary_key");
  c.not_null = member_bool(o, "not_null");
  dom::element ref;
  if (o.at_key("references").get(ref) == simdjson::SUCCESS) {
    if (auto s = string_of(ref)) {
      c.references = *s;
    } else if (dom::object r; ref.get_object().get(r) == simdjson::SUCCESS) {
      if (auto table = member_string(r, "table")) {
        c.references = quote_identifier(*table);
        if (auto column = member_string(r, "column"))
          c.references += "(" + quote_identifier(*column) + ")";
      }
    }
  }
  return c;
}

// "departments(id)" → "departments"("id"); anything unexpected: no reference.
std::string reference_clause(std::string_view written) {
  if (written.starts_with('"')) return std::string(written);  // built by column_of
  const std::size_t open = written.find('(');
  std::string_view table = written.substr(0, open);
  while (!table.empty() && table.back() == ' ')
    table.remove_suffix(1);
  if (table.empty()) return {};
  std::string out = quote_identifier(table);
  if (open != std::string_view::npos) {
    const std::size_t close = written.find(')', open);
    if (close == std::string_view::npos) return {};
    std::string_view column = written.substr(open + 1, close - open - 1);
    out += "(" + quote_identifier(column) + ")";
  }
  return out;
}

std::string quoted_list(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) {
    if (!out.empty()) out += ", ";
    out += quote_identifier(n);
  }
  return out;
}

std::string create_statement(const TableSpec& t) {
  std::string out = "CREATE TABLE " + quote_identifier(t.name) + " (";
  bool first = true;
  const bool table_key = !t.primary_key.empty();
  std::size_t inline_keys = 0;
  for (const ColumnSpec& c : t.columns)
    inline_keys += c.primary_key ? 1 : 0;
  std::vector<std::string> keys = t.primary_key;
  for (const ColumnSpec& c : t.columns) {
    if (!first) out += ", ";
    first = false;
    out += quote_identifier(c.name);
    if (!c.type.empty()) out += " " + c.type;
    if (c.primary_key && !table_key && inline_keys == 1) out += " PRIMARY KEY";
    if (c.primary_key && !table_key && inline_keys > 1) keys.push_back(c.name);
    if (c.not_null) out += " NOT NULL";
    if (!c.references.empty()) {
      const std::string clause = reference_clause(c.references);
      if (!clause.empty()) out += " REFERENCES " + clause;
    }
  }
  if (!keys.empty()) out += ", PRIMARY KEY (" + quoted_list(keys) + ")";
  for (const ForeignKey& fk : t.foreign_keys) {
    if (fk.columns.empty() || fk.table.empty()) continue;
    out +=
        ", FOREIGN KEY (" + quoted_list(fk.columns) + ") REFERENCES " + quote_identifier(fk.table);
    if (!fk.referenced.empty()) out += " (" + quoted_list(fk.referenced) + ")";
  }
  out += ");";
  return out;
}

bool valid_name(std::string_view name) {
  return !name.empty() && name.size() <= kMaxNameBytes;
}

// {"name": ..., "columns": [...], "primary_key": [...], "foreign_keys": [...]}
std::optional<TableSpec> table_of(dom::object o, std::string& error) {
  TableSpec t;
  auto name = member_string(o, "name");
  if (!name || !valid_name(*name)) {
    error = "a table without a \"name\" string";
    return std::nullopt;
  }
  t.name = *name;
  dom::array columns;
  if (o.at_key("columns").get_array().get(columns) != simdjson::SUCCESS) {
    error = "table \"" + t.name + "\": no \"columns\" list";
    return std::nullopt;
  }
  for (dom::element c : columns) {
    auto column = column_of(c);
    if (!column || !valid_name(column->name)) {
      error = "table \"" + t.name + "\": a column without a name";
      return std::nullopt;
    }
    if (t.columns.size() == kMaxColumns) break;
    t.columns.push_back(std::move(*column));
  }
  if (dom::element pk; o.at_key("primary_key").get(pk) == simdjson::SUCCESS) {
    t.primary_key = names_of(pk);
  }
  dom::array fks;
  if (o.at_key("foreign_keys").get_array().get(fks) == simdjson::SUCCESS) {
    for (dom::element e : fks) {
      dom::object fk;
      if (e.get_object().get(fk) != simdjson::SUCCESS) continue;
      ForeignKey key;
      if (dom::element cols; fk.at_key("columns").get(cols) == simdjson::SUCCESS) {
        key.columns = names_of(cols);
      }
      dom::element ref;
      if (fk.at_key("references").get(ref) != simdjson::SUCCESS) continue;
      if (dom::object r; ref.get_object().get(r) == simdjson::SUCCESS) {
        key.table = member_string(r, "table").value_or("");
        if (dom::element cols; r.at_key("columns").get(cols) == simdjson::SUCCESS) {
          key.referenced = names_of(cols);
        }
      } else if (auto s = string_of(ref)) {
        key.table = *s;
      }
      t.foreign_keys.push_back(std::move(key));
    }
  }
  return t;
}

// {"table": ["c1", ...] | {"c1": "TYPE", ...} | [{"name": ...}, ...], ...}
std::optional<TableSpec> shorthand_table(std::string_view name, dom::element value,
                                         std::string& error) {
  TableSpec t;
  t.name = name;
  if (!valid_name(name)) {
    error = "an empty or over-long table name";
    return std::nullopt;
  }
  if (dom::object columns; value.get_object().get(columns) == simdjson::SUCCESS) {
    for (auto [column, type] : columns) {
      if (!valid_name(column) || t.columns.size() == kMaxColumns) continue;
      ColumnSpec c;
      c.name = column;
      c.type = safe_type(string_of(type).value_or(""));
      t.columns.push_back(std::move(c));
    }
  } else if (dom::array columns; value.get_array().get(columns) == simdjson::SUCCESS) {
    for (dom::element e : columns) {
      auto c = column_of(e);
      if (!c || !valid_name(c->name) || t.columns.size() == kMaxColumns) continue;
      t.columns.push_back(std::move(*c));
    }
  } else {
    error = "table \"" + t.name + "\": columns must be a list or an object";
    return std::nullopt;
  }
  if (t.columns.empty()) {
    error = "table \"" + t.name + "\": no columns";
    return std::nullopt;
  }
  return t;
}

// Spider's tables.json entry.
std::vector<TableSpec> spider_tables(dom::object o) {
  std::vector<TableSpec> tables;
  dom::array names, columns, types, keys, fks;
  if (o.at_key("table_names_original").get_array().get(names) != simdjson::SUCCESS ||
      o.at_key("column_names_original").get_array().get(columns) != simdjson::SUCCESS) {
    return tables;
  }
  for (dom::element n : names) {
    if (tables.size() == kMaxTables) break;
    TableSpec t;
    t.name = string_of(n).value_or("");
    tables.push_back(std::move(t));
  }
  const bool typed = o.at_key("column_types").get_array().get(types) == simdjson::SUCCESS;
  // Column i of the list: its table and name (index 0 is "*", table -1).
  std::vector<std::pair<std::int64_t, std::string>> all;
  std::size_t i = 0;
  for (dom::element c : columns) {
    dom::array pair;
    std::int64_t table = -1;
    std::string_view name;
    if (c.get_array().get(pair) == simdjson::SUCCESS && pair.size() == 2 &&
        pair.at(0).get_int64().get(table) == simdjson::SUCCESS &&
        pair.at(1).get_string().get(name) == simdjson::SUCCESS) {
      all.emplace_back(table, std::string(name));
      if (table >= 0 && static_cast<std::size_t>(table) < tables.size() &&
          tables[table].columns.size() < kMaxColumns && valid_name(name)) {
        ColumnSpec spec;
        spec.name = name;
        std::string_view type;
        if (typed && types.at(i).get_string().get(type) == simdjson::SUCCESS) {
          spec.type = safe_type(type == "time" || type == "others" ? "" : type);
        }
        tables[table].columns.push_back(std::move(spec));
      }
    } else {
      all.emplace_back(-1, "");
    }
    ++i;
  }
  const auto column_at = [&](std::int64_t index) -> const std::pair<std::int64_t, std::string>* {
    if (index < 0 || static_cast<std::size_t>(index) >= all.size()) return nullptr;
    const auto& c = all[static_cast<std::size_t>(index)];
    return c.first >= 0 && static_cast<std::size_t>(c.first) < tables.size() ? &c : nullptr;
  };
  if (o.at_key("foreign_keys").get_array().get(fks) == simdjson::SUCCESS) {
    for (dom::element e : fks) {
      dom::array pair;
      std::int64_t from = -1, to = -1;
      if (e.get_array().get(pair) != simdjson::SUCCESS || pair.size() != 2 ||
          pair.at(0).get_int64().get(from) != simdjson::SUCCESS ||
          pair.at(1).get_int64().get(to) != simdjson::SUCCESS) {
        continue;
      }
      const auto* a = column_at(from);
      const auto* b = column_at(to);
      if (a == nullptr || b == nullptr) continue;
      tables[a->first].foreign_keys.push_back({{a->second}, tables[b->first].name, {b->second}});
    }
  }
  std::erase_if(tables,
                [](const TableSpec& t) { return !valid_name(t.name) || t.columns.empty(); });
  return tables;
}

}  // namespace

JsonSchema ddl_from_json(std::string_view json) {
  JsonSchema out;
  dom::parser parser;
  dom::element root;
  if (auto e = parser.parse(json.data(), json.size()).get(root); e != simdjson::SUCCESS) {
    out.error = std::string("not JSON: ") + simdjson::error_message(e);
    return out;
  }
  std::vector<TableSpec> tables;
  std::optional<dom::array> list;
  dom::object object;
  if (dom::array a; root.get_array().get(a) == simdjson::SUCCESS) {
    list = a;
  } else if (root.get_object().get(object) != simdjson::SUCCESS) {
    out.error = "a schema must be a JSON object or a list of tables";
    return out;
  } else if (dom::element t; object.at_key("tables").get(t) == simdjson::SUCCESS) {
    if (dom::array a; t.get_array().get(a) == simdjson::SUCCESS) {
      list = a;
    } else {
      out.error = "\"tables\" is not a list";
      return out;
    }
  } else if (object.at_key("table_names_original").error() == simdjson::SUCCESS) {
    tables = spider_tables(object);
    if (tables.empty()) out.error = "a Spider schema without tables or columns";
  } else {
    for (auto [name, value] : object) {
      if (tables.size() == kMaxTables) break;
      auto table = shorthand_table(name, value, out.error);
      if (!table) return out;
      tables.push_back(std::move(*table));
    }
  }
  if (list) {
    for (dom::element e : *list) {
      if (tables.size() == kMaxTables) break;
      dom::object o;
      if (e.get_object().get(o) != simdjson::SUCCESS) {
        out.error = "a table that is not an object";
        return out;
      }
      auto table = table_of(o, out.error);
      if (!table) return out;
      tables.push_back(std::move(*table));
    }
  }
  if (!out.ok()) return out;
  if (tables.empty()) {
    out.error = "no tables";
    return out;
  }
  for (const TableSpec& t : tables)
    out.statements.push_back(create_statement(t));
  return out;
}

}  // namespace groundgate::filters::sql
