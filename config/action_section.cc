#include "config/action_section.h"

#include <array>
#include <optional>

#include "config/yaml_scalars.h"

namespace groundgate::config {
namespace {

constexpr std::array<std::string_view, 5> kLabels{"supported", "doubtful", "unsupported",
                                                  "contradicted", "no_context"};
// Same order as ActionKind and RewriteKind.
constexpr std::array<std::string_view, 4> kActionKinds{"pass", "annotate", "block", "rewrite"};
constexpr std::array<std::string_view, 4> kRewriteKinds{"correct", "drop", "replace", "cite"};
constexpr std::array<std::string_view, 1> kRewriteActionKeys{"rewrite"};
constexpr std::array<std::string_view, 3> kRewriteKeys{"notice", "caveat", "fallback"};
constexpr std::array<std::string_view, 3> kAnswerKeys{"max_share", "min_sentences", "action"};
constexpr std::uint64_t kMaxMinSentences = 1000;
constexpr std::size_t kMaxNoticeBytes = 1024;

std::optional<ActionConfig> read_action(const YamlField& field, ErrorSink& errors) {
  if (field.value.IsMap()) {
    YamlMap map(field, kRewriteActionKeys, errors);
    auto f = map.require("rewrite", errors);
    if (!f) return std::nullopt;
    auto kind = read_keyword(*f, kRewriteKinds, errors);
    if (!kind) return std::nullopt;
    return ActionConfig{ActionKind::kRewrite, static_cast<RewriteKind>(*kind)};
  }
  auto kind = read_keyword(field, kActionKinds, errors);
  if (!kind) return std::nullopt;
  return ActionConfig{static_cast<ActionKind>(*kind), RewriteKind::kCorrect};
}

std::optional<std::string> read_text(const YamlField& field, ErrorSink& errors) {
  auto text = read_string(field, errors);
  if (text && text->size() > kMaxNoticeBytes) {
    errors.add(field.mark(),
               field.path + ": longer than " + std::to_string(kMaxNoticeBytes) + " bytes");
    return std::nullopt;
  }
  return text;
}

bool text_changing(const ActionConfig& a) {
  return a.kind == ActionKind::kBlock || a.kind == ActionKind::kRewrite;
}

}  // namespace

ActionsConfig read_actions(const YamlField& field, ErrorSink& errors) {
  ActionsConfig out;
  YamlMap map(field, kLabels, errors);
  std::array<ActionConfig*, 5> slots{&out.supported, &out.doubtful, &out.unsupported,
                                     &out.contradicted, &out.no_context};
  for (std::size_t i = 0; i < kLabels.size(); ++i) {
    if (auto f = map.get(kLabels[i])) {
      if (auto action = read_action(*f, errors)) *slots[i] = *action;
    }
  }
  return out;
}

RewriteConfig read_rewrite(const YamlField& field, ErrorSink& errors) {
  RewriteConfig out;
  YamlMap map(field, kRewriteKeys, errors);
  if (auto f = map.get("notice")) {
    if (auto t = read_text(*f, errors)) out.notice = std::move(*t);
  }
  if (auto f = map.get("caveat")) {
    if (auto t = read_text(*f, errors)) out.caveat = std::move(*t);
  }
  if (auto f = map.get("fallback")) {
    if (auto kind = read_keyword(*f, kRewriteKinds, errors)) {
      if (static_cast<RewriteKind>(*kind) == RewriteKind::kCorrect) {
        errors.add(f->mark(), f->path +
                                  ": the fallback of 'correct' cannot be 'correct' "
                                  "(use drop, replace or cite)");
      } else {
        out.fallback = static_cast<RewriteKind>(*kind);
      }
    }
  }
  return out;
}

AnswerThresholdConfig read_answer_threshold(const YamlField& field, ErrorSink& errors) {
  AnswerThresholdConfig out;
  YamlMap map(field, kAnswerKeys, errors);
  if (auto f = map.get("max_share")) {
    if (auto v = read_number(*f, 0.0, 1.0, errors)) out.max_share = *v;
  }
  if (auto f = map.get("min_sentences")) {
    if (auto v = read_count(*f, kMaxMinSentences, errors)) {
      out.min_sentences = static_cast<std::size_t>(*v);
    }
  }
  if (auto f = map.get("action")) {
    if (auto kind = read_keyword(*f, kActionKinds, errors)) {
      const auto action = static_cast<ActionKind>(*kind);
      if (action == ActionKind::kBlock || action == ActionKind::kAnnotate) {
        out.action = action;
      } else {
        errors.add(f->mark(), f->path + ": the answer threshold can 'block' or 'annotate'");
      }
    }
  }
  return out;
}

bool changes_text(const PolicyConfig& p) {
  const ActionsConfig& a = p.actions;
  return text_changing(a.supported) || text_changing(a.doubtful) || text_changing(a.unsupported) ||
         text_changing(a.contradicted) || text_changing(a.no_context) ||
         (p.answer.max_share < 1.0 && p.answer.action == ActionKind::kBlock) ||
         p.on_error == OnError::kClosed;
}

}  // namespace groundgate::config
