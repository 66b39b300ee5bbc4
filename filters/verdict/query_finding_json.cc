#include "filters/verdict/query_finding_json.h"

#include "filters/verdict/json_string.h"

namespace groundgate::filters::verdict {

void append_query_finding(std::string& out, const QueryFindingJson& f, bool include_text) {
  out += '{';
  if (!f.check.empty()) {
    out += "\"check\":";
    append_json_string(out, f.check);
    out += ',';
  }
  out += "\"type\":";
  append_json_string(out, f.type);
  out += ",\"label\":";
  append_json_string(out, to_string(f.label));
  out += ",\"code\":";
  append_json_string(out, f.code);
  out += ",\"offset\":[" + std::to_string(f.begin) + ',' + std::to_string(f.end) + ']';
  if (f.annotate_only) out += ",\"annotate_only\":true";
  if (include_text) {
    out += ",\"reason\":";
    append_json_string(out, f.reason);
    if (f.replacement != nullptr) {
      out += ",\"replacement\":";
      append_json_string(out, *f.replacement);
    }
  }
  out += '}';
}

void append_check_state(std::string& out, std::string_view state, std::string_view note) {
  std::string text(state);
  if (!note.empty()) (text += ':') += note;
  append_json_string(out, text);
}

}  // namespace groundgate::filters::verdict
