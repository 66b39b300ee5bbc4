#include "filters/sql/query_shape.h"

#include <algorithm>
#include <array>
#include <charconv>

#include "filters/sql/name_distance.h"
#include "filters/sql/query_names.h"
#include "filters/text/utf8.h"

namespace groundgate::filters::sql {
namespace {

constexpr std::size_t kNone = static_cast<std::size_t>(-1);

constexpr std::array<std::string_view, 7> kClauseWords{"from",  "where", "group", "having",
                                                       "order", "limit", "window"};
constexpr std::array<std::string_view, 3> kCompoundWords{"union", "intersect", "except"};
constexpr std::array<std::string_view, 8> kJoinWords{"natural", "left",  "right", "full",
                                                     "outer",   "inner", "cross", "join"};
constexpr std::array<std::string_view, 8> kComparisonOps{"=", "==", "!=", "<>",
                                                         "<", "<=", ">",  ">="};

struct AggregateName {
  std::string_view name;
  Aggregate aggregate;
};
constexpr std::array<AggregateName, 6> kAggregates{{{"count", Aggregate::kCount},
                                                    {"sum", Aggregate::kSum},
                                                    {"total", Aggregate::kSum},
                                                    {"avg", Aggregate::kAvg},
                                                    {"min", Aggregate::kMin},
                                                    {"max", Aggregate::kMax}}};

template <std::size_t N>
bool one_of(const Token& t, std::string_view sql, const std::array<std::string_view, N>& words) {
  if (t.kind != TokenKind::kWord) return false;
  return std::any_of(words.begin(), words.end(), [&](std::string_view w) { return t.is(sql, w); });
}

bool comparison_op(std::string_view op) {
  return std::find(kComparisonOps.begin(), kComparisonOps.end(), op) != kComparisonOps.end();
}

class ShapeReader {
 public:
  ShapeReader(std::string_view sql, std::span<const Token> tokens, const SchemaDatabase& schema,
              const NamesSomething& names, std::vector<SelectCore>& cores)
      : sql_(sql), tokens_(tokens), schema_(schema), names_(names), cores_(cores) {
    match_.assign(tokens.size(), kNone);
    std::vector<std::size_t> open;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      if (punct(i, '(')) {
        open.push_back(i);
      } else if (punct(i, ')') && !open.empty()) {
        match_[open.back()] = i;
        match_[i] = open.back();
        open.pop_back();
      }
    }
  }

  // The first statement; returns the index of the token after it.
  std::size_t statement() {
    std::size_t end = 0;
    while (end < tokens_.size() && !punct(end, ';')) {
      end = punct(end, '(') && match_[end] != kNone ? match_[end] + 1 : end + 1;
    }
    std::size_t i = 0;
    if (word(i, "explain")) return end;  // not a query the checks read
    query(i, end, 0, -1, false);
    return end;
  }

 private:
  bool punct(std::size_t i, char c) const {
    return i < tokens_.size() && tokens_[i].kind == TokenKind::kPunctuation &&
           tokens_[i].text(sql_).front() == c;
  }
  bool word(std::size_t i, std::string_view w) const {
    return i < tokens_.size() && tokens_[i].kind == TokenKind::kWord && tokens_[i].is(sql_, w);
  }
  bool op(std::size_t i, std::string_view o) const {
    return i < tokens_.size() && tokens_[i].kind == TokenKind::kOperator &&
           tokens_[i].text(sql_) == o;
  }
  // The index after the parenthesised group opened at i (i + 1 when unmatched).
  std::size_t after_group(std::size_t i) const {
    return match_[i] != kNone ? match_[i] + 1 : i + 1;
  }
  // A name: a quoted identifier (not a string by SQLite's DQS reading), or a bare word that
  // is no keyword or that the schema uses as a name.
  bool name(std::size_t i) const {
    if (i >= tokens_.size()) return false;
    const Token& t = tokens_[i];
    if (t.kind == TokenKind::kQuoted) return t.quote != '"' || names_(unquote(t, sql_));
    if (t.kind != TokenKind::kWord) return false;
    const std::string_view w = t.text(sql_);
    return !is_keyword(w) || names_a_column_or_table(w, schema_);
  }
  // A bare alias (T1, cnt): a name that is not a keyword.
  bool alias_word(std::size_t i) const {
    if (i >= tokens_.size()) return false;
    const Token& t = tokens_[i];
    if (t.kind == TokenKind::kQuoted) return true;
    return t.kind == TokenKind::kWord && !is_keyword(t.text(sql_));
  }
  std::size_t begin_of(std::size_t i) const {
    return i < tokens_.size() ? tokens_[i].begin : sql_.size();
  }
  std::size_t end_of(std::size_t i) const { return tokens_[i].end; }

  // [b, e) split at commas outside parentheses.
  std::vector<std::pair<std::size_t, std::size_t>> split(std::size_t b, std::size_t e) const {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    std::size_t start = b;
    for (std::size_t i = b; i < e;) {
      if (punct(i, '(')) {
        i = after_group(i);
        continue;
      }
      if (punct(i, ',')) {
        if (i > start) out.emplace_back(start, i);
        start = i + 1;
      }
      ++i;
    }
    if (e > start) out.emplace_back(start, e);
    return out;
  }

  // A query in [b, e): WITH, then SELECTs joined by compound operators.
  void query(std::size_t b, std::size_t e, int depth, int parent, bool cte) {
    std::size_t i = b;
    if (word(i, "with")) {
      ++i;
      if (word(i, "recursive")) ++i;
      while (i < e && cores_.size() < QueryShape::kMaxCores) {
        ++i;                                    // the CTE's name
        if (punct(i, '(')) i = after_group(i);  // its column names
        if (word(i, "as")) ++i;
        if (word(i, "not")) ++i;
        if (word(i, "materialized")) ++i;
        if (!punct(i, '(')) return;
        if (match_[i] != kNone) query(i + 1, match_[i], depth + 1, parent, true);
        i = after_group(i);
        if (!punct(i, ',')) break;
        ++i;
      }
    }
    while (i < e && word(i, "select") && cores_.size() < QueryShape::kMaxCores) {
      const std::size_t index = cores_.size();
      i = core(i, e, depth, parent, cte);
      if (i >= e || !one_of(tokens_[i], sql_, kCompoundWords)) break;
      std::string compound = text::ascii_lower(tokens_[i].text(sql_));
      ++i;
      if (word(i, "all")) {
        compound += " all";
        ++i;
      }
      cores_[index].compound = std::move(compound);
    }
  }

  // Subqueries anywhere in [b, e) (in parentheses, starting with SELECT or WITH).
  void nested(std::size_t b, std::size_t e, int depth, int parent) {
    for (std::size_t i = b; i < e && cores_.size() < QueryShape::kMaxCores; ++i) {
      if (!punct(i, '(') || match_[i] == kNone) continue;
      if (word(i + 1, "select") || word(i + 1, "with")) {
        query(i + 1, match_[i], depth, parent, false);
        i = match_[i];
      }
    }
  }

  // One SELECT at s; returns the index after its last clause.
  std::size_t core(std::size_t s, std::size_t e, int depth, int parent, bool cte) {
    const int index = static_cast<int>(cores_.size());
    cores_.emplace_back();
    SelectCore c;
    c.begin = begin_of(s);
    c.depth = depth;
    c.parent = parent;
    c.in_cte = cte;
    struct Clause {
      std::string_view word;
      std::size_t at;
    };
    std::vector<Clause> clauses;
    std::size_t j = s + 1;
    for (; j < e; ++j) {
      if (punct(j, '(')) {
        j = after_group(j) - 1;
        continue;
      }
      if (punct(j, ';') || punct(j, ')') || one_of(tokens_[j], sql_, kCompoundWords)) break;
      for (std::string_view w : kClauseWords) {
        if (word(j, w)) clauses.push_back({w, j});
      }
    }
    const std::size_t core_end = j;
    c.end = core_end > s ? end_of(core_end - 1) : c.begin;
    const auto clause_end = [&](std::size_t k) {
      return k + 1 < clauses.size() ? clauses[k + 1].at : core_end;
    };
    std::size_t list = s + 1;
    if (word(list, "distinct")) {
      c.distinct = true;
      ++list;
    } else if (word(list, "all")) {
      ++list;
    }
    const std::size_t list_end = clauses.empty() ? core_end : clauses.front().at;
    for (const auto& [b, en] : split(list, list_end))
      c.items.push_back(value(b, strip_alias(b, en)));
    nested(list, list_end, depth + 1, index);
    for (std::size_t k = 0; k < clauses.size(); ++k) {
      const std::size_t b = clauses[k].at + 1, en = clause_end(k);
      const std::string_view w = clauses[k].word;
      nested(b, en, depth + 1, index);
      if (w == "from") {
        from(b, en, c);
      } else if (w == "where") {
        c.where = {begin_of(clauses[k].at), en > b ? end_of(en - 1) : end_of(clauses[k].at)};
        comparisons(b, en, false, c);
      } else if (w == "group" && word(b, "by")) {
        c.group_span = {begin_of(clauses[k].at), en > b + 1 ? end_of(en - 1) : end_of(b)};
        for (const auto& [kb, ke] : split(b + 1, en))
          c.group_by.push_back(value(kb, ke));
      } else if (w == "having") {
        c.having = {begin_of(clauses[k].at), en > b ? end_of(en - 1) : end_of(clauses[k].at)};
        c.having_value = value(b, en);
      } else if (w == "order" && word(b, "by")) {
        c.order_span = {begin_of(clauses[k].at), en > b + 1 ? end_of(en - 1) : end_of(b)};
        for (const auto& [kb, ke] : split(b + 1, en))
          c.order_by.push_back(order_key(kb, ke));
      } else if (w == "limit") {
        c.limit_span = {begin_of(clauses[k].at), en > b ? end_of(en - 1) : end_of(clauses[k].at)};
        c.limit = limit(b, en);
      }
    }
    cores_[static_cast<std::size_t>(index)] = std::move(c);
    return core_end;
  }

  // [b, e) without a trailing alias (`AS x`, or a bare name after a complete value).
  std::size_t strip_alias(std::size_t b, std::size_t e) const {
    if (e >= b + 3 && word(e - 2, "as")) return e - 2;
    if (e >= b + 2 && alias_word(e - 1) &&
        (punct(e - 2, ')') || (name(e - 2) && !punct(e - 3, '.') && !word(e - 2, "distinct")))) {
      return e - 1;
    }
    return e;
  }

  std::optional<Aggregate> aggregate_at(std::size_t i) const {
    if (i >= tokens_.size() || tokens_[i].kind != TokenKind::kWord || !punct(i + 1, '(')) {
      return std::nullopt;
    }
    for (const AggregateName& a : kAggregates) {
      if (!tokens_[i].is(sql_, a.name)) continue;
      // min(a, b) and max(a, b) are scalar functions; `... OVER (...)` a window.
      if ((a.aggregate == Aggregate::kMin || a.aggregate == Aggregate::kMax) &&
          match_[i + 1] != kNone && split(i + 2, match_[i + 1]).size() > 1) {
        return std::nullopt;
      }
      if (match_[i + 1] != kNone && word(match_[i + 1] + 1, "over")) return std::nullopt;
      return a.aggregate;
    }
    return std::nullopt;
  }

  // The column references in [b, e), subqueries left out.
  void columns(std::size_t b, std::size_t e, ValueExpr& v) const {
    for (std::size_t i = b; i < e;) {
      if (punct(i, '(') && (word(i + 1, "select") || word(i + 1, "with"))) {
        i = after_group(i);
        continue;
      }
      if (i > b && word(i - 1, "as")) {  // CAST(x AS type)
        ++i;
        continue;
      }
      if (op(i, "*") && (i == b || punct(i - 1, '(') || punct(i - 1, ','))) {
        v.star = true;
        ++i;
        continue;
      }
      if (!name(i) || punct(i + 1, '(')) {
        ++i;
        continue;
      }
      if (punct(i + 1, '.') && i + 2 < e) {
        if (op(i + 2, "*")) {
          v.star = true;
        } else if (name(i + 2) || tokens_[i + 2].kind == TokenKind::kWord) {
          v.columns.push_back({identifier_of(tokens_[i], sql_), identifier_of(tokens_[i + 2], sql_),
                               begin_of(i), end_of(i + 2)});
        }
        i += 3;
        continue;
      }
      v.columns.push_back({"", identifier_of(tokens_[i], sql_), begin_of(i), end_of(i)});
      ++i;
    }
  }

  // Whether [b, e) is exactly one column reference.
  bool one_column(std::size_t b, std::size_t e) const {
    if (e == b + 1) return name(b);
    return e == b + 3 && name(b) && punct(b + 1, '.');
  }

  ValueExpr value(std::size_t b, std::size_t e) const {
    ValueExpr v;
    if (b >= e) return v;
    v.begin = begin_of(b);
    v.end = end_of(e - 1);
    for (std::size_t i = b; i < e; ++i) {
      if (punct(i, '(') && (word(i + 1, "select") || word(i + 1, "with"))) {
        i = after_group(i) - 1;
        continue;
      }
      if (auto a = aggregate_at(i)) v.aggregates.push_back(*a);
    }
    columns(b, e, v);
    if (auto a = aggregate_at(b); a && match_[b + 1] == e - 1) {
      v.aggregate = *a;
      std::size_t inner = b + 2;
      if (word(inner, "distinct")) {
        v.distinct = true;
        ++inner;
      }
      v.simple = (inner + 1 == e - 1 && op(inner, "*")) || one_column(inner, e - 1);
    } else {
      v.simple = one_column(b, e);
    }
    return v;
  }

  OrderKey order_key(std::size_t b, std::size_t e) const {
    OrderKey k;
    if (e >= b + 2 && word(e - 2, "nulls")) e -= 2;
    if (e > b && (word(e - 1, "asc") || word(e - 1, "desc"))) {
      k.descending = word(e - 1, "desc");
      k.explicit_direction = true;
      --e;
    }
    if (e > b && word(e - 1, "collate")) --e;
    k.value = value(b, e);
    return k;
  }

  std::optional<long long> limit(std::size_t b, std::size_t e) const {
    const auto number = [&](std::size_t i) -> std::optional<long long> {
      if (i >= e || tokens_[i].kind != TokenKind::kNumber) return std::nullopt;
      const std::string_view t = tokens_[i].text(sql_);
      long long n = 0;
      const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
      if (ec != std::errc() || p != t.data() + t.size()) return std::nullopt;
      return n;
    };
    if (punct(b + 1, ',')) return number(b + 2);  // LIMIT offset, count
    return number(b);
  }

  void from(std::size_t b, std::size_t e, SelectCore& c) const {
    std::size_t i = b;
    JoinKind kind = JoinKind::kFirst;
    bool natural = false;
    std::size_t item_begin = b;
    bool joined = false;  // a join keyword since the last item
    while (i < e) {
      if (punct(i, ',')) {
        kind = JoinKind::kComma;
        item_begin = ++i;
        continue;
      }
      if (one_of(tokens_[i], sql_, kJoinWords)) {
        if (!joined) item_begin = i;
        joined = true;
        if (word(i, "natural")) natural = true;
        if (word(i, "left")) kind = JoinKind::kLeft;
        if (word(i, "right")) kind = JoinKind::kRight;
        if (word(i, "full")) kind = JoinKind::kFull;
        if (word(i, "cross")) kind = JoinKind::kCross;
        if (word(i, "join") && (kind == JoinKind::kFirst || kind == JoinKind::kComma)) {
          kind = c.from.empty() ? JoinKind::kFirst : JoinKind::kInner;
        }
        ++i;
        continue;
      }
      FromItem item;
      item.join = c.from.empty() ? JoinKind::kFirst : kind;
      item.natural = natural;
      item.begin = begin_of(item_begin);
      if (punct(i, '(')) {
        i = after_group(i);
      } else if (name(i) || tokens_[i].kind == TokenKind::kWord) {
        if (punct(i + 1, '.') && i + 2 < e) i += 2;  // schema.table
        item.name = identifier_of(tokens_[i], sql_);
        item.table = schema_.find_table(item.name);
        ++i;
      } else {
        ++i;
        continue;
      }
      if (word(i, "as")) ++i;
      if (i < e && alias_word(i) && !one_of(tokens_[i], sql_, kJoinWords)) {
        item.alias = identifier_of(tokens_[i], sql_);
        ++i;
      }
      if (word(i, "on")) {
        std::size_t on_end = i + 1;
        while (on_end < e && !punct(on_end, ',') && !one_of(tokens_[on_end], sql_, kJoinWords)) {
          on_end = punct(on_end, '(') ? after_group(on_end) : on_end + 1;
        }
        item.constrained = true;
        comparisons(i + 1, on_end, true, c);
        i = on_end;
      } else if (word(i, "using") && punct(i + 1, '(')) {
        item.constrained = true;
        for (std::size_t k = i + 2; k < e && !punct(k, ')'); ++k) {
          if (name(k)) item.using_columns.push_back(identifier_of(tokens_[k], sql_));
        }
        i = after_group(i + 1);
      }
      item.end = i > 0 ? end_of(std::min(i, e) - 1) : item.begin;
      c.from.push_back(std::move(item));
      kind = JoinKind::kComma;
      natural = false;
      joined = false;
      item_begin = i;
    }
  }

  // A column reference at i ([q .] name, not a call); advances i.
  std::optional<ColumnRef> column_at(std::size_t& i, std::size_t e) const {
    if (i >= e || !name(i) || punct(i + 1, '(')) return std::nullopt;
    if (i > 0 && punct(i - 1, '.')) return std::nullopt;
    if (punct(i + 1, '.')) {
      if (i + 2 >= e || punct(i + 3, '(') || punct(i + 3, '.')) return std::nullopt;
      ColumnRef r{identifier_of(tokens_[i], sql_), identifier_of(tokens_[i + 2], sql_), begin_of(i),
                  end_of(i + 2)};
      i += 3;
      return r;
    }
    ColumnRef r{"", identifier_of(tokens_[i], sql_), begin_of(i), end_of(i)};
    ++i;
    return r;
  }

  void comparisons(std::size_t b, std::size_t e, bool in_on, SelectCore& c) const {
    for (std::size_t i = b; i < e;) {
      if (punct(i, '(') && (word(i + 1, "select") || word(i + 1, "with"))) {
        i = after_group(i);
        continue;
      }
      std::size_t j = i;
      std::optional<ColumnRef> left = column_at(j, e);
      if (!left || j >= e || tokens_[j].kind != TokenKind::kOperator ||
          !comparison_op(tokens_[j].text(sql_))) {
        i = left ? j : i + 1;
        continue;
      }
      const std::string o(tokens_[j].text(sql_));
      std::size_t k = j + 1;
      std::optional<ColumnRef> right = column_at(k, e);
      if (!right) {
        i = j + 1;
        continue;
      }
      ColumnComparison cmp;
      cmp.begin = left->begin;
      cmp.end = right->end;
      cmp.left = std::move(*left);
      cmp.right = std::move(*right);
      cmp.op = o == "==" ? "=" : o;
      cmp.in_on = in_on;
      c.comparisons.push_back(std::move(cmp));
      i = k;
    }
  }

  std::string_view sql_;
  std::span<const Token> tokens_;
  const SchemaDatabase& schema_;
  const NamesSomething& names_;
  std::vector<SelectCore>& cores_;
  std::vector<std::size_t> match_;
};

}  // namespace

std::string_view to_string(Aggregate aggregate) {
  switch (aggregate) {
    case Aggregate::kNone:
      return "";
    case Aggregate::kCount:
      return "count";
    case Aggregate::kSum:
      return "sum";
    case Aggregate::kAvg:
      return "avg";
    case Aggregate::kMin:
      return "min";
    case Aggregate::kMax:
      return "max";
  }
  return "";
}

std::string_view to_string(JoinKind kind) {
  switch (kind) {
    case JoinKind::kFirst:
      return "";
    case JoinKind::kComma:
      return ",";
    case JoinKind::kInner:
      return "JOIN";
    case JoinKind::kLeft:
      return "LEFT JOIN";
    case JoinKind::kRight:
      return "RIGHT JOIN";
    case JoinKind::kFull:
      return "FULL JOIN";
    case JoinKind::kCross:
      return "CROSS JOIN";
  }
  return "";
}

bool names_a_column_or_table(std::string_view word, const SchemaDatabase& schema) {
  if (schema.find_table(word) != nullptr) return true;
  return std::any_of(schema.tables().begin(), schema.tables().end(),
                     [&](const Table& t) { return t.find_column(word) != nullptr; });
}

bool SelectCore::aggregates() const {
  return std::any_of(items.begin(), items.end(),
                     [](const ValueExpr& v) { return !v.aggregates.empty(); });
}

QueryShape::QueryShape(std::string_view sql, std::span<const Token> tokens,
                       const SchemaDatabase& schema, const NamesSomething& names_something) {
  ShapeReader reader(sql, tokens, schema, names_something, cores_);
  const std::size_t end = reader.statement();
  statement_end_ = end > 0 && end <= tokens.size() ? tokens[end - 1].end : 0;
}

const SelectCore* QueryShape::top() const {
  for (const SelectCore& c : cores_) {
    if (c.depth == 0 && !c.in_cte) return &c;
  }
  return nullptr;
}

const FromItem* QueryShape::item_of(std::size_t core, std::string_view qualifier) const {
  for (int c = static_cast<int>(core); c >= 0; c = cores_[static_cast<std::size_t>(c)].parent) {
    const SelectCore& s = cores_[static_cast<std::size_t>(c)];
    for (const FromItem& item : s.from) {
      if (!item.alias.empty() && same_name(item.alias, qualifier)) return &item;
    }
    for (const FromItem& item : s.from) {
      if (same_name(item.name, qualifier)) return &item;
    }
  }
  return nullptr;
}

const Table* QueryShape::table_of(std::size_t core, const ColumnRef& column) const {
  if (!column.qualifier.empty()) {
    const FromItem* item = item_of(core, column.qualifier);
    return item != nullptr && item->table != nullptr &&
                   item->table->find_column(column.column) != nullptr
               ? item->table
               : nullptr;
  }
  for (int c = static_cast<int>(core); c >= 0; c = cores_[static_cast<std::size_t>(c)].parent) {
    const Table* found = nullptr;
    bool ambiguous = false;
    for (const FromItem& item : cores_[static_cast<std::size_t>(c)].from) {
      if (item.table == nullptr || item.table->find_column(column.column) == nullptr) continue;
      if (found != nullptr && found != item.table) ambiguous = true;
      found = item.table;
    }
    if (ambiguous) return nullptr;
    if (found != nullptr) return found;
  }
  return nullptr;
}

bool QueryShape::calls(Aggregate aggregate) const {
  const auto in = [&](const ValueExpr& v) {
    return std::find(v.aggregates.begin(), v.aggregates.end(), aggregate) != v.aggregates.end();
  };
  for (const SelectCore& c : cores_) {
    if (std::any_of(c.items.begin(), c.items.end(), in)) return true;
    if (in(c.having_value) || std::any_of(c.order_by.begin(), c.order_by.end(),
                                          [&](const OrderKey& k) { return in(k.value); })) {
      return true;
    }
  }
  return false;
}

bool QueryShape::any_distinct() const {
  for (const SelectCore& c : cores_) {
    if (c.distinct) return true;
    for (const ValueExpr& v : c.items) {
      if (v.distinct) return true;
    }
  }
  return false;
}

}  // namespace groundgate::filters::sql
