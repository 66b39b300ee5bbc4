#pragma once
// Where the SQL of an answer is: fenced code blocks whose language is SQL (or that carry no
// language and start like a statement) and the whole answer on routes that answer in SQL (a
// tool call's argument: text/query_argument.h). Spans are bytes of the text searched.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::sql {

struct SqlSpan {
  std::size_t begin = 0;  // the SQL text, fences and info string excluded
  std::size_t end = 0;
  bool complete = true;  // a fenced block's closing fence was seen
};

// A fenced block's language (text::CodeBlock::language) names SQL or one of its dialects
// ("sql", "SQLite", "postgresql", "mysql", ...), or is empty and `code` starts with a
// statement keyword.
bool is_sql_block(std::string_view language, std::string_view code);

// Every fenced SQL block of a whole answer, in order: the blocks the segmenter finds (as in the
// stream; a block it cut at its unit bound joined again), read by text::read_code_block.
std::vector<SqlSpan> find_fenced_sql(std::string_view answer);

// The answer as one query (`sql.answer: whole`): surrounding whitespace, and one fence around
// all of it, removed. Nullopt for an answer with nothing but whitespace.
std::optional<SqlSpan> whole_answer_sql(std::string_view answer);

// The queries of a text that may be an answer or a bare query: its fenced SQL blocks when it
// has any, else the whole text.
std::vector<SqlSpan> find_sql(std::string_view text);

}  // namespace groundgate::filters::sql
