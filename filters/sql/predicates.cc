#include "filters/sql/predicates.h"

#include <optional>

#include "filters/sql/query_names.h"
#include "filters/text/utf8.h"

namespace groundgate::filters::sql {
namespace {

constexpr std::size_t kMaxInValues = 64;

class Reader {
 public:
  Reader(std::string_view sql, std::span<const Token> tokens, const NamesSomething& names)
      : sql_(sql), tokens_(tokens), names_(names) {}

  bool punct(std::size_t i, char c) const {
    return i < tokens_.size() && tokens_[i].kind == TokenKind::kPunctuation &&
           tokens_[i].text(sql_).front() == c;
  }
  bool word(std::size_t i, std::string_view w) const {
    return i < tokens_.size() && tokens_[i].kind == TokenKind::kWord && tokens_[i].is(sql_, w);
  }
  bool string_token(const Token& t) const {
    return t.kind == TokenKind::kString ||
           (t.kind == TokenKind::kQuoted && t.quote == '"' && !names_(unquote(t, sql_)));
  }
  bool name_token(const Token& t) const {
    if (t.kind == TokenKind::kWord) return !is_keyword(t.text(sql_));
    return t.kind == TokenKind::kQuoted && !string_token(t);
  }

  // A literal at i (a string, a number, a signed number); advances i past it.
  std::optional<Literal> literal(std::size_t& i) const {
    if (i >= tokens_.size()) return std::nullopt;
    const Token& t = tokens_[i];
    Literal l;
    if (string_token(t)) {
      if (t.text(sql_).starts_with("x'") || t.text(sql_).starts_with("X'")) return std::nullopt;
      l.value = unquote(t, sql_);
      l.sql = quote_string(l.value);
      l.begin = t.begin;
      l.end = t.end;
      ++i;
      return l;
    }
    std::size_t j = i;
    std::string sign;
    if (t.kind == TokenKind::kOperator && (t.text(sql_) == "-" || t.text(sql_) == "+")) {
      sign = t.text(sql_) == "-" ? "-" : "";
      ++j;
    }
    if (j >= tokens_.size() || tokens_[j].kind != TokenKind::kNumber) return std::nullopt;
    l.number = true;
    l.value = sign + std::string(tokens_[j].text(sql_));
    l.sql = l.value;
    l.begin = t.begin;
    l.end = tokens_[j].end;
    i = j + 1;
    return l;
  }

  // A column reference at i ([qualifier .] name, not a function call); advances i.
  bool column(std::size_t& i, Predicate& p) const {
    if (i >= tokens_.size() || !name_token(tokens_[i])) return false;
    std::size_t j = i;
    if (punct(j + 1, '.') && j + 2 < tokens_.size() && name_token(tokens_[j + 2])) {
      p.qualifier = identifier_of(tokens_[j], sql_);
      j += 2;
    }
    if (punct(j + 1, '(') || punct(j + 1, '.')) return false;
    if (i > 0 && punct(i - 1, '.')) return false;
    p.column = identifier_of(tokens_[j], sql_);
    p.begin = tokens_[i].begin;
    i = j + 1;
    return true;
  }

  // The comparison after a column at i; advances i past it.
  bool comparison(std::size_t& i, Predicate& p) const {
    std::size_t j = i;
    std::string negation;
    if (word(j, "not")) {
      negation = "not ";
      ++j;
    }
    if (j >= tokens_.size()) return false;
    const Token& t = tokens_[j];
    const std::string_view text = t.text(sql_);
    if (negation.empty() && t.kind == TokenKind::kOperator &&
        (text == "=" || text == "==" || text == "!=" || text == "<>" || text == "<" ||
         text == "<=" || text == ">" || text == ">=")) {
      ++j;
      auto l = literal(j);
      if (!l) return false;
      p.op = text == "==" ? "=" : text == "<>" ? "!=" : std::string(text);
      p.values.push_back(std::move(*l));
    } else if (word(j, "like") || word(j, "glob")) {
      p.op = negation + text::ascii_lower(text);
      ++j;
      auto l = literal(j);
      if (!l) return false;
      p.values.push_back(std::move(*l));
    } else if (word(j, "in") && punct(j + 1, '(')) {
      p.op = negation + "in";
      j += 2;
      while (p.values.size() < kMaxInValues) {
        auto l = literal(j);
        if (!l) return false;  // a subquery or an expression: not a value list
        p.values.push_back(std::move(*l));
        if (punct(j, ',')) {
          ++j;
          continue;
        }
        if (!punct(j, ')')) return false;
        ++j;
        break;
      }
    } else if (word(j, "between")) {
      p.op = negation + "between";
      ++j;
      auto low = literal(j);
      if (!low || !word(j, "and")) return false;
      ++j;
      auto high = literal(j);
      if (!high) return false;
      p.values.push_back(std::move(*low));
      p.values.push_back(std::move(*high));
    } else {
      return false;
    }
    p.end = tokens_[j - 1].end;
    i = j;
    return true;
  }

 private:
  std::string_view sql_;
  std::span<const Token> tokens_;
  const NamesSomething& names_;
};

// `'France' = land`: the literal first, then an equality and a column.
std::optional<Predicate> reversed(const Reader& r, std::span<const Token> tokens,
                                  std::string_view sql, std::size_t& i) {
  std::size_t j = i;
  auto l = r.literal(j);
  if (!l || j >= tokens.size() || tokens[j].kind != TokenKind::kOperator) return std::nullopt;
  const std::string_view op = tokens[j].text(sql);
  if (op != "=" && op != "==") return std::nullopt;
  ++j;
  Predicate p;
  if (!r.column(j, p)) return std::nullopt;
  p.op = "=";
  p.begin = l->begin;
  p.end = tokens[j - 1].end;
  p.values.push_back(std::move(*l));
  i = j;
  return p;
}

}  // namespace

std::vector<Predicate> find_predicates(std::string_view sql, std::span<const Token> tokens,
                                       const NamesSomething& names_something) {
  std::vector<Predicate> out;
  const Reader r(sql, tokens, names_something);
  for (std::size_t i = 0; i < tokens.size();) {
    Predicate p;
    std::size_t j = i;
    if (r.column(j, p) && r.comparison(j, p)) {
      out.push_back(std::move(p));
      i = j;
      continue;
    }
    j = i;
    if (auto q = reversed(r, tokens, sql, j)) {
      out.push_back(std::move(*q));
      i = j;
      continue;
    }
    ++i;
  }
  return out;
}

std::vector<Literal> find_literals(std::string_view sql, std::span<const Token> tokens,
                                   const NamesSomething& names_something) {
  std::vector<Literal> out;
  const Reader r(sql, tokens, names_something);
  for (std::size_t i = 0; i < tokens.size();) {
    std::size_t j = i;
    if (auto l = r.literal(j)) {
      if (i > 0 && tokens[i - 1].kind == TokenKind::kOperator) {
        l->compared_by = tokens[i - 1].text(sql);
      }
      out.push_back(std::move(*l));
      i = j;
    } else {
      ++i;
    }
  }
  return out;
}

}  // namespace groundgate::filters::sql
