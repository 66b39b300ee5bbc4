#pragma once
// Definitions a request gives its model: BIRD's "evidence" (external knowledge), a glossary in
// the system message or the retrieved context ("major city = population > 150000", "negative
// comment refers to score < 60", "highest salary refers to MAX(salary)", "Großstadt bedeutet
// einwohner > 100000"). Each clause (split at line ends and `;`) is a phrase of the user's
// words, a connective, and the SQL it stands for: the side with SQL in it (operators, quotes,
// calls, backticked or underscored names) is the expression, so "T.label = 'c' means carbon"
// reads too. A clause that is a condition alone ("gender = 'F'") is kept as a condition
// without a phrase. Bounded: the first 64 KiB of text, 64 definitions.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::sql {

class QuestionTerms;

struct Definition {
  std::string phrase;      // the user's words ("" for a condition alone)
  std::string expression;  // the SQL ("population > 150000")
};

class Glossary {
 public:
  static constexpr std::size_t kMaxBytes = 64u << 10;
  static constexpr std::size_t kMaxDefinitions = 64;

  Glossary() = default;
  explicit Glossary(std::string_view text) { add(text); }

  // Reads the definitions of `text` (after those already read, within the bounds).
  void add(std::string_view text);

  const std::vector<Definition>& definitions() const { return definitions_; }
  bool empty() const { return definitions_.empty(); }

  // Whether a definition the question uses (by its phrase), or a condition given alone, names
  // `column` in its expression: a filter on it is asked for.
  bool defines_column(std::string_view column, const QuestionTerms& question) const;

 private:
  std::vector<Definition> definitions_;
  std::size_t bytes_ = 0;
};

}  // namespace groundgate::filters::sql
