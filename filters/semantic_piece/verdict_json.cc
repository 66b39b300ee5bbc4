#include "filters/semantic_piece/verdict_json.h"

#include <cstdio>

namespace groundgate::filters::semantic_piece {
namespace {

void append_number(std::string& out, double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", value);
  out += buffer;
}

}  // namespace

void append_json(std::string& out, const Verdict& v, std::string_view answer,
                 const index::ContextIndex* index) {
  out += "{\"label\":\"";
  out += to_string(v.label);
  out += "\",\"score\":";
  append_number(out, v.score);
  out += ",\"choice\":" + std::to_string(v.choice);
  out += ",\"begin\":" + std::to_string(v.answer_begin);
  out += ",\"end\":" + std::to_string(v.answer_end);
  if (v.answer_end <= answer.size() && v.answer_begin <= v.answer_end) {
    out += ",\"text\":";
    append_json_string(out, answer.substr(v.answer_begin, v.answer_end - v.answer_begin));
  }
  out += ",\"reason_code\":\"";
  out += to_string(v.reason_code);
  out += "\",\"type\":\"";
  out += to_string(v.type);
  out += "\",\"reason\":";
  append_json_string(out, v.reason);
  if (v.evidence) {
    out += ",\"evidence\":{\"passage\":" + std::to_string(v.evidence->passage) +
           ",\"begin\":" + std::to_string(v.evidence->begin) +
           ",\"end\":" + std::to_string(v.evidence->end);
    if (index != nullptr && v.evidence->passage < index->passages().size()) {
      std::string_view text = index->passages()[v.evidence->passage].text;
      if (v.evidence->end <= text.size() && v.evidence->begin <= v.evidence->end) {
        out += ",\"text\":";
        append_json_string(out,
                           text.substr(v.evidence->begin, v.evidence->end - v.evidence->begin));
      }
    }
    out += '}';
  }
  out += '}';
}

}  // namespace groundgate::filters::semantic_piece
