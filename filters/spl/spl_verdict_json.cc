#include "filters/spl/spl_verdict_json.h"

#include "filters/verdict/json_string.h"

namespace groundgate::filters::spl {

using verdict::append_json_string;

void append_verdict_members(std::string& out, const SplVerdict& v, const VerdictJsonOptions& o) {
  out += ",\"label\":";
  append_json_string(out, verdict::to_string(v.label));
  out += v.has_metadata ? ",\"metadata\":true" : ",\"metadata\":false";
  out += ",\"commands\":" + std::to_string(v.commands);
  out += ",\"checks\":{";
  for (std::size_t i = 0; i < kFindingTypes; ++i) {
    if (i > 0) out += ',';
    append_json_string(out, to_string(static_cast<FindingType>(i)));
    out += ':';
    std::string state(to_string(v.checks[i].state));
    if (!v.checks[i].note.empty()) state += ":" + std::string(v.checks[i].note);
    append_json_string(out, state);
  }
  out += "},\"findings\":[";
  for (std::size_t i = 0; i < v.findings.size(); ++i) {
    const Finding& f = v.findings[i];
    out += i > 0 ? ",{\"type\":" : "{\"type\":";
    append_json_string(out, to_string(f.type));
    out += ",\"label\":";
    append_json_string(out, verdict::to_string(f.label));
    out += ",\"code\":";
    append_json_string(out, f.code);
    out += ",\"offset\":[" + std::to_string(o.offset + f.begin) + "," +
           std::to_string(o.offset + f.end) + "]";
    if (o.include_text) {
      out += ",\"reason\":";
      append_json_string(out, f.reason);
      if (f.replacement) {
        out += ",\"replacement\":";
        append_json_string(out, *f.replacement);
      }
    }
    out += '}';
  }
  out += ']';
  if (o.include_text && v.corrected) {
    out += ",\"corrected\":";
    append_json_string(out, *v.corrected);
  }
}

}  // namespace groundgate::filters::spl
