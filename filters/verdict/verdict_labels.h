#pragma once
// The words every verification engine answers in: a label, a taxonomy type, where the evidence
// lies and, when a value was changed, what the evidence says instead. Engines add their own
// reason codes; everything downstream (actions, annotations, logs, metrics, eval) reads these.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace groundgate::filters::verdict {

// kDoubtful: the learned scorer's probability lies in the band its rules cannot settle (no
// engine labels a finding so; a judge, where a policy has one, settles it).
enum class Label : std::uint8_t { kSupported, kUnsupported, kContradicted, kDoubtful };

// The taxonomy of research/triplets.md, and the classes of structured queries
// (research/structured_queries.md).
enum class HallucinationType : std::uint8_t {
  kNone,
  kDetailedInformationModification,  // a number, date, name or attribute changed
  kAbsoluteFabrication,              // new information with no support
  kContextualFabrication,            // real entities, misrepresented relation
  kSchema,     // a query names a table, column or function that does not exist (or is no query)
  kUnsafe,     // a query would change something or reach outside the data
  kLinking,    // a query and the question disagree on the values asked for
  kContent,    // a query filters on a value the data does not hold
  kExecution,  // a query fails or finds nothing on the data
  kLogic,      // a query breaks a relation its rewritten questions keep
  // A search's (SPL, the Self-Debating paper's taxonomy):
  kSyntax,             // it does not run: unknown command or function, broken quoting
  kFabrication,        // a name the prompt never gave
  kMixed,              // names the prompt gave, combined as it never did
  kMisaligned,         // a value given to the wrong field
  kMisinterpretation,  // a constraint the question did not ask for
  kUnverified,         // no hallucination type: a name not in a list known to be incomplete
};

// Where in the context the evidence for a verdict lies.
struct Evidence {
  std::uint32_t passage = 0;
  std::uint32_t begin = 0;  // byte span in the passage's text
  std::uint32_t end = 0;

  friend bool operator==(const Evidence&, const Evidence&) = default;
};

// A contradicted value and the evidence's value for it: what a `correct` rewrite substitutes.
// Set only when the match is unambiguous (one value of that kind in the matched evidence).
struct Correction {
  std::size_t answer_begin = 0;  // byte span of the wrong value in the full answer text
  std::size_t answer_end = 0;
  std::string evidence_text;  // the value as the evidence writes it

  friend bool operator==(const Correction&, const Correction&) = default;
};

// A figure the context implies, and how: the arithmetic that gives it from figures the
// context writes ("(a - b) / b * 100", a = "$1,496.5" of "Total sales, 2019" at its offsets, b =
// …). The evidence of a recomputed figure, and of a correction computed the same way.
struct Derivation {
  struct Operand {
    std::string name;   // "a", "b", … as the expression names it
    Evidence evidence;  // where the context writes it
    std::string text;   // as written ("$1,496.5")
    std::string key;    // what it is: its row and column ("Total sales, 2019"), or ""
  };
  std::string expression;  // "(a - b) / b * 100"; just "a" for a figure read off
  std::string result;      // the value it gives, written as the answer writes its figure
  std::vector<Operand> operands;

  friend bool operator==(const Derivation&, const Derivation&) = default;
};

std::string_view to_string(Label label);
// How bad a label is (supported 0, unsupported and doubtful 1, contradicted 2): the worst
// decides.
int severity(Label label);
// The label says the sentence is not grounded (unsupported, contradicted): a flag. Doubt is not.
bool is_flag(Label label);
std::string_view to_string(HallucinationType type);
// "supported" | "unsupported" | "contradicted" → the label; anything else (doubtful too: no
// engine or judge answers so) → nullopt.
std::optional<Label> parse_label(std::string_view name);

}  // namespace groundgate::filters::verdict
