#include "filters/sql/answer_query.h"

#include "filters/sql/sql_extraction.h"
#include "filters/text/query_argument.h"

namespace groundgate::filters::sql {

std::optional<std::string> sql_of_answer(const model::ModelAnswer& answer, bool whole,
                                         std::span<const config::QueryToolArgument> tools,
                                         std::string& error) {
  const std::string_view text = answer.text;
  if (whole) {
    if (auto span = whole_answer_sql(text)) {
      return std::string(text.substr(span->begin, span->end - span->begin));
    }
  } else if (auto spans = find_fenced_sql(text); !spans.empty()) {
    return std::string(text.substr(spans[0].begin, spans[0].end - spans[0].begin));
  }
  for (const model::ModelToolCall& call : answer.calls) {
    for (const config::QueryToolArgument& t : tools) {
      if (t.tool != call.name) continue;
      if (auto sql = text::query_argument(call.arguments, t.argument, error)) return sql;
    }
  }
  error = "the answer holds no query";
  return std::nullopt;
}

}  // namespace groundgate::filters::sql
