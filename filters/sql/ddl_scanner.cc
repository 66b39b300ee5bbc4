#include "filters/sql/ddl_scanner.h"

#include "filters/sql/sql_lexer.h"

namespace groundgate::filters::sql {
namespace {

bool is_word_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || c == '_' ||
         u >= 0x80;
}

bool word_at(std::string_view text, std::size_t at, std::string_view word) {
  if (at + word.size() > text.size()) return false;
  if (at > 0 && is_word_char(text[at - 1])) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    char c = text[at + i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
    if (c != word[i]) return false;
  }
  const std::size_t after = at + word.size();
  return after == text.size() || !is_word_char(text[after]);
}

// Reads a CREATE statement token by token: whether it is one of a table or a view, and where
// it ends.
class StatementReader {
 public:
  // `window`: the text from the statement's start, at most max_bytes + 1 long.
  StatementReader(std::string_view window, std::size_t max_bytes)
      : window_(window), max_bytes_(max_bytes), lexer_(window) {}

  // The end of the statement (offset in the window), or npos when it is not a table or view
  // or does not end inside the window.
  std::size_t end() {
    Token t;
    if (!lexer_.next(t) || !t.is(window_, "create") || !lexer_.next(t)) return npos;
    if (t.is(window_, "temp") || t.is(window_, "temporary")) {
      if (!lexer_.next(t)) return npos;
    }
    const bool view = t.is(window_, "view");
    if (!view && !t.is(window_, "table")) return npos;
    int depth = 0;
    bool had_columns = false;
    std::size_t last_end = t.end;
    while (lexer_.next(t)) {
      const std::string_view p = t.kind == TokenKind::kPunctuation ? t.text(window_) : "";
      if (p == ";" && depth == 0) return t.end;
      // A blank line outside parentheses ends a statement written without its `;`.
      if (depth == 0 &&
          window_.substr(last_end, t.begin - last_end).find("\n\n") != std::string_view::npos) {
        return last_end;
      }
      if (p.empty() && !view && had_columns && depth == 0 && !t.is(window_, "without") &&
          !t.is(window_, "rowid") && !t.is(window_, "strict")) {
        // The column list closed and no table option follows: the statement ended without its
        // `;` (DDL pasted into prose).
        return last_end;
      }
      if (p == "(") {
        ++depth;
      } else if (p == ")" && depth > 0) {
        if (--depth == 0 && !view) had_columns = true;
      } else if (p == "," && depth == 0 && had_columns) {
        return last_end;  // a list of tables in prose
      }
      last_end = t.end;
    }
    // The text ended: a complete statement without its `;`, unless the window was cut.
    const bool cut = window_.size() > max_bytes_;
    if (!cut && depth == 0 && (view || had_columns)) return last_end;
    return npos;
  }

  static constexpr std::size_t npos = std::string_view::npos;

 private:
  std::string_view window_;
  std::size_t max_bytes_;
  SqlLexer lexer_;
};

// Reads an INSERT of literal rows; the end of the statement (its `;` included), or npos.
std::size_t insert_end(std::string_view text) {
  SqlLexer lexer(text);
  Token t;
  const auto next = [&]() { return lexer.next(t); };
  const auto is_name = [&]() { return t.kind == TokenKind::kWord || t.kind == TokenKind::kQuoted; };
  const auto punct = [&](char c) {
    return t.kind == TokenKind::kPunctuation && t.text(text).front() == c;
  };
  if (!next() || !t.is(text, "insert") || !next() || !t.is(text, "into") || !next() || !is_name()) {
    return std::string_view::npos;
  }
  if (!next()) return std::string_view::npos;
  if (punct('.')) {
    if (!next() || !is_name() || !next()) return std::string_view::npos;
  }
  if (punct('(')) {
    while (next() && !punct(')')) {
      if (!is_name() && !punct(',')) return std::string_view::npos;
    }
    if (!next()) return std::string_view::npos;
  }
  if (!t.is(text, "values")) return std::string_view::npos;
  std::size_t end = std::string_view::npos;
  while (true) {
    if (!next() || !punct('(')) return std::string_view::npos;
    bool value_expected = true;
    while (true) {
      if (!next()) return std::string_view::npos;
      if (punct(')') && !value_expected) break;
      if (value_expected) {
        if (t.kind == TokenKind::kOperator && (t.text(text) == "-" || t.text(text) == "+")) {
          if (!next() || t.kind != TokenKind::kNumber) return std::string_view::npos;
        } else if (t.kind != TokenKind::kString && t.kind != TokenKind::kNumber &&
                   !t.is(text, "null") && !t.is(text, "true") && !t.is(text, "false")) {
          return std::string_view::npos;
        }
        value_expected = false;
      } else if (punct(',')) {
        value_expected = true;
      } else {
        return std::string_view::npos;
      }
    }
    end = t.end;
    SqlLexer peek = lexer;
    Token after;
    if (!peek.next(after)) return end;
    if (after.kind == TokenKind::kPunctuation && after.text(text) == ";") return after.end;
    if (after.kind != TokenKind::kPunctuation || after.text(text) != ",") return end;
    lexer = peek;
  }
}

bool is_identifier_start(char c) {
  return is_word_char(c) || c == '"' || c == '`' || c == '[';
}

// The identifier at `at` (quoted or bare) and where it ends.
std::pair<std::string, std::size_t> identifier_at(std::string_view s, std::size_t at) {
  const char open = s[at];
  if (open == '"' || open == '`' || open == '[') {
    const char close = open == '[' ? ']' : open;
    const std::size_t end = s.find(close, at + 1);
    if (end == std::string_view::npos) return {std::string(), s.size()};
    return {std::string(s.substr(at + 1, end - at - 1)), end + 1};
  }
  std::size_t end = at;
  while (end < s.size() && is_word_char(s[end]))
    ++end;
  return {std::string(s.substr(at, end - at)), end};
}

bool table_constraint(std::string_view name) {
  for (std::string_view w : {"primary", "foreign", "constraint", "check", "unique"}) {
    if (name.size() == w.size() && word_at(name, 0, w)) return true;
  }
  return false;
}

}  // namespace

std::vector<DdlSpan> find_ddl(std::string_view text, const DdlLimits& limits) {
  std::vector<DdlSpan> out;
  std::size_t at = 0;
  while (out.size() < limits.max_statements) {
    at = text.find_first_of("cCiI", at);
    if (at == std::string_view::npos) break;
    std::size_t end = StatementReader::npos;
    const std::string_view window = text.substr(at, limits.max_statement_bytes + 1);
    if (word_at(text, at, "create")) {
      StatementReader reader(window, limits.max_statement_bytes);
      end = reader.end();
    } else if (word_at(text, at, "insert")) {
      end = insert_end(window);
      if (end != StatementReader::npos && end > limits.max_statement_bytes)
        end = StatementReader::npos;
    } else {
      ++at;
      continue;
    }
    if (end == StatementReader::npos) {
      at += 6;
      continue;
    }
    out.push_back({at, at + end});
    at += end;
  }
  return out;
}

bool is_sample_insert(std::string_view statement) {
  const std::size_t end = insert_end(statement);
  if (end == std::string_view::npos) return false;
  SqlLexer rest(statement.substr(end));
  Token t;
  return !rest.next(t);
}

std::vector<ColumnComment> column_comments(std::string_view sql) {
  std::vector<ColumnComment> out;
  std::string pending;                                   // comment lines before the next definition
  std::size_t last_line = static_cast<std::size_t>(-1);  // line of the last definition
  std::size_t line = 0;
  int depth = 0;
  bool expect_definition = false;
  for (std::size_t i = 0; i < sql.size();) {
    const char c = sql[i];
    if (c == '\n') {
      ++line;
      ++i;
      continue;
    }
    const bool line_comment = c == '-' && i + 1 < sql.size() && sql[i + 1] == '-';
    const bool block_comment = c == '/' && i + 1 < sql.size() && sql[i + 1] == '*';
    if (line_comment || block_comment) {
      const std::size_t end = line_comment ? sql.find('\n', i) : sql.find("*/", i + 2);
      const std::size_t stop = end == std::string_view::npos ? sql.size() : end;
      std::string_view body = sql.substr(i + 2, stop - i - 2);
      while (!body.empty() && (body.front() == ' ' || body.front() == '\t'))
        body.remove_prefix(1);
      while (!body.empty() && (body.back() == ' ' || body.back() == '\r'))
        body.remove_suffix(1);
      const bool same_line = !out.empty() && last_line == line;
      std::string& target = same_line ? out.back().comment : pending;
      if (!body.empty()) target += (target.empty() ? "" : " ") + std::string(body);
      for (std::size_t k = i; k < stop; ++k)
        line += sql[k] == '\n' ? 1 : 0;
      i = line_comment ? stop : std::min(sql.size(), stop + 2);
      continue;
    }
    if (c == '\'' || c == '"' || c == '`' || c == '[') {
      if (expect_definition && depth == 1 && c != '\'') {
        auto [name, end] = identifier_at(sql, i);
        out.push_back({std::move(name), std::move(pending)});
        pending.clear();
        last_line = line;
        expect_definition = false;
        i = end;
        continue;
      }
      const char close = c == '[' ? ']' : c;
      const std::size_t end = sql.find(close, i + 1);
      i = end == std::string_view::npos ? sql.size() : end + 1;
      continue;
    }
    if (c == '(') {
      if (++depth == 1) expect_definition = true;
    } else if (c == ')') {
      --depth;
    } else if (c == ',' && depth == 1) {
      expect_definition = true;
    } else if (expect_definition && depth == 1 && is_identifier_start(c)) {
      auto [name, end] = identifier_at(sql, i);
      expect_definition = false;
      if (!table_constraint(name)) {
        out.push_back({std::move(name), std::move(pending)});
        last_line = line;
      }
      pending.clear();
      i = end;
      continue;
    }
    ++i;
  }
  return out;
}

std::string without_ddl(std::string_view text, const DdlLimits& limits) {
  std::string out;
  std::size_t from = 0;
  for (const DdlSpan& span : find_ddl(text, limits)) {
    out.append(text, from, span.begin - from);
    from = span.end;
  }
  out.append(text, from);
  return out;
}

}  // namespace groundgate::filters::sql
