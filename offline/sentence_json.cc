#include "offline/sentence_json.h"

#include <cstdio>

#include "filters/semantic_piece/verdict_json.h"
#include "filters/verdict/derivation_json.h"

namespace groundgate::offline {
namespace {

namespace verify = filters::verify;
using filters::semantic_piece::append_json_string;

void append_number(std::string& out, double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", value);
  out += buffer;
}

void append_span(std::string& out, std::string_view key, std::string_view text, std::size_t begin,
                 std::size_t end) {
  if (begin > end || end > text.size()) return;
  out += ",\"";
  out += key;
  out += "\":";
  append_json_string(out, text.substr(begin, end - begin));
}

void append_finding(std::string& out, const verify::Finding& f, std::string_view answer,
                    const filters::index::ContextIndex* index) {
  out += "{\"engine\":\"";
  out += verify::to_string(f.engine);
  out += "\",\"label\":\"";
  out += filters::verdict::to_string(f.label);
  out += "\",\"score\":";
  append_number(out, f.score);
  out +=
      ",\"begin\":" + std::to_string(f.answer_begin) + ",\"end\":" + std::to_string(f.answer_end);
  append_span(out, "text", answer, f.answer_begin, f.answer_end);
  out += ",\"code\":";
  append_json_string(out, f.code);
  out += ",\"type\":\"";
  out += filters::verdict::to_string(f.type);
  out += "\",\"reason\":";
  append_json_string(out, f.reason);
  if (f.abstains) out += ",\"abstains\":true";
  if (f.evidence) {
    out += ",\"evidence\":{\"passage\":" + std::to_string(f.evidence->passage) +
           ",\"begin\":" + std::to_string(f.evidence->begin) +
           ",\"end\":" + std::to_string(f.evidence->end);
    if (index != nullptr && f.evidence->passage < index->passages().size()) {
      append_span(out, "text", index->passages()[f.evidence->passage].text, f.evidence->begin,
                  f.evidence->end);
    }
    out += '}';
  }
  if (f.correction) {
    out += ",\"correction\":";
    append_json_string(out, f.correction->evidence_text);
  }
  if (f.derivation) {
    out += ",\"derivation\":";
    filters::verdict::append_json(out, *f.derivation);
  }
  out += '}';
}

}  // namespace

void append_json(std::string& out, const verify::SentenceVerdict& v, std::string_view answer,
                 const filters::index::ContextIndex* index) {
  // As the guard names them: a sentence with nothing to check abstains, one not verified is
  // unverified.
  out += "{\"label\":\"";
  out += !v.ok()     ? std::string_view("unverified")
         : !v.claims ? std::string_view("no_claim")
                     : filters::verdict::to_string(v.label);
  out += "\",\"score\":";
  append_number(out, v.score);
  out +=
      ",\"begin\":" + std::to_string(v.answer_begin) + ",\"end\":" + std::to_string(v.answer_end);
  append_span(out, "text", answer, v.answer_begin, v.answer_end);
  out += v.claims ? ",\"claims\":true" : ",\"claims\":false";
  if (!v.ok()) {
    out += ",\"error\":\"";
    out += verify::to_string(v.error);
    out += '"';
  }
  if (v.decisive) out += ",\"decisive\":" + std::to_string(*v.decisive);
  out += ",\"verify_us\":";
  append_number(out, static_cast<double>(v.verify_ns) / 1e3);
  out += ",\"findings\":[";
  for (std::size_t i = 0; i < v.findings.size(); ++i) {
    if (i > 0) out += ',';
    append_finding(out, v.findings[i], answer, index);
  }
  out += "]}";
}

}  // namespace groundgate::offline
