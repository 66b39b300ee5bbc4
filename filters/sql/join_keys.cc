#include "filters/sql/join_keys.h"

#include <algorithm>
#include <array>

#include "filters/sql/column_words.h"
#include "filters/sql/name_distance.h"

namespace groundgate::filters::sql {
namespace {

constexpr std::array<std::string_view, 6> kKeySuffixes{"_id", "id", "_code", "_nr", "_key", "_no"};
// Plural and inflection endings, longest first: "airlines", "countries", "länder", "flüge".
constexpr std::array<std::string_view, 6> kEndings{"ies", "es", "en", "er", "s", "e"};

std::string without_key_suffix(std::string name) {
  for (std::string_view s : kKeySuffixes) {
    if (name.size() > s.size() + 2 && name.ends_with(s)) {
      name.resize(name.size() - s.size());
      break;
    }
  }
  while (!name.empty() && name.back() == '_')
    name.pop_back();
  return name;
}

std::string singular(std::string name) {
  for (std::string_view e : kEndings) {
    if (name.size() > e.size() + 3 && name.ends_with(e)) {
      name.resize(name.size() - e.size());
      break;
    }
  }
  return name;
}

// The column's name, its key suffix removed, is the table's name in another number or case.
bool named_after(std::string_view column, const Table& table) {
  const std::string c = without_key_suffix(fold_name(column));
  const std::string t = fold_name(table.name);
  if (c.size() < 4) return false;
  if (c == t || singular(c) == singular(t)) return true;
  return (c.size() >= 5 && t.starts_with(c)) || (t.size() >= 5 && c.starts_with(t));
}

const Column* single_primary_key(const Table& t) {
  const Column* pk = nullptr;
  for (const Column& c : t.columns) {
    if (!c.primary_key) continue;
    if (pk != nullptr) return nullptr;
    pk = &c;
  }
  return pk;
}

void add(std::vector<JoinKey>& out, std::string left, std::string right, KeySource source) {
  const bool seen = std::any_of(out.begin(), out.end(), [&](const JoinKey& k) {
    return same_name(k.left_column, left) && same_name(k.right_column, right);
  });
  if (!seen) out.push_back({std::move(left), std::move(right), source});
}

std::vector<std::string> referenced(const ForeignKey& fk, const Table& target) {
  if (!fk.references.empty()) return fk.references;
  std::vector<std::string> pk;
  for (const Column& c : target.columns) {
    if (c.primary_key) pk.push_back(c.name);
  }
  return pk;
}

void declared(const Table& from, const Table& to, bool from_is_left, std::vector<JoinKey>& out) {
  for (const ForeignKey& fk : from.foreign_keys) {
    if (!same_name(fk.table, to.name)) continue;
    const std::vector<std::string> refs = referenced(fk, to);
    for (std::size_t k = 0; k < fk.columns.size() && k < refs.size(); ++k) {
      if (from_is_left) {
        add(out, fk.columns[k], refs[k], KeySource::kDeclared);
      } else {
        add(out, refs[k], fk.columns[k], KeySource::kDeclared);
      }
    }
  }
}

// Columns of `from` named after `to` or after its primary key, paired with that key.
void by_name(const Table& from, const Table& to, bool from_is_left, std::vector<JoinKey>& out) {
  const Column* pk = single_primary_key(to);
  if (pk == nullptr) return;
  const std::string pk_base = without_key_suffix(fold_name(pk->name));
  for (const Column& c : from.columns) {
    if (same_name(c.name, pk->name)) continue;
    if (!named_after(c.name, to) && without_key_suffix(fold_name(c.name)) != pk_base) continue;
    if (from_is_left) {
      add(out, c.name, pk->name, KeySource::kNamedAfterTable);
    } else {
      add(out, pk->name, c.name, KeySource::kNamedAfterTable);
    }
  }
}

}  // namespace

std::vector<JoinKey> join_keys(const SchemaDatabase&, const Table& left, const Table& right) {
  std::vector<JoinKey> out;
  declared(left, right, true, out);
  declared(right, left, false, out);
  for (const Column& c : left.columns) {
    const Column* r = right.find_column(c.name);
    if (r == nullptr || fold_name(c.name) == "id") continue;
    if (c.primary_key || r->primary_key || key_like_name(c.name)) {
      add(out, c.name, r->name, KeySource::kSameName);
    }
  }
  by_name(left, right, true, out);
  by_name(right, left, false, out);
  return out;
}

bool is_join_key(const SchemaDatabase& schema, const Table& left, std::string_view x,
                 const Table& right, std::string_view y) {
  for (const JoinKey& k : join_keys(schema, left, right)) {
    if (same_name(k.left_column, x) && same_name(k.right_column, y)) return true;
  }
  return false;
}

}  // namespace groundgate::filters::sql
