#include "filters/sql/column_domain.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "filters/sql/name_distance.h"
#include "filters/sql/predicates.h"
#include "filters/sql/query_shape.h"
#include "filters/sql/sql_lexer.h"
#include "filters/text/utf8.h"

namespace groundgate::filters::sql {
namespace {

constexpr std::size_t kMaxSampleValues = 200;
constexpr std::size_t kMaxValueBytes = 40;

// Words that make a comment's list the whole domain.
constexpr std::array<std::string_view, 14> kClosedCues{
    "one of", "either",    "values",    "possible", "allowed", "enum",     "only",
    "can be", "eines von", "einer von", "entweder", "werte",   "mögliche", "nur"};
// Words that make it examples.
constexpr std::array<std::string_view, 6> kExampleCues{"e.g.",    "z.b.",         "for example",
                                                       "such as", "zum beispiel", "like"};

void add_value(std::vector<std::string>& values, std::string v) {
  if (v.empty() || v.size() > kMaxValueBytes) return;
  if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(std::move(v));
}

ColumnDomain from_check(const Table& table, const Column& column, const SchemaDatabase& schema) {
  ColumnDomain out;
  const std::string_view sql = table.sql;
  if (sql.empty()) return out;
  const std::vector<Token> tokens = lex_sql(sql, 4096);
  const NamesSomething names = [&](std::string_view w) {
    return names_a_column_or_table(w, schema);
  };
  for (std::size_t i = 0; i + 1 < tokens.size(); ++i) {
    if (!tokens[i].is(sql, "check") || tokens[i + 1].text(sql) != "(") continue;
    std::size_t end = i + 1;
    for (int depth = 0; end < tokens.size(); ++end) {
      const std::string_view p = tokens[end].text(sql);
      if (tokens[end].kind != TokenKind::kPunctuation) continue;
      if (p == "(") ++depth;
      if (p == ")" && --depth == 0) break;
    }
    const std::span<const Token> group(tokens.data() + i + 2,
                                       std::min(end, tokens.size()) - (i + 2));
    bool has_or = false;
    for (const Token& t : group)
      has_or = has_or || t.is(sql, "or");
    std::vector<std::string> values;
    bool other_column = false;
    for (const Predicate& p : find_predicates(sql, group, names)) {
      if (!same_name(p.column, column.name)) {
        other_column = true;
        continue;
      }
      if (p.op != "=" && p.op != "in") return {};  // a range, not a list
      for (const Literal& l : p.values)
        add_value(values, l.value);
    }
    if (!values.empty() && !(has_or && other_column)) {
      out.values = std::move(values);
      out.closed = true;
      out.source = "CHECK constraint";
      return out;
    }
    i = end;
  }
  return out;
}

bool contains(std::string_view text, std::string_view word) {
  return text.find(word) != std::string_view::npos;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
    s.remove_prefix(1);
  while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.back())) || s.back() == '.'))
    s.remove_suffix(1);
  return s;
}

// "M: male, F: female", "1 = yes; 0 = no": the values a legend explains.
std::vector<std::string> legend(std::string_view comment) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= comment.size(); ++i) {
    if (i < comment.size() && comment[i] != ',' && comment[i] != ';' && comment[i] != '|') continue;
    const std::string_view piece = trim(comment.substr(start, i - start));
    start = i + 1;
    std::size_t sep = piece.find_first_of(":=");
    if (sep == std::string_view::npos || sep == 0) continue;
    std::string_view value = trim(piece.substr(0, sep));
    if (value.size() >= 2 && (value.front() == '\'' || value.front() == '"') &&
        value.back() == value.front()) {
      value = value.substr(1, value.size() - 2);
    }
    if (value.empty() || value.size() > 16 || value.find(' ') != std::string_view::npos ||
        trim(piece.substr(sep + 1)).empty()) {
      continue;
    }
    add_value(out, std::string(value));
  }
  return out;
}

}  // namespace

ColumnDomain domain_of_comment(std::string_view comment) {
  ColumnDomain out;
  if (comment.empty()) return out;
  const std::string lower = fold_name(comment);
  std::vector<std::string> quoted;
  for (std::size_t i = 0; i < comment.size(); ++i) {
    const char q = comment[i];
    if (q != '\'' && q != '"') continue;
    // An apostrophe inside a word ("company's") quotes nothing.
    if (q == '\'' && i > 0 && std::isalpha(static_cast<unsigned char>(comment[i - 1]))) continue;
    const std::size_t end = comment.find(q, i + 1);
    if (end == std::string_view::npos) break;
    add_value(quoted, std::string(comment.substr(i + 1, end - i - 1)));
    i = end;
  }
  const bool examples = std::any_of(kExampleCues.begin(), kExampleCues.end(),
                                    [&](std::string_view w) { return contains(lower, w); });
  const bool closed =
      !examples && std::any_of(kClosedCues.begin(), kClosedCues.end(),
                               [&](std::string_view w) { return contains(lower, w); });
  if (quoted.size() >= 2) {
    out.values = std::move(quoted);
    out.closed = closed;
  } else if (std::vector<std::string> l = legend(comment); l.size() >= 2) {
    out.values = std::move(l);
    out.closed = !examples;
  }
  if (!out.values.empty()) out.source = "comment";
  return out;
}

ColumnDomain column_domain(const SchemaDatabase& schema, const Table& table, const Column& column) {
  if (ColumnDomain d = from_check(table, column, schema); !d.empty()) return d;
  if (ColumnDomain d = domain_of_comment(column.comment); !d.empty()) return d;
  ColumnDomain d;
  d.values = schema.sample_values(table.name, column.name, kMaxSampleValues);
  if (!d.values.empty()) d.source = "sample rows";
  return d;
}

}  // namespace groundgate::filters::sql
