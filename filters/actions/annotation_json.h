#pragma once
// The `groundgate` annotation objects (README "Annotation format"): one per acted-on sentence,
// one answer-level summary per stream.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "filters/actions/decision.h"
#include "filters/stream/stream_filter.h"
#include "filters/verify/sentence_verdict.h"

namespace groundgate::filters::actions {

struct SentenceAnnotation {
  int choice = 0;
  std::size_t begin = 0;  // byte span of the sentence in the choice's full answer text
  std::size_t end = 0;
  const Decision* decision = nullptr;
  const verify::SentenceVerdict* verdict = nullptr;  // null: no context
  std::string_view applied_rewrite;                  // the rewrite applied, if any
  // A tool call rather than a sentence: its position, name and deciding argument replace the
  // offsets.
  bool tool_call = false;
  std::size_t call = 0;
  std::string_view name;
  std::string_view argument;
  // A structured answer's language rather than prose (a query: "sql"): `"kind"` and every
  // finding of its checks.
  std::string_view kind;
};

// {"type":"verdict","choice":0,"offset":[b,e],"label":...,"action":...,"score":...,
//  "hallucination_type":...,"reason":...,"engine":...,"code":...,
//  "evidence":{"passage":i,"offset":[b,e]}}
// A tool call's: {"type":"tool_call","choice":0,"call":0,"name":...,"argument":..., ...}
// A query's add "kind":"sql" and "findings":[{"type":...,"code":...,"label":...,
// "offset":[b,e],"reason":...}, ...].
std::string sentence_annotation(const SentenceAnnotation& a);

// {"type":"verdict","choice":0,"offset":[b,e],"label":"unverified","action":...,
//  "error":REASON,"bytes":n}: input the guard could not check (choice and offset only when it
// is text of a choice).
std::string unverified_annotation(const stream::UnverifiedInput& input, const Decision& decision);

struct SummaryAnnotation {
  std::string_view policy;
  // grounded | hallucinated | unverified | no_context | no_claims | unchecked
  std::string_view verdict;
  double score = 0;
  std::uint64_t sentences = 0;  // all sentences seen
  std::uint64_t checked = 0;    // verified, holding a claim
  std::uint64_t unchecked = 0;  // not verified: no context, errors, choices over the limit,
                                // unreadable input
  std::uint64_t supported = 0;
  std::uint64_t doubtful = 0;  // the scorer could not settle them (nor a judge)
  std::uint64_t unsupported = 0;
  std::uint64_t contradicted = 0;
  std::uint64_t no_claim = 0;  // sentences with nothing to check ("Thanks!"): not in `checked`
  std::uint64_t unverified = 0;
  std::uint64_t annotated = 0;
  std::uint64_t rewritten = 0;
  std::uint64_t blocked = 0;
  // Why nothing was checked: "no_context", "request_unreadable", "json_response".
  std::string_view unchecked_reason;
  bool context_truncated = false;         // the context was cut at the policy's max_bytes
  bool context_unreadable = false;        // part of the context could not be read
  double added_ms = 0;                    // time the guard spent (context + verification)
  double held_ms_max = 0;                 // longest hold of one sentence (sentence hold)
  std::uint64_t tool_calls = 0;           // tool calls seen (shown when there were any)
  std::uint64_t tool_calls_checked = 0;   // of them, verified
  std::uint64_t queries = 0;              // SQL queries decided on (shown when there were any)
  std::uint64_t unsafe = 0;               // of them, unsafe
  std::uint64_t unchecked_sentences = 0;  // prose a policy checking only SQL let through
  // Reasoning text the client was sent (shown when there was some), and whether it was checked.
  std::uint64_t reasoning_bytes = 0;
  bool reasoning_verified = false;
  // What the checks had to say, in their order: {"metamorphic", {...}} (SQL check 5),
  // {"judge", {...}}.
  std::vector<std::pair<std::string_view, std::string>> checks;
};

std::string summary_annotation(const SummaryAnnotation& s);

}  // namespace groundgate::filters::actions
