#include "filters/sql/sql_verdict_json.h"

#include "filters/verdict/json_string.h"

namespace groundgate::filters::sql {
namespace {

using verdict::append_json_string;

void append_span(std::string& out, std::size_t begin, std::size_t end) {
  out += '[';
  out += std::to_string(begin);
  out += ',';
  out += std::to_string(end);
  out += ']';
}

void append_check_state(std::string& out, const CheckReport& report) {
  std::string state(to_string(report.state));
  if (!report.note.empty()) state += ":" + std::string(report.note);
  append_json_string(out, state);
}

}  // namespace

void append_verdict_members(std::string& out, const SqlVerdict& v, const VerdictJsonOptions& o) {
  out += ",\"label\":";
  append_json_string(out, verdict::to_string(v.label));
  out += v.unsafe ? ",\"unsafe\":true" : ",\"unsafe\":false";
  out += v.has_schema ? ",\"schema\":true" : ",\"schema\":false";
  out += ",\"statements\":" + std::to_string(v.statements);
  out += ",\"checks\":{";
  for (std::size_t i = 0; i < kChecks; ++i) {
    if (i > 0) out += ',';
    append_json_string(out, to_string(static_cast<Check>(i)));
    out += ':';
    append_check_state(out, v.checks[i]);
  }
  out += "},\"findings\":[";
  for (std::size_t i = 0; i < v.findings.size(); ++i) {
    const Finding& f = v.findings[i];
    out += i > 0 ? ",{\"check\":" : "{\"check\":";
    append_json_string(out, to_string(f.check));
    out += ",\"type\":";
    append_json_string(out, to_string(f.type));
    out += ",\"label\":";
    append_json_string(out, verdict::to_string(f.label));
    out += ",\"code\":";
    append_json_string(out, f.code);
    out += ",\"offset\":";
    append_span(out, o.offset + f.begin, o.offset + f.end);
    if (f.annotate_only) out += ",\"annotate_only\":true";
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
