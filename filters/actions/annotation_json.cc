#include "filters/actions/annotation_json.h"

#include <cstdio>

#include "filters/verdict/derivation_json.h"
#include "filters/verdict/json_string.h"

namespace groundgate::filters::actions {
namespace {

using verdict::append_json_string;

void append_number(std::string& out, double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f", value);
  out += buffer;
}

void append_field(std::string& out, std::string_view key, std::string_view value) {
  out += ",\"";
  out += key;
  out += "\":";
  append_json_string(out, value);
}

void append_count(std::string& out, std::string_view key, std::uint64_t value) {
  out += ",\"";
  out += key;
  out += "\":";
  out += std::to_string(value);
}

void append_json_member(std::string& out, std::string_view key, std::string_view json) {
  out += ",\"";
  out += key;
  out += "\":";
  out += json;
}

void append_span(std::string& out, std::size_t begin, std::size_t end) {
  out += '[';
  out += std::to_string(begin);
  out += ',';
  out += std::to_string(end);
  out += ']';
}

// Every finding of a structured answer's checks (their text unless the client must not see it).
void append_findings(std::string& out, const verify::SentenceVerdict& v, bool with_text) {
  out += ",\"findings\":[";
  bool first = true;
  for (const verify::Finding& f : v.findings) {
    out += first ? "{\"type\":" : ",{\"type\":";
    first = false;
    append_json_string(out, verdict::to_string(f.type));
    append_field(out, "code", f.code);
    append_field(out, "label", f.abstains ? "incomplete" : verdict::to_string(f.label));
    out += ",\"offset\":";
    append_span(out, f.answer_begin, f.answer_end);
    if (with_text) append_field(out, "reason", f.reason);
    out += '}';
  }
  out += ']';
}

// A judge's answer on the sentence that was not taken (filters/judge/acceptance.h): the
// refusal's code ("quote_unrelated", ...); the label is the engines'.
void append_judge_not_taken(std::string& out, const verify::SentenceVerdict& v) {
  for (const verify::Finding& f : v.findings) {
    if (f.engine != verify::Engine::kJudge || !f.abstains) continue;
    append_field(out, "judge_not_taken", f.code);
    return;
  }
}

// The sentence's figures the figures check placed, each with its derivation: the context's
// figures and the arithmetic that gives it, or the value a contradicted one should have
// (context text and computed values only, never the answer's).
void append_figures(std::string& out, const verify::SentenceVerdict& v) {
  bool first = true;
  for (const verify::Finding& f : v.findings) {
    if (f.engine != verify::Engine::kFigures || !f.derivation) continue;
    out += first ? ",\"figures\":[" : ",";
    first = false;
    out += "{\"offset\":";
    append_span(out, f.answer_begin, f.answer_end);
    append_field(out, "label", verdict::to_string(f.label));
    append_field(out, "code", f.code);
    out += ",\"derivation\":";
    verdict::append_json(out, *f.derivation);
    out += '}';
  }
  if (!first) out += ']';
}

}  // namespace

std::string sentence_annotation(const SentenceAnnotation& a) {
  std::string out =
      a.tool_call ? R"({"type":"tool_call","choice":)" : R"({"type":"verdict","choice":)";
  out += std::to_string(a.choice);
  if (!a.kind.empty()) append_field(out, "kind", a.kind);
  if (a.tool_call) {
    append_count(out, "call", a.call);
    append_field(out, "name", a.name);
    if (!a.argument.empty()) append_field(out, "argument", a.argument);
  } else {
    out += ",\"offset\":";
    append_span(out, a.begin, a.end);
  }
  append_field(out, "label", a.decision->label);
  append_field(out, "action", to_string(a.decision->action.kind));
  if (!a.applied_rewrite.empty()) append_field(out, "rewrite", a.applied_rewrite);
  const verify::SentenceVerdict* v = a.verdict;
  // Reasons quote the answer ("answer says 1994, ..."): text a block or a rewrite keeps from
  // the client must not come back in its annotation.
  const config::ActionKind kind = a.decision->action.kind;
  const bool with_text = kind != config::ActionKind::kBlock && kind != config::ActionKind::kRewrite;
  if (v != nullptr && !v->ok()) {
    append_field(out, "error", verify::to_string(v->error));
  } else if (v != nullptr) {
    out += ",\"score\":";
    append_number(out, v->score);
    if (const verify::Finding* f = v->decisive_finding()) {
      append_field(out, "hallucination_type", verdict::to_string(f->type));
      if (with_text) append_field(out, "reason", f->reason);
      append_field(out, "engine", verify::to_string(f->engine));
      append_field(out, "code", f->code);
      // A query's fix, when exactly one fits (what `rewrite: correct` puts in its place).
      if (!a.kind.empty() && with_text && f->correction) {
        append_field(out, "corrected", f->correction->evidence_text);
      }
      if (f->evidence) {
        out += ",\"evidence\":{\"passage\":";
        out += std::to_string(f->evidence->passage);
        out += ",\"offset\":";
        append_span(out, f->evidence->begin, f->evidence->end);
        out += '}';
      }
    }
    append_judge_not_taken(out, *v);
    if (!a.kind.empty()) append_findings(out, *v, with_text);
    append_figures(out, *v);
  }
  out += '}';
  return out;
}

std::string unverified_annotation(const stream::UnverifiedInput& input, const Decision& decision) {
  std::string out = R"({"type":"verdict")";
  if (input.choice >= 0) {
    append_count(out, "choice", static_cast<std::uint64_t>(input.choice));
    out += ",\"offset\":";
    append_span(out, input.offset, input.offset + input.bytes);
  }
  append_field(out, "label", decision.label);
  append_field(out, "action", to_string(decision.action.kind));
  append_field(out, "error", input.reason);
  append_count(out, "bytes", input.bytes);
  out += '}';
  return out;
}

std::string summary_annotation(const SummaryAnnotation& s) {
  std::string out = R"({"type":"summary")";
  append_field(out, "policy", s.policy);
  append_field(out, "verdict", s.verdict);
  out += ",\"score\":";
  append_number(out, s.score);
  append_count(out, "sentences", s.sentences);
  append_count(out, "checked", s.checked);
  append_count(out, "unchecked", s.unchecked);
  if (!s.unchecked_reason.empty()) append_field(out, "unchecked_reason", s.unchecked_reason);
  if (s.context_truncated) out += ",\"context_truncated\":true";
  if (s.context_unreadable) out += ",\"context_unreadable\":true";
  out += ",\"labels\":{\"supported\":";
  out += std::to_string(s.supported);
  append_count(out, "unsupported", s.unsupported);
  append_count(out, "contradicted", s.contradicted);
  append_count(out, "unverified", s.unverified);
  append_count(out, "doubtful", s.doubtful);
  append_count(out, "no_claim", s.no_claim);
  out += "},\"actions\":{\"annotate\":";
  out += std::to_string(s.annotated);
  append_count(out, "rewrite", s.rewritten);
  append_count(out, "block", s.blocked);
  out += "},\"added_ms\":";
  append_number(out, s.added_ms);
  out += ",\"held_ms_max\":";
  append_number(out, s.held_ms_max);
  if (s.tool_calls > 0) {
    append_count(out, "tool_calls", s.tool_calls);
    append_count(out, "tool_calls_checked", s.tool_calls_checked);
  }
  if (s.queries > 0) {
    append_count(out, "queries", s.queries);
    append_count(out, "unsafe", s.unsafe);
  }
  if (s.reasoning_bytes > 0) {
    out += ",\"reasoning\":{\"bytes\":" + std::to_string(s.reasoning_bytes);
    out += s.reasoning_verified ? ",\"verified\":true}" : ",\"verified\":false}";
  }
  for (const auto& [name, json] : s.checks)
    append_json_member(out, name, json);
  if (s.unchecked_sentences > 0) append_count(out, "unchecked_sentences", s.unchecked_sentences);
  out += '}';
  return out;
}

}  // namespace groundgate::filters::actions
