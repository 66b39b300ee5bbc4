#include "config/policy_section.h"

#include <array>
#include <optional>

#include "config/action_section.h"
#include "config/context_section.h"
#include "config/judge_section.h"
#include "config/spl_section.h"
#include "config/sql_section.h"
#include "config/verifier_section.h"
#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 23> kPolicyKeys{"redact",
                                                       "verifiers",
                                                       "context",
                                                       "hold",
                                                       "semantic_pieces",
                                                       "triplets",
                                                       "combine",
                                                       "scorer",
                                                       "judge",
                                                       "actions",
                                                       "rewrite",
                                                       "answer",
                                                       "on_error",
                                                       "verify_budget_us",
                                                       "max_sentence_bytes",
                                                       "annotations",
                                                       "block_status",
                                                       "verify_json_responses",
                                                       "verify_tool_calls",
                                                       "verify_refusals",
                                                       "verify_reasoning",
                                                       "sql",
                                                       "spl"};
// Keys that only mean something when a verifier (or the SQL guard) runs.
constexpr std::array<std::string_view, 18> kVerifyingKeys{"context",
                                                          "hold",
                                                          "combine",
                                                          "scorer",
                                                          "actions",
                                                          "rewrite",
                                                          "answer",
                                                          "on_error",
                                                          "verify_budget_us",
                                                          "max_sentence_bytes",
                                                          "annotations",
                                                          "block_status",
                                                          "triplets",
                                                          "verify_json_responses",
                                                          "verify_tool_calls",
                                                          "verify_refusals",
                                                          "verify_reasoning",
                                                          "judge"};
// Same order as OnError and AnnotationStyle.
constexpr std::array<std::string_view, 2> kOnError{"open", "closed"};
constexpr std::array<std::string_view, 2> kAnnotationStyles{"inline", "comment"};
constexpr std::uint64_t kMaxBudgetUs = 60'000'000;
constexpr std::uint64_t kMaxSentenceBytes = 64u << 10;
constexpr std::array<std::string_view, 3> kRedactKeys{"phrases", "replacement", "case_insensitive"};

RedactConfig read_redact(const YamlField& field, ErrorSink& errors) {
  RedactConfig out;
  YamlMap map(field, kRedactKeys, errors);
  if (!map.valid()) return out;
  if (auto f = map.require("phrases", errors)) {
    if (auto list = read_list(*f, errors)) {
      if (list->empty()) errors.add(f->mark(), f->path + ": needs at least one phrase");
      for (const YamlField& p : *list) {
        auto phrase = read_string(p, errors);
        if (!phrase) continue;
        if (phrase->empty()) {
          errors.add(p.mark(), p.path + ": empty phrase");
          continue;
        }
        out.phrases.push_back(std::move(*phrase));
      }
    }
  }
  if (auto f = map.get("replacement")) {
    if (auto s = read_string(*f, errors)) out.replacement = std::move(*s);
  }
  if (auto f = map.get("case_insensitive")) {
    if (auto b = read_bool(*f, errors)) out.case_insensitive = *b;
  }
  return out;
}

// The inline-action keys that are single values.
void read_guard_keys(const YamlMap& map, PolicyConfig& p, ErrorSink& errors) {
  if (auto f = map.get("actions")) p.actions = read_actions(*f, errors);
  if (auto f = map.get("rewrite")) p.rewrite = read_rewrite(*f, errors);
  if (auto f = map.get("answer")) p.answer = read_answer_threshold(*f, errors);
  if (auto f = map.get("on_error")) {
    if (auto v = read_keyword(*f, kOnError, errors)) p.on_error = static_cast<OnError>(*v);
  }
  if (auto f = map.get("annotations")) {
    if (auto v = read_keyword(*f, kAnnotationStyles, errors)) {
      p.annotations = static_cast<AnnotationStyle>(*v);
    }
  }
  if (auto f = map.get("verify_budget_us")) {
    if (auto v = read_count(*f, kMaxBudgetUs, errors)) p.verify_budget_us = *v;
  }
  if (auto f = map.get("max_sentence_bytes")) {
    if (auto v = read_count(*f, kMaxSentenceBytes, errors)) {
      if (*v == 0) {
        errors.add(f->mark(), f->path + ": must be at least 1");
      } else {
        p.max_sentence_bytes = static_cast<std::size_t>(*v);
      }
    }
  }
  if (auto f = map.get("block_status")) {
    if (auto v = read_number(*f, 0, 599, errors)) {
      if (*v != static_cast<std::uint16_t>(*v) || (*v != 0 && *v < 400)) {
        errors.add(f->mark(), f->path + ": use 0 (cut the answer) or an HTTP error status 400-599");
      } else {
        p.block_status = static_cast<std::uint16_t>(*v);
      }
    }
  }
  if (auto f = map.get("verify_json_responses")) {
    if (auto b = read_bool(*f, errors)) p.verify_json_responses = *b;
  }
  if (auto f = map.get("verify_tool_calls")) {
    if (auto b = read_bool(*f, errors)) p.verify_tool_calls = *b;
  }
  if (auto f = map.get("verify_refusals")) {
    if (auto b = read_bool(*f, errors)) p.verify_refusals = *b;
  }
  if (auto f = map.get("verify_reasoning")) {
    if (auto b = read_bool(*f, errors)) p.verify_reasoning = *b;
  }
}

// A judge's method reads what the policy's engines make, and its rewrite acts on what the
// policy's actions rewrite.
void check_judge(const YamlField& judge, const PolicyConfig& p, ErrorSink& errors) {
  if (p.judge->method == JudgeMethod::kTriplets && !p.runs("triplets")) {
    errors.add(judge.mark(), judge.path +
                                 ".method: triplets judges the triplets the triplets engine "
                                 "extracts: add triplets to verifiers");
  }
  if (!p.judge->mitigate) return;
  const bool rewrites = p.actions.unsupported.kind == ActionKind::kRewrite ||
                        p.actions.contradicted.kind == ActionKind::kRewrite;
  if (!rewrites || p.hold != HoldMode::kSentence) {
    errors.add(judge.mark(), judge.path +
                                 ".rewrite: mitigate rewrites the sentences an action rewrites "
                                 "(actions: {contradicted: rewrite}, hold: sentence); this "
                                 "policy rewrites none");
  }
}

// Settings nothing reads are a trap (the user believes they apply): refuse them.
void check_policy(const YamlMap& map, const PolicyConfig& p, ErrorSink& errors) {
  // A verifier list with errors was reported already, so only an absent or empty one counts.
  const std::optional<YamlField> verifiers = map.get("verifiers");
  const bool no_verifier = !verifiers || verifiers->value.IsNull() ||
                           (verifiers->value.IsSequence() && verifiers->value.size() == 0);
  // Keys of the guard itself (hold, actions, ...) serve the SQL guard too; those of the prose
  // engines do not.
  const bool guard = !no_verifier || map.get("sql").has_value() || map.get("spl").has_value();
  if (!guard) {
    for (std::string_view key : kVerifyingKeys) {
      if (auto f = map.get(key)) {
        errors.add(f->key_mark, f->path +
                                    ": has no effect without a verifier (add verifiers: "
                                    "[semantic_pieces], or an sql or spl section)");
      }
    }
  } else if (no_verifier) {
    for (std::string_view key :
         {"context", "combine", "triplets", "max_sentence_bytes", "verify_budget_us",
          "verify_json_responses", "verify_tool_calls", "judge"}) {
      if (auto f = map.get(key)) {
        errors.add(f->key_mark, f->path +
                                    ": has no effect without a prose verifier (add verifiers: "
                                    "[semantic_pieces])");
      }
    }
  }
  // A list whose every entry had an error was reported already: it blames nothing else.
  const bool listed = !no_verifier && !p.verifiers.empty();
  if (auto f = map.get("semantic_pieces");
      f && (no_verifier || listed) && !p.runs("semantic_pieces")) {
    errors.add(f->key_mark, f->path + ": has no effect unless 'semantic_pieces' is in verifiers");
  }
  if (auto f = map.get("triplets"); f && listed && !p.runs("triplets")) {
    errors.add(f->key_mark, f->path + ": has no effect unless 'triplets' is in verifiers");
  }
  if (auto f = map.get("combine");
      f && listed && !(p.runs("semantic_pieces") && p.runs("triplets"))) {
    errors.add(f->key_mark,
               f->path + ": has no effect unless verifiers has both semantic_pieces and triplets");
  }
  if (auto f = map.get("judge"); f && listed && p.scorer.model == "off") {
    errors.add(f->key_mark, f->path +
                                ": asks about the sentences the scorer is unsure of: it needs "
                                "the scorer (scorer.model is off)");
  }
  if (auto f = map.get("judge"); f && listed && p.judge) check_judge(*f, p, errors);
  if (guard && p.hold == HoldMode::kStreamFirst && changes_text(p)) {
    const std::optional<YamlField> f = map.get("actions")  ? map.get("actions")
                                       : map.get("answer") ? map.get("answer")
                                                           : map.get("on_error");
    if (f) {
      errors.add(f->key_mark, f->path +
                                  ": block, rewrite and on_error: closed need hold: sentence "
                                  "(in stream_first the text is sent before it is checked)");
    }
  }
  if (p.sql && p.sql->answer == SqlConfig::Answer::kWhole && listed) {
    const std::optional<YamlField> sql = map.get("sql");
    errors.add(sql->key_mark, sql->path +
                                  ".answer: whole makes every answer one query: prose "
                                  "verifiers would read SQL as sentences (drop verifiers, or use "
                                  "answer: fenced)");
  }
  if (p.spl && p.spl->answer == SplConfig::Answer::kWhole && listed) {
    const std::optional<YamlField> spl = map.get("spl");
    errors.add(spl->key_mark, spl->path +
                                  ".answer: whole makes every answer one search: prose "
                                  "verifiers would read SPL as sentences (drop verifiers, or use "
                                  "answer: fenced)");
  }
  if (p.spl && p.sql && p.spl->answer == SplConfig::Answer::kWhole &&
      p.sql->answer == SqlConfig::Answer::kWhole) {
    const std::optional<YamlField> spl = map.get("spl");
    errors.add(spl->key_mark, spl->path +
                                  ".answer: whole and sql.answer: whole both claim the whole "
                                  "answer (one of them must be fenced)");
  }
  if (p.sql && p.hold == HoldMode::kStreamFirst && p.sql->unsafe.kind == ActionKind::kBlock) {
    const std::optional<YamlField> sql = map.get("sql");
    errors.add(sql->key_mark, sql->path +
                                  ": unsafe SQL is blocked by default, which needs hold: "
                                  "sentence (or set sql.unsafe: annotate for stream_first)");
  }
}

PolicyConfig read_policy(const YamlField& field, std::string_view base_dir, ErrorSink& errors) {
  PolicyConfig p;
  p.name = field.key;
  if (!valid_name(p.name)) {
    errors.add(field.key_mark, field.path + ": invalid policy name '" + p.name.substr(0, 64) +
                                   "' (use letters, digits, '_', '-' and '.')");
  }
  YamlMap map(field, kPolicyKeys, errors);
  if (auto f = map.get("redact")) p.redact = read_redact(*f, errors);
  if (auto f = map.get("verifiers")) p.verifiers = read_verifiers(*f, errors);
  if (auto f = map.get("hold")) {
    if (auto hold = read_hold(*f, errors)) p.hold = std::move(*hold);
  }
  if (auto f = map.get("context")) p.context = read_context_sources(*f, errors);
  if (auto f = map.get("semantic_pieces")) p.semantic_pieces = read_semantic_pieces(*f, errors);
  if (auto f = map.get("triplets")) p.triplets = read_triplets(*f, errors);
  if (auto f = map.get("combine")) p.combine = read_combine(*f, errors);
  if (auto f = map.get("sql")) p.sql = read_sql(*f, base_dir, errors);
  if (auto f = map.get("spl")) p.spl = read_spl(*f, base_dir, errors);
  if (auto f = map.get("scorer")) p.scorer = read_scorer(*f, base_dir, errors);
  if (auto f = map.get("judge")) p.judge = read_judge(*f, errors);
  read_guard_keys(map, p, errors);
  check_policy(map, p, errors);
  return p;
}

}  // namespace

std::vector<PolicyConfig> read_policies(const YamlField& field, std::string_view base_dir,
                                        ErrorSink& errors) {
  std::vector<PolicyConfig> out;
  YamlMap map(field, {}, errors);
  for (const YamlField& entry : map.entries())
    out.push_back(read_policy(entry, base_dir, errors));
  return out;
}

}  // namespace groundgate::config
