#pragma once
// The judge's answers, read strictly: each method asked for one form (its prompt file says it),
// and an answer in any other form is garbage, never a guess. Case and the space around the
// separators are free; extra lines, unknown words and missing parts are not (but for the
// triplets' chain of thought, which is free text, and their missing verdicts, which count as
// False: the thesis fails closed).

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "filters/verdict/verdict_labels.h"

namespace groundgate::filters::judge {

// Longest quote (bytes) a verdict may carry.
inline constexpr std::size_t kMaxQuoteBytes = 4096;

// `VERDICT: SUPPORTED|CONTRADICTED|UNSUPPORTED` and `QUOTE: "…"` (or `QUOTE: none`), in either
// order, and an optional `REASON: …` line. A quote may run over several lines; its double
// quotes (straight or typographic) are taken off. SUPPORTED and CONTRADICTED need a quote.
struct VerdictAnswer {
  verdict::Label label = verdict::Label::kUnsupported;
  std::optional<std::string> quote;
  std::string reason;
};
std::optional<VerdictAnswer> parse_verdict(std::string_view text, std::string& error);

// One line per claim, `N: ENTAILMENT "quote"`, `N: CONTRADICTION "quote"`, `N: NEUTRAL`
// (`N.` and `N)` too), every claim 1…claims once and nothing else. An entailment or
// contradiction without a quote is read (its quote empty): it rests on nothing checkable.
enum class Relation : std::uint8_t { kEntailment, kNeutral, kContradiction };
struct NliLine {
  Relation relation = Relation::kNeutral;
  std::string quote;
};
std::optional<std::vector<NliLine>> parse_nli(std::string_view text, std::size_t claims,
                                              std::string& error);

// `[REFERRED TRIPLETS]` (per answer triplet: the source triplets it rests on as `#k`, or None,
// and free reasoning) then `[FINAL ANSWER]` (one `idx:True|False` line per answer triplet; the
// index may be written `triplet_idx_3`, `- 3`, `3 `). A verdict line for an index out of
// range, one given twice with two values, or any other line under [FINAL ANSWER] is garbage;
// a missing one reads False.
struct TripletLine {
  bool supported = false;
  bool missing = false;            // no verdict line: False
  std::vector<std::size_t> cited;  // source triplets (1-based) its reasoning names
};
std::optional<std::vector<TripletLine>> parse_triplets(std::string_view text, std::size_t triplets,
                                                       std::size_t sources, std::string& error);

// A debate's explanation: any non-empty text, cut to `max_bytes` (at a character boundary).
std::optional<std::string> parse_explanation(std::string_view text, std::size_t max_bytes,
                                             std::string& error);

// `[Reason]`, `[Correct Sentence]` and `[Final Sentence]` sections, in that order. A reason
// that is "Correct" says there is nothing to fix.
struct Mitigation {
  bool nothing_to_fix = false;
  std::string reason;
  std::string sentence;  // the final sentence, its lines joined by spaces
};
std::optional<Mitigation> parse_mitigation(std::string_view text, std::string& error);

}  // namespace groundgate::filters::judge
