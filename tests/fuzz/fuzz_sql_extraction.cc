// SQL extraction on arbitrary bytes: every span lies inside the text, in order, and the readers
// of the query (tokens, literals, filters) and of the question never fail, nor does the reader
// of the query in a model's answer. (Check 5's requests and the reading of answers as bytes are
// the request writer's: fuzz_request_inspector.)
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "filters/sql/answer_query.h"
#include "filters/sql/predicates.h"
#include "filters/sql/question_terms.h"
#include "filters/sql/sql_extraction.h"
#include "filters/sql/sql_lexer.h"
#include "filters/text/query_argument.h"

namespace sql = groundgate::filters::sql;
namespace model = groundgate::filters::model;
using config_tools = std::vector<groundgate::config::QueryToolArgument>;

namespace {

void check_span(const sql::SqlSpan& s, std::size_t size) {
  if (s.begin > s.end || s.end > size) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::size_t last = 0;
  for (const sql::SqlSpan& s : sql::find_fenced_sql(text)) {
    check_span(s, size);
    if (s.begin < last) std::abort();
    last = s.end;
  }
  for (const sql::SqlSpan& s : sql::find_sql(text))
    check_span(s, size);
  if (auto s = sql::whole_answer_sql(text)) check_span(*s, size);
  std::string error;
  (void)groundgate::filters::text::query_argument(text, "sql", error);
  (void)groundgate::filters::text::query_argument(text, "query.text", error);

  const auto tokens = sql::lex_sql(text);
  std::size_t end = 0;
  for (const sql::Token& t : tokens) {
    if (t.begin < end || t.end <= t.begin || t.end > size) std::abort();
    end = t.end;
    (void)sql::unquote(t, text);
  }
  const sql::NamesSomething names = [](std::string_view word) { return word.size() % 2 == 0; };
  for (const sql::Predicate& p : sql::find_predicates(text, tokens, names)) {
    if (p.begin > p.end || p.end > size || p.values.empty()) std::abort();
  }
  for (const sql::Literal& l : sql::find_literals(text, tokens, names)) {
    if (l.begin > l.end || l.end > size) std::abort();
  }
  const sql::QuestionTerms question(text);
  for (const sql::QuestionValue& v : question.values()) {
    if (v.begin > v.end || v.end > size) std::abort();
  }
  (void)question.mentions_name(text.substr(0, 32));
  (void)question.mentions_value(text.substr(0, 32));

  const config_tools tools{{"run_query", "sql"}};
  const model::ModelAnswer answer{std::string(text), {{"run_query", std::string(text)}}};
  (void)sql::sql_of_answer(answer, size % 2 == 0, tools, error);
  return 0;
}
