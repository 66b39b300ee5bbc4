#include "filters/sql/sql_verdict_json.h"

#include "filters/verdict/json_string.h"
#include "filters/verdict/query_finding_json.h"

namespace groundgate::filters::sql {

using verdict::append_json_string;

void append_verdict_members(std::string& out, const SqlVerdict& v, const VerdictJsonOptions& o) {
  out += ",\"label\":";
  append_json_string(out, v.unverified() ? "unverified" : verdict::to_string(v.label));
  out += v.unsafe ? ",\"unsafe\":true" : ",\"unsafe\":false";
  out += v.has_schema ? ",\"schema\":true" : ",\"schema\":false";
  out += ",\"statements\":" + std::to_string(v.statements);
  out += ",\"checks\":{";
  for (std::size_t i = 0; i < kChecks; ++i) {
    if (i > 0) out += ',';
    append_json_string(out, to_string(static_cast<Check>(i)));
    out += ':';
    verdict::append_check_state(out, to_string(v.checks[i].state), v.checks[i].note);
  }
  out += "},\"findings\":[";
  for (std::size_t i = 0; i < v.findings.size(); ++i) {
    const Finding& f = v.findings[i];
    if (i > 0) out += ',';
    verdict::append_query_finding(
        out,
        {to_string(f.check), to_string(f.type), f.label, f.code, o.offset + f.begin,
         o.offset + f.end, f.annotate_only, f.reason, f.replacement ? &*f.replacement : nullptr},
        o.include_text);
  }
  out += ']';
  if (o.include_text && v.corrected) {
    out += ",\"corrected\":";
    append_json_string(out, *v.corrected);
  }
  if (o.include_reads) {
    out += ",\"reads\":[";
    for (std::size_t i = 0; i < v.reads.size(); ++i) {
      out += i > 0 ? ",[" : "[";
      append_json_string(out, v.reads[i].table);
      out += ',';
      append_json_string(out, v.reads[i].column);
      out += ']';
    }
    out += ']';
  }
}

}  // namespace groundgate::filters::sql
