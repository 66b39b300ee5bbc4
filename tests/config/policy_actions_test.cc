// A policy's inline-action keys: actions, rewrite, answer, on_error, annotations, limits.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config_loader.h"
#include "tests/config/config_test_util.h"

namespace groundgate::config {
namespace {

using ::testing::ElementsAre;
using testing::errors_after;
using testing::kPolicyBase;
using testing::load_after;
using testing::messages;

const std::string kBase = std::string(kPolicyBase) + "  g:\n    verifiers: [semantic_pieces]\n";

LoadResult load_policy(std::string_view keys) {
  return load_after(kBase, keys);
}

std::vector<std::string> errors_of(std::string_view keys) {
  return errors_after(kBase, keys);
}

TEST(PolicyActions, DefaultsAnnotateWithoutChangingText) {
  LoadResult r = load_policy("");
  ASSERT_TRUE(r.config);
  const PolicyConfig& p = *r.config->find_policy("g");
  EXPECT_EQ(p.actions.supported.kind, ActionKind::kPass);
  // Doubt shows, but no block or rewrite meant for flags acts on it.
  EXPECT_EQ(p.actions.doubtful.kind, ActionKind::kAnnotate);
  EXPECT_EQ(p.actions.unsupported.kind, ActionKind::kAnnotate);
  EXPECT_EQ(p.actions.contradicted.kind, ActionKind::kAnnotate);
  EXPECT_EQ(p.actions.no_context.kind, ActionKind::kPass);
  EXPECT_EQ(p.on_error, OnError::kOpen);
  EXPECT_EQ(p.annotations, AnnotationStyle::kInline);
  EXPECT_EQ(p.block_status, 0);
  EXPECT_FALSE(p.verify_json_responses);
  EXPECT_FALSE(p.verify_tool_calls);
  EXPECT_EQ(p.rewrite.fallback, RewriteKind::kReplace);
  EXPECT_DOUBLE_EQ(p.answer.max_share, 1.0);
}

TEST(PolicyActions, EveryActionForm) {
  LoadResult r = load_policy(R"yaml(    hold: sentence
    actions:
      supported: annotate
      doubtful: block
      unsupported: {rewrite: cite}
      contradicted: rewrite
      no_context: block
    rewrite: {notice: "[removed]", caveat: "(unverified)", fallback: drop}
    answer: {max_share: 0.5, min_sentences: 2, action: block}
    on_error: closed
    annotations: comment
    verify_budget_us: 2000
    max_sentence_bytes: 1000
    block_status: 422
    verify_json_responses: true
    verify_tool_calls: true
)yaml");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  const PolicyConfig& p = *r.config->find_policy("g");
  EXPECT_EQ(p.actions.supported.kind, ActionKind::kAnnotate);
  EXPECT_EQ(p.actions.doubtful.kind, ActionKind::kBlock);
  EXPECT_EQ(p.actions.unsupported.kind, ActionKind::kRewrite);
  EXPECT_EQ(p.actions.unsupported.rewrite, RewriteKind::kCite);
  EXPECT_EQ(p.actions.contradicted.kind, ActionKind::kRewrite);
  EXPECT_EQ(p.actions.contradicted.rewrite, RewriteKind::kCorrect);
  EXPECT_EQ(p.actions.no_context.kind, ActionKind::kBlock);
  EXPECT_EQ(p.rewrite.notice, "[removed]");
  EXPECT_EQ(p.rewrite.caveat, "(unverified)");
  EXPECT_EQ(p.rewrite.fallback, RewriteKind::kDrop);
  EXPECT_DOUBLE_EQ(p.answer.max_share, 0.5);
  EXPECT_EQ(p.answer.min_sentences, 2u);
  EXPECT_EQ(p.on_error, OnError::kClosed);
  EXPECT_EQ(p.annotations, AnnotationStyle::kComment);
  EXPECT_EQ(p.verify_budget_us, 2000u);
  EXPECT_EQ(p.max_sentence_bytes, 1000u);
  EXPECT_EQ(p.block_status, 422);
  EXPECT_TRUE(p.verify_json_responses);
  EXPECT_TRUE(p.verify_tool_calls);
}

TEST(PolicyActions, TextChangingActionsNeedSentenceHold) {
  EXPECT_THAT(errors_of("    actions: {contradicted: block}\n"),
              ElementsAre("test.yaml:8:5: policies.g.actions: block, rewrite and on_error: "
                          "closed need hold: sentence (in stream_first the text is sent before "
                          "it is checked)"));
  EXPECT_THAT(errors_of("    actions: {doubtful: block}\n"),
              ElementsAre("test.yaml:8:5: policies.g.actions: block, rewrite and on_error: "
                          "closed need hold: sentence (in stream_first the text is sent before "
                          "it is checked)"));
  EXPECT_THAT(errors_of("    on_error: closed\n"),
              ElementsAre("test.yaml:8:5: policies.g.on_error: block, rewrite and on_error: "
                          "closed need hold: sentence (in stream_first the text is sent before "
                          "it is checked)"));
}

TEST(PolicyActions, BadValuesAreLocated) {
  EXPECT_THAT(errors_of("    hold: sentence\n    actions: {unsupported: blok}\n"),
              ElementsAre("test.yaml:9:28: policies.g.actions.unsupported: unknown value "
                          "'blok'; did you mean 'block'?"));
  EXPECT_THAT(errors_of("    hold: sentence\n    actions: {unsupported: {rewrite: fix}}\n"),
              ElementsAre("test.yaml:9:38: policies.g.actions.unsupported.rewrite: unknown "
                          "value 'fix' (use correct, drop, replace or cite)"));
  EXPECT_THAT(
      errors_of("    actions: {wrong: pass}\n"),
      ElementsAre("test.yaml:8:15: policies.g.actions: unknown key 'wrong' (expected one of: "
                  "supported, doubtful, unsupported, contradicted, no_context)"));
  EXPECT_THAT(errors_of("    rewrite: {fallback: correct}\n"),
              ElementsAre("test.yaml:8:25: policies.g.rewrite.fallback: the fallback of "
                          "'correct' cannot be 'correct' (use drop, replace or cite)"));
  EXPECT_THAT(errors_of("    block_status: 200\n"),
              ElementsAre("test.yaml:8:19: policies.g.block_status: use 0 (cut the answer) or "
                          "an HTTP error status 400-599"));
  EXPECT_THAT(errors_of("    answer: {action: rewrite}\n"),
              ElementsAre("test.yaml:8:22: policies.g.answer.action: the answer threshold can "
                          "'block' or 'annotate'"));
  EXPECT_THAT(errors_of("    on_error: shut\n"),
              ElementsAre("test.yaml:8:15: policies.g.on_error: unknown value 'shut' (use open "
                          "or closed)"));
}

}  // namespace
}  // namespace groundgate::config
