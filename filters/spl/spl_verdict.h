#pragma once
// What the SPL checks say about one search, in the verdict vocabulary prose and SQL share:
// findings typed by the Self-Debating paper's taxonomy (syntax, fabrication, mixed,
// misaligned, misinterpretation), each with a label, a code, a reason, its span in the
// search and, when exactly one fix is certain, a replacement.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/verdict/verdict_labels.h"

namespace groundgate::filters::spl {

using verdict::Label;

// The taxonomy (research/structured_queries.md), one check each, and what no check can settle.
enum class FindingType : std::uint8_t {
  kSyntax,             // the search does not run: unknown command or function, broken quoting
  kFabrication,        // a name the prompt never gave
  kMixed,              // names the prompt gave, combined as it never did
  kMisaligned,         // a value given to the wrong field (`source=` a sourcetype)
  kMisinterpretation,  // a constraint the question did not ask for (unsupported, never
                       // contradicted)
  // Not a hallucination type: a field the metadata does not list where its list is known to be
  // incomplete (a listed field spelt otherwise, a CIM field an add-on adds at search time, an
  // alternative of coalesce()). Unsupported, never contradicted; it fails no check.
  kUnverified,
};
// The taxonomy's types: the checks a verdict reports on (kUnverified is none).
inline constexpr std::size_t kCheckTypes = 5;
bool is_check_type(FindingType type);

struct Finding {
  FindingType type = FindingType::kSyntax;
  Label label = Label::kContradicted;
  std::string_view code;  // "unknown_command", "unknown_field", "source_of_other_index", ...
  std::string reason;     // for people: "no command `stat`; did you mean `stats`?"
  std::size_t begin = 0;  // byte span in the search text
  std::size_t end = 0;
  std::optional<std::string> replacement;  // for [begin, end) when exactly one fix fits
};

enum class CheckState : std::uint8_t {
  kNotRun,  // nothing to check it against (no metadata, no question)
  kPassed,
  kFailed,  // it made findings
};

struct CheckReport {
  CheckState state = CheckState::kNotRun;
  std::string_view note;  // why not run: "no_metadata", "no_question"
};

struct SplVerdict {
  // The worst finding's label; supported when every check that ran passed.
  Label label = Label::kSupported;
  bool has_metadata = false;  // false: only syntax could be checked
  std::vector<Finding> findings;
  std::array<CheckReport, kCheckTypes> checks{};
  std::size_t commands = 0;
  // The search with every replacement applied, when each contradicting finding has one and
  // the result checks clean.
  std::optional<std::string> corrected;
  std::uint64_t check_ns = 0;

  // `type` one of the checks (is_check_type).
  const CheckReport& report(FindingType type) const {
    return checks[static_cast<std::size_t>(type)];
  }
  CheckReport& report(FindingType type) { return checks[static_cast<std::size_t>(type)]; }
  // The first finding of the worst label; null when there is none.
  const Finding* decisive() const;
};

std::string_view to_string(FindingType type);
std::string_view to_string(CheckState state);

// Appends `finding` (unless one of the same code already covers its span) and updates the
// label.
void add_finding(SplVerdict& verdict, Finding finding);

}  // namespace groundgate::filters::spl
