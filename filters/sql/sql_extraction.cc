#include "filters/sql/sql_extraction.h"

#include <simdjson.h>

#include <array>

#include "filters/sql/sql_lexer.h"
#include "filters/text/utf8.h"

namespace groundgate::filters::sql {
namespace {

constexpr std::array<std::string_view, 13> kSqlLanguages{
    "sql",   "sqlite",  "sqlite3", "postgresql", "postgres", "psql",  "pgsql",
    "mysql", "mariadb", "tsql",    "plsql",      "mssql",    "duckdb"};

// Words a statement starts with: an unlabelled block that starts so is SQL (and checked, so
// that a DROP in a block without a language does not pass unseen).
constexpr std::array<std::string_view, 18> kStatementStarts{
    "select", "with",   "insert", "update",  "delete", "replace", "create", "drop",    "alter",
    "pragma", "attach", "detach", "explain", "values", "vacuum",  "begin",  "reindex", "analyze"};

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

struct Fence {
  char marker = 0;           // '`' or '~'
  std::size_t width = 0;     // 3 or more
  std::string_view info;     // the first word after it
  std::size_t line_end = 0;  // where its line ends (the '\n', or the end)
};

// A fence line at `at` (at most 3 spaces of indent), or nullopt.
std::optional<Fence> fence_at(std::string_view text, std::size_t at) {
  std::size_t p = at;
  while (p < text.size() && text[p] == ' ' && p - at < 4)
    ++p;
  if (p - at > 3 || p >= text.size() || (text[p] != '`' && text[p] != '~')) return std::nullopt;
  Fence f;
  f.marker = text[p];
  const std::size_t start = p;
  while (p < text.size() && text[p] == f.marker)
    ++p;
  f.width = p - start;
  if (f.width < 3) return std::nullopt;
  const std::size_t eol = text.find('\n', p);
  f.line_end = eol == std::string_view::npos ? text.size() : eol;
  std::string_view rest = text.substr(p, f.line_end - p);
  while (!rest.empty() && is_blank(rest.front()))
    rest.remove_prefix(1);
  std::size_t word = 0;
  while (word < rest.size() && !is_blank(rest[word]) && rest[word] != '{')
    ++word;
  f.info = rest.substr(0, word);
  return f;
}

// A closing fence for `open` at `at`: the same marker, at least as wide, nothing after it.
bool closes(std::string_view text, std::size_t at, const Fence& open) {
  const std::optional<Fence> f = fence_at(text, at);
  if (!f || f->marker != open.marker || f->width < open.width) return false;
  std::string_view rest = text.substr(at, f->line_end - at);
  const std::size_t last = rest.find_last_of(open.marker);
  for (char c : rest.substr(last + 1)) {
    if (!is_blank(c)) return false;
  }
  return true;
}

struct Block {
  SqlSpan body;
  std::string_view info;
  std::size_t end = 0;  // after the closing fence line
};

// The block whose opening fence line starts at `at`.
std::optional<Block> block_at(std::string_view text, std::size_t at) {
  const std::optional<Fence> open = fence_at(text, at);
  if (!open) return std::nullopt;
  Block b;
  b.info = open->info;
  b.body.begin = std::min(open->line_end + 1, text.size());
  std::size_t line = b.body.begin;
  while (line < text.size()) {
    if (closes(text, line, *open)) {
      b.body.end = line;
      const std::size_t eol = text.find('\n', line);
      b.end = eol == std::string_view::npos ? text.size() : eol + 1;
      return b;
    }
    const std::size_t eol = text.find('\n', line);
    if (eol == std::string_view::npos) break;
    line = eol + 1;
  }
  b.body.end = text.size();
  b.body.complete = false;
  b.end = text.size();
  return b;
}

std::string lower(std::string_view s) {
  return text::ascii_lower(s);
}

}  // namespace

bool is_sql_block(std::string_view info, std::string_view body) {
  const std::string language = lower(info);
  if (!language.empty()) {
    for (std::string_view l : kSqlLanguages) {
      if (language == l) return true;
    }
    return false;
  }
  SqlLexer lexer(body);
  Token first;
  if (!lexer.next(first) || first.kind != TokenKind::kWord) return false;
  const std::string word = lower(first.text(body));
  for (std::string_view s : kStatementStarts) {
    if (word == s) return true;
  }
  return false;
}

std::optional<SqlSpan> sql_in_code_block(std::string_view block) {
  std::size_t start = 0;
  while (start < block.size() && (block[start] == '\n' || block[start] == '\r'))
    ++start;
  const std::optional<Block> b = block_at(block, start);
  if (!b) return std::nullopt;
  const std::string_view body = block.substr(b->body.begin, b->body.end - b->body.begin);
  if (!is_sql_block(b->info, body)) return std::nullopt;
  return b->body;
}

std::vector<SqlSpan> find_fenced_sql(std::string_view answer) {
  std::vector<SqlSpan> out;
  std::size_t line = 0;
  while (line < answer.size()) {
    if (const std::optional<Block> b = block_at(answer, line)) {
      const std::string_view body = answer.substr(b->body.begin, b->body.end - b->body.begin);
      if (is_sql_block(b->info, body)) out.push_back(b->body);
      line = b->end;
      continue;
    }
    const std::size_t eol = answer.find('\n', line);
    if (eol == std::string_view::npos) break;
    line = eol + 1;
  }
  return out;
}

std::optional<SqlSpan> whole_answer_sql(std::string_view answer) {
  std::size_t begin = 0, end = answer.size();
  while (begin < end && std::string_view(" \t\r\n").find(answer[begin]) != std::string_view::npos)
    ++begin;
  while (end > begin && std::string_view(" \t\r\n").find(answer[end - 1]) != std::string_view::npos)
    --end;
  if (begin == end) return std::nullopt;
  if (const std::optional<Block> b = block_at(answer, begin); b && b->end >= end) {
    return b->body;  // one fenced block is the whole answer
  }
  return SqlSpan{begin, end, true};
}

std::vector<SqlSpan> find_sql(std::string_view text) {
  std::vector<SqlSpan> out = find_fenced_sql(text);
  if (out.empty()) {
    if (auto whole = whole_answer_sql(text)) out.push_back(*whole);
  }
  return out;
}

std::optional<std::string> sql_argument(std::string_view arguments, std::string_view path,
                                        std::string& error) {
  simdjson::dom::parser parser;
  simdjson::dom::element value;
  if (auto e = parser.parse(arguments.data(), arguments.size()).get(value); e) {
    error = "arguments are not JSON";
    return std::nullopt;
  }
  while (!path.empty()) {
    const std::size_t dot = path.find('.');
    const std::string_view key = path.substr(0, dot);
    if (value[key].get(value) != simdjson::SUCCESS) {
      error = "no argument `" + std::string(key) + "`";
      return std::nullopt;
    }
    path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
  }
  std::string_view text;
  if (value.get_string().get(text) != simdjson::SUCCESS) {
    error = "the argument is not a string";
    return std::nullopt;
  }
  return std::string(text);
}

}  // namespace groundgate::filters::sql
