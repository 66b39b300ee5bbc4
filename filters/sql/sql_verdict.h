#pragma once
// What the SQL checks say about one query: findings in the verdict vocabulary prose shares
// (labels, a correction a `correct` rewrite can apply), plus what each check did. Offsets are
// bytes of the query text; the caller moves them to the answer's.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/verdict/verdict_labels.h"

namespace groundgate::filters::sql {

using verdict::Label;

// The checks, cheapest first (issue 21).
enum class Check : std::uint8_t {
  kSchema,       // 1: syntax and schema, SQLite's parser against the schema
  kSafety,       // 2: writes, DDL, ATTACH, PRAGMA, functions outside the allow-list
  kLinking,      // 3: the question's values and the query's filters; with a database, values
  kExecution,    // 4: run on the database, time- and row-capped
  kMetamorphic,  // 5: the model asked again with rewritten questions
  kIntent,       // 3b: joins against the keys, the question's clauses, definitions, value types
};
inline constexpr std::size_t kChecks = 6;

// The hallucination class of a finding.
enum class FindingType : std::uint8_t {
  kSchema,     // a table, column or function that does not exist; a syntax error
  kUnsafe,     // the query would change something or reach outside the data
  kLinking,    // the query and the question disagree on what is asked
  kContent,    // a value the database does not hold
  kExecution,  // an error or an empty result on the database
  kLogic,      // the query breaks a relation its rewritten questions keep
};

struct Finding {
  Check check = Check::kSchema;
  FindingType type = FindingType::kSchema;
  Label label = Label::kContradicted;
  std::string_view code;  // machine-readable: "unknown_column", "write", "value_not_found", ...
  std::string reason;     // for people: "no column `salry` in `employees`; did you mean `salary`?"
  std::size_t begin = 0;  // byte span in the query text
  std::size_t end = 0;
  // What to put in place of [begin, end) when exactly one replacement fits ("salary").
  std::optional<std::string> replacement;
  // An opinion about intent whose kind's measured precision is below 0.8 (intent_kinds.h):
  // the guard annotates it, whatever the policy's action for its label.
  bool annotate_only = false;
};

enum class CheckState : std::uint8_t {
  kNotRun,   // not enabled by the policy
  kSkipped,  // enabled, but what it needs is missing (no schema, question or database), or an
             // earlier check failed in a way that makes it moot
  kPassed,
  kFailed,      // it made findings
  kIncomplete,  // stopped at a bound (time, rows, model calls): what it found stands
};

struct CheckReport {
  CheckState state = CheckState::kNotRun;
  std::string_view note;  // why skipped or incomplete: "no_schema", "no_question", "timeout"...
};

// A (table, column) the query reads; column "" for a table read as a whole (count(*)).
struct ReadColumn {
  std::string table;
  std::string column;
  friend bool operator==(const ReadColumn&, const ReadColumn&) = default;
};

struct SqlVerdict {
  // The worst finding's label (unsafe findings count as contradicted); supported when every
  // check that ran passed.
  Label label = Label::kSupported;
  bool unsafe = false;      // some finding is kUnsafe: the policy's `unsafe` action applies
  bool has_schema = false;  // false: names could not be checked (syntax and safety only)
  std::vector<Finding> findings;
  std::array<CheckReport, kChecks> checks{};
  std::vector<ReadColumn> reads;
  std::size_t statements = 0;
  // The query with every finding's replacement applied, when each finding that contradicts it
  // has exactly one and the result passes checks 1 and 2.
  std::optional<std::string> corrected;
  std::uint64_t check_ns = 0;

  const CheckReport& report(Check check) const { return checks[static_cast<std::size_t>(check)]; }
  CheckReport& report(Check check) { return checks[static_cast<std::size_t>(check)]; }
  // The finding that decided: the first unsafe one, else the first of the worst label; null
  // when there is none.
  const Finding* decisive() const;
  // Some check stopped short (its time cap) and nothing was found: nothing proves the query
  // right, so it is unverified rather than supported. (What a check found stands.)
  bool unverified() const;
  // Some finding, and every one annotate-only: the query is annotated at most.
  bool annotate_only() const;
};

std::string_view to_string(Check check);
std::string_view to_string(FindingType type);
std::string_view to_string(CheckState state);

// Appends `finding` and updates the verdict's label and unsafe flag.
void add_finding(SqlVerdict& verdict, Finding finding);

}  // namespace groundgate::filters::sql
