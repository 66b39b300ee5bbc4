#include "filters/verdict/derivation_json.h"

#include "filters/verdict/json_string.h"

namespace groundgate::filters::verdict {

void append_json(std::string& out, const Derivation& d) {
  out += "{\"expression\":";
  append_json_string(out, d.expression);
  out += ",\"result\":";
  append_json_string(out, d.result);
  out += ",\"operands\":[";
  for (std::size_t i = 0; i < d.operands.size(); ++i) {
    const Derivation::Operand& o = d.operands[i];
    if (i > 0) out += ',';
    out += "{\"name\":";
    append_json_string(out, o.name);
    out += ",\"passage\":" + std::to_string(o.evidence.passage) +
           ",\"begin\":" + std::to_string(o.evidence.begin) +
           ",\"end\":" + std::to_string(o.evidence.end) + ",\"text\":";
    append_json_string(out, o.text);
    if (!o.key.empty()) {
      out += ",\"key\":";
      append_json_string(out, o.key);
    }
    out += '}';
  }
  out += "]}";
}

}  // namespace groundgate::filters::verdict
