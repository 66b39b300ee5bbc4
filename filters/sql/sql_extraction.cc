#include "filters/sql/sql_extraction.h"

#include <simdjson.h>

#include "filters/sql/sql_lexer.h"
#include "filters/text/code_block.h"
#include "filters/text/sentence_segmenter.h"
#include "filters/text/utf8.h"
#include "filters/text/word_table.h"

namespace groundgate::filters::sql {
namespace {

constexpr auto kSqlLanguages =
    text::word_table("sql", "sqlite", "sqlite3", "postgresql", "postgres", "psql", "pgsql", "mysql",
                     "mariadb", "tsql", "plsql", "mssql", "duckdb");

// Words a statement starts with: an unlabelled block that starts so is SQL (and checked, so
// that a DROP in a block without a language does not pass unseen).
constexpr auto kStatementStarts = text::word_table(
    "select", "with", "insert", "update", "delete", "replace", "create", "drop", "alter", "pragma",
    "attach", "detach", "explain", "values", "vacuum", "begin", "reindex", "analyze");

std::string lower(std::string_view s) {
  return text::ascii_lower(s);
}

// A fenced block of `text` from the unit `units[i]` on, with the units it was cut into
// (Sentence::cut) joined: its span, and the block read from it.
struct FencedBlock {
  std::size_t begin = 0;
  text::CodeBlock block;
};

FencedBlock read_block(std::string_view text, const std::vector<text::Sentence>& units,
                       std::size_t& i) {
  const std::size_t begin = units[i].begin;
  while (units[i].cut && i + 1 < units.size() &&
         units[i + 1].kind == text::SentenceKind::kCodeBlock)
    ++i;
  return {begin, text::read_code_block(text.substr(begin, units[i].end - begin))};
}

SqlSpan span_of(const FencedBlock& b) {
  const std::size_t begin = b.begin + b.block.code_begin;
  return SqlSpan{begin, begin + b.block.code.size(), b.block.closed};
}

}  // namespace

bool is_sql_block(std::string_view language, std::string_view code) {
  const std::string name = lower(language);
  if (!name.empty()) return kSqlLanguages.contains(name);
  SqlLexer lexer(code);
  Token first;
  if (!lexer.next(first) || first.kind != TokenKind::kWord) return false;
  return kStatementStarts.contains(lower(first.text(code)));
}

std::vector<SqlSpan> find_fenced_sql(std::string_view answer) {
  // The segmenter finds the blocks (as it does in the stream), the code-block reader reads them.
  const std::vector<text::Sentence> units = text::SentenceSegmenter::split(answer);
  std::vector<SqlSpan> out;
  for (std::size_t i = 0; i < units.size(); ++i) {
    if (units[i].kind != text::SentenceKind::kCodeBlock) continue;
    const FencedBlock b = read_block(answer, units, i);
    if (b.block.opened && is_sql_block(b.block.language, b.block.code)) out.push_back(span_of(b));
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
  // A fence around it: the answer is that block (read as one, however long).
  const FencedBlock b{begin, text::read_code_block(answer.substr(begin, end - begin))};
  if (b.block.opened) return span_of(b);
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
