#include "filters/spl/spl_verdict_json.h"

#include "filters/verdict/json_string.h"
#include "filters/verdict/query_finding_json.h"

namespace groundgate::filters::spl {

using verdict::append_json_string;

void append_verdict_members(std::string& out, const SplVerdict& v, const VerdictJsonOptions& o) {
  out += ",\"label\":";
  append_json_string(out, verdict::to_string(v.label));
  out += v.has_metadata ? ",\"metadata\":true" : ",\"metadata\":false";
  out += ",\"commands\":" + std::to_string(v.commands);
  out += ",\"checks\":{";
  for (std::size_t i = 0; i < kCheckTypes; ++i) {
    if (i > 0) out += ',';
    append_json_string(out, to_string(static_cast<FindingType>(i)));
    out += ':';
    verdict::append_check_state(out, to_string(v.checks[i].state), v.checks[i].note);
  }
  out += "},\"findings\":[";
  for (std::size_t i = 0; i < v.findings.size(); ++i) {
    const Finding& f = v.findings[i];
    if (i > 0) out += ',';
    // The type is the check that found it: no "check" member.
    verdict::append_query_finding(out,
                                  {{},
                                   to_string(f.type),
                                   f.label,
                                   f.code,
                                   o.offset + f.begin,
                                   o.offset + f.end,
                                   false,
                                   f.reason,
                                   f.replacement ? &*f.replacement : nullptr},
                                  o.include_text);
  }
  out += ']';
  if (o.include_text && v.corrected) {
    out += ",\"corrected\":";
    append_json_string(out, *v.corrected);
  }
}

}  // namespace groundgate::filters::spl
