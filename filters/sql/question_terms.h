#pragma once
// What a user's question says that a query must reflect: the values it names (quoted phrases,
// numbers) and the words it uses, folded for matching against names and literals.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::sql {

struct QuestionValue {
  bool number = false;
  std::string text;  // folded; a number in plain digits ("1000", "3.5")
  double numeric = 0;
  std::size_t begin = 0;  // byte span in the question
  std::size_t end = 0;
};

class QuestionTerms {
 public:
  explicit QuestionTerms(std::string_view question);

  const std::vector<QuestionValue>& values() const { return values_; }
  bool empty() const { return folded_.empty(); }
  // The question mentions something named `name` (a column, a table): one of the name's parts
  // (split at '_', digits and case changes; function words such as "von", "of" left out) is
  // one of its words, a prefix of one, or inside a compound of at least four letters more.
  bool mentions_name(std::string_view name) const;
  // The same, but only by the parts of `name` that are not parts of `table`'s name: the
  // question about singers mentions `singer_id` by "singers" alone, `name` it does not. A
  // column named after its table (`hersteller` of `autohersteller`) is mentioned with it.
  // `strict`: a word equal to a part, an inflection or a compound of it, not a word that only
  // shares most of its start ("fernsehsender" does not name `fernsehen`); and a column named
  // after its table is not mentioned by the table's name.
  bool mentions_name_beyond(std::string_view name, std::string_view table,
                            bool strict = false) const;
  // The parts of `name` beyond `table`'s (as mentions_name_beyond splits them) that the
  // question names strictly.
  std::vector<std::string> named_parts_beyond(std::string_view name, std::string_view table) const;
  // The question holds `value` (a string the query compares with), folded: as a phrase, as
  // one of its quoted values, or word by word.
  bool mentions_value(std::string_view value) const;
  // The question names the number `value` (digits or words of a quoted phrase).
  bool mentions_number(double value) const;

 private:
  bool mentions_part(const std::string& part, bool strict = false) const;

  std::string folded_;
  std::vector<std::string> words_;  // folded, at least 2 bytes
  // The first parts of compounds written with a hyphen for the rest: "Vor-" of "Vor- und
  // Nachname" stands for "Vorname"; a name part that starts with one is mentioned.
  std::vector<std::string> truncated_;
  std::vector<QuestionValue> values_;
};

// `value` without LIKE/GLOB wildcards at its ends and in its middle, folded.
std::string pattern_text(std::string_view value);

// The number `text` spells (digits, a decimal point, a sign), or false.
bool parse_number(std::string_view text, double& out);

}  // namespace groundgate::filters::sql
