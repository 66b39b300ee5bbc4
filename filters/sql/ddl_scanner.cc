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

}  // namespace

std::vector<DdlSpan> find_ddl(std::string_view text, const DdlLimits& limits) {
  std::vector<DdlSpan> out;
  std::size_t at = 0;
  while (out.size() < limits.max_statements) {
    at = text.find_first_of("cC", at);
    if (at == std::string_view::npos) break;
    if (!word_at(text, at, "create")) {
      ++at;
      continue;
    }
    StatementReader reader(text.substr(at, limits.max_statement_bytes + 1),
                           limits.max_statement_bytes);
    const std::size_t end = reader.end();
    if (end == StatementReader::npos) {
      at += 6;
      continue;
    }
    out.push_back({at, at + end});
    at += end;
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
