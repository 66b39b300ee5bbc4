#pragma once
// Check 3, question linking (SQLHD's schema stage, by rule): the values the question names must
// appear in the query, and every value the query filters on must come from the question, by
// the value itself, by the column it is compared in, or by a definition of the request that
// the question uses (a numeric threshold, `population > 150000`, is not judged: questions
// state thresholds by adjectives). Either miss is an `unsupported` finding of type `linking`.

#include <span>
#include <string_view>

#include "filters/sql/predicates.h"
#include "filters/sql/question_terms.h"
#include "filters/sql/sql_lexer.h"
#include "filters/sql/sql_verdict.h"

namespace groundgate::filters::sql {

class Glossary;

struct LinkingInput {
  std::string_view sql;
  std::span<const Token> tokens;
  const QuestionTerms* question = nullptr;
  // The request's definitions: a filter on a column a definition the question uses names is
  // asked for ("major city" defined as `population > 150000`). Null: none.
  const Glossary* glossary = nullptr;
  std::span<const Predicate> predicates;
  std::span<const Literal> literals;
  // The query's span to point at when a question value is missing (the first statement).
  std::size_t statement_begin = 0;
  std::size_t statement_end = 0;
};

void check_linking(const LinkingInput& input, SqlVerdict& verdict);

}  // namespace groundgate::filters::sql
