#pragma once
// What is kept of a guarded answer once it is over: the document GET /verdicts/{id} returns
// (the annotations the answer carried inline, whatever the client could read of them) and the
// verdict webhook's body (the summary only: no sentence, reason or evidence, so no answer text
// leaves for the receiver).

#include <string>
#include <string_view>

#include "config/config.h"
#include "filters/stream/filter_chain.h"

namespace groundgate::proxy::server {

// The sentence-level annotations kept of one answer (the answer-level ones are always kept), as
// the latest findings of a blocked answer's error body are bounded.
inline constexpr std::size_t kKeptAnnotationBytes = 64 * 1024;

struct VerdictRecord {
  std::string_view id;           // groundgate's, sent as x-groundgate-id
  std::string_view response_id;  // the upstream's (`chatcmpl-…`, `resp_…`); empty: unknown
  std::string_view route;
  std::string_view policy;
  std::string_view model;
  std::string_view verdict;      // the answer's: grounded, hallucinated, … ("unchecked": none)
  std::string_view stop_reason;  // why the chain stopped the answer; empty: it did not
  const filters::stream::AnnotationLog* log = nullptr;
};

// {"id","response_id","route","policy","model","verdict","stopped","groundgate":[…],
//  "annotations_dropped"}: `groundgate` holds the annotation objects as the inline ones.
std::string verdict_document(const VerdictRecord& record);
// The same without the sentence-level objects: {"id",…,"stopped","summary":{…}}.
std::string webhook_body(const VerdictRecord& record);
// Whether `annotation` is an answer's summary object.
bool is_summary(std::string_view annotation);
// The "verdict" of the summary `record.log` holds; empty without one.
std::string answer_verdict(const VerdictRecord& record);
// Whether the webhook posts this answer: its verdict, or `blocked` for a stopped answer, is in
// the config's `on` list.
bool webhook_wants(const config::VerdictWebhookConfig& webhook, const VerdictRecord& record);

}  // namespace groundgate::proxy::server
