// A policy's verification keys: verifiers, context sources, hold mode, semantic_pieces.
#include "config/config_loader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/config/config_test_util.h"

namespace groundgate::config {
namespace {

using ::testing::ElementsAre;
using testing::errors_after;
using testing::kPolicyBase;
using testing::load_after;
using testing::messages;

// Policy snippets follow kPolicyBase, so the rest of the config is valid; a snippet starts on
// line 6.
LoadResult load_policy(std::string_view snippet) {
  return load_after(kPolicyBase, snippet);
}

std::vector<std::string> errors_of(std::string_view snippet) {
  return errors_after(kPolicyBase, snippet);
}

TEST(PolicyVerifiers, DefaultsMatchTheEnginesDefaults) {
  LoadResult r = load_policy("  g: {verifiers: [semantic_pieces]}\n");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  const PolicyConfig& p = *r.config->find_policy("g");
  EXPECT_EQ(std::vector<std::string>{"semantic_pieces"}, p.verifiers);
  EXPECT_EQ(HoldMode::kStreamFirst, p.hold);
  EXPECT_TRUE(p.context.tool_messages);
  EXPECT_TRUE(p.context.extension_fields);
  EXPECT_FALSE(p.context.keep_extension_fields);
  EXPECT_TRUE(p.context.tagged_blocks);
  EXPECT_EQ((std::vector<std::string>{"context", "documents", "document"}), p.context.tags);
  EXPECT_FALSE(p.context.system_message);
  EXPECT_FALSE(p.context.question);
  EXPECT_EQ(256u * 1024, p.context.max_bytes);
  EXPECT_EQ(3u, p.semantic_pieces.top_k);
  EXPECT_EQ(1.0, p.semantic_pieces.min_coverage);
  EXPECT_EQ(0.5, p.semantic_pieces.match_overlap);
  EXPECT_EQ(1.0, p.semantic_pieces.elsewhere_weight);
  EXPECT_TRUE(p.semantic_pieces.question_grounds_words);
  EXPECT_TRUE(p.semantic_pieces.check_relations);
  EXPECT_TRUE(p.semantic_pieces.names_as_written);
  EXPECT_TRUE(p.semantic_pieces.flag_contradicted);
  EXPECT_EQ(0.0, p.semantic_pieces.max_unsupported_share);
}

TEST(PolicyVerifiers, EveryKeyIsRead) {
  LoadResult r = load_policy(R"(  g:
    verifiers: [semantic_pieces]
    hold: stream_first
    context:
      tool_messages: false
      extension_fields: false
      keep_extension_fields: true
      tagged_blocks: true
      tags: [ctx, "doc:chunk", ctx]
      system_message: true
      question: true
      max_bytes: 1MiB
    semantic_pieces:
      top_k: 5
      min_coverage: 0.8
      match_overlap: 0.6
      elsewhere_weight: 0.5
      question_grounds_words: false
      names_as_written: false
      flag_contradicted: false
      max_unsupported_share: 0.25
)");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  const PolicyConfig& p = *r.config->find_policy("g");
  EXPECT_FALSE(p.context.tool_messages);
  EXPECT_FALSE(p.context.extension_fields);
  EXPECT_TRUE(p.context.keep_extension_fields);
  EXPECT_EQ((std::vector<std::string>{"ctx", "doc:chunk"}), p.context.tags) << "duplicates once";
  EXPECT_TRUE(p.context.system_message);
  EXPECT_TRUE(p.context.question);
  EXPECT_EQ(1u << 20, p.context.max_bytes);
  EXPECT_EQ(5u, p.semantic_pieces.top_k);
  EXPECT_EQ(0.8, p.semantic_pieces.min_coverage);
  EXPECT_EQ(0.6, p.semantic_pieces.match_overlap);
  EXPECT_EQ(0.5, p.semantic_pieces.elsewhere_weight);
  EXPECT_FALSE(p.semantic_pieces.question_grounds_words);
  EXPECT_FALSE(p.semantic_pieces.names_as_written);
  EXPECT_FALSE(p.semantic_pieces.flag_contradicted);
  EXPECT_EQ(0.25, p.semantic_pieces.max_unsupported_share);
}

TEST(PolicyVerifiers, CombineKeys) {
  LoadResult r = load_policy(R"(  g:
    verifiers: [semantic_pieces, triplets]
    combine: {support: either, strong_support: 0.9, contradictions_only: [triplets]}
)");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  const PolicyConfig& p = *r.config->find_policy("g");
  EXPECT_FALSE(p.combine.support_needs_agreement);
  EXPECT_EQ(0.9, p.combine.strong_support);
  EXPECT_EQ(std::vector<std::string>{"triplets"}, p.combine.contradictions_only);
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces, triplets]\n"
                        "    combine: {contradictions_only: [triplet]}\n"),
              ElementsAre("test.yaml:8:37: policies.g.combine.contradictions_only[0]: unknown "
                          "verifier 'triplet'; did you mean 'triplets'?"));
}

TEST(PolicyVerifiers, PolicyWithoutVerifiersVerifiesNothing) {
  LoadResult r = load_policy("  g: {}\n");
  ASSERT_TRUE(r.config);
  EXPECT_TRUE(r.config->find_policy("g")->verifiers.empty());
}

TEST(PolicyVerifiers, UnknownAndRepeatedVerifiers) {
  EXPECT_THAT(errors_of("  g: {verifiers: [semantic_piece]}\n"),
              ElementsAre("test.yaml:6:19: policies.g.verifiers[0]: unknown verifier "
                          "'semantic_piece'; did you mean 'semantic_pieces'?"));
  EXPECT_THAT(errors_of("  g: {verifiers: [nli]}\n"),
              ElementsAre("test.yaml:6:19: policies.g.verifiers[0]: unknown verifier 'nli' "
                          "(available: semantic_pieces, triplets)"));
  EXPECT_THAT(errors_of("  g: {verifiers: [semantic_pieces, semantic_pieces]}\n"),
              ElementsAre("test.yaml:6:36: policies.g.verifiers[1]: verifier 'semantic_pieces' "
                          "is listed twice"));
  EXPECT_THAT(errors_of("  g: {verifiers: semantic_pieces}\n"),
              ElementsAre("test.yaml:6:18: policies.g.verifiers: expected a list, got a scalar"));
}

TEST(PolicyVerifiers, HoldModes) {
  LoadResult r = load_policy("  g: {verifiers: [semantic_pieces, triplets], hold: sentence}\n");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  EXPECT_EQ(r.config->find_policy("g")->hold, HoldMode::kSentence);
  EXPECT_TRUE(r.config->find_policy("g")->runs("triplets"));
  EXPECT_THAT(errors_of("  g: {verifiers: [semantic_pieces], hold: stream-first}\n"),
              ElementsAre("test.yaml:6:43: policies.g.hold: unknown value 'stream-first'; "
                          "did you mean 'stream_first'?"));
}

TEST(PolicyVerifiers, ContextErrorsAreLocated) {
  EXPECT_THAT(errors_of(R"(  g:
    verifiers: [semantic_pieces]
    context:
      tool_message: true
      tags: ["<context>", ""]
      question: maybe
      max_bytes: 1GiB
)"),
              ElementsAre("test.yaml:9:7: policies.g.context: unknown key 'tool_message'; did "
                          "you mean 'tool_messages'?",
                          "test.yaml:10:14: policies.g.context.tags[0]: invalid tag name "
                          "'<context>' (use letters, digits, '_', '-', '.' and ':', as in "
                          "<context>)",
                          "test.yaml:10:27: policies.g.context.tags[1]: invalid tag name '' "
                          "(use letters, digits, '_', '-', '.' and ':', as in <context>)",
                          "test.yaml:11:17: policies.g.context.question: expected true or "
                          "false, got 'maybe'",
                          "test.yaml:12:18: policies.g.context.max_bytes: at most 64MiB of "
                          "context per request, got '1GiB'"));
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces]\n    context: {tags: []}\n"),
              ElementsAre("test.yaml:8:21: policies.g.context.tags: needs at least one tag (or "
                          "set tagged_blocks: false)"));
  LoadResult r = load_policy(
      "  g:\n    verifiers: [semantic_pieces]\n    context: {tags: [], tagged_blocks: false}\n");
  EXPECT_TRUE(r.config) << ::testing::PrintToString(messages(r));
}

TEST(PolicyVerifiers, SemanticPiecesErrorsAreLocated) {
  EXPECT_THAT(errors_of(R"(  g:
    verifiers: [semantic_pieces]
    semantic_pieces:
      top_k: 0
      min_coverage: 1.5
      match_overlap: half
      elsewhere_weight: nan
      max_unsupported_share: -0.1
      topk: 3
)"),
              ElementsAre("test.yaml:9:14: policies.g.semantic_pieces.top_k: expected a whole "
                          "number from 1 to 50, got '0'",
                          "test.yaml:10:21: policies.g.semantic_pieces.min_coverage: expected a "
                          "number from 0 to 1, got '1.5'",
                          "test.yaml:11:22: policies.g.semantic_pieces.match_overlap: expected a "
                          "number from 0 to 1, got 'half'",
                          "test.yaml:12:25: policies.g.semantic_pieces.elsewhere_weight: "
                          "expected a number from 0 to 1, got 'nan'",
                          "test.yaml:13:30: policies.g.semantic_pieces.max_unsupported_share: "
                          "expected a number from 0 to 1, got '-0.1'",
                          "test.yaml:14:7: policies.g.semantic_pieces: unknown key 'topk'; did "
                          "you mean 'top_k'?"));
}

TEST(PolicyVerifiers, SettingsWithoutAVerifierAreRefused) {
  EXPECT_THAT(errors_of("  g:\n    context: {question: true}\n    semantic_pieces: {top_k: 2}\n"),
              ElementsAre("test.yaml:7:5: policies.g.context: has no effect without a verifier "
                          "(add verifiers: [semantic_pieces], or an sql or spl section)",
                          "test.yaml:8:5: policies.g.semantic_pieces: has no effect unless "
                          "'semantic_pieces' is in verifiers"));
  // A verifier list with its own error is not blamed twice.
  EXPECT_THAT(errors_of("  g:\n    verifiers: [tripletz]\n    semantic_pieces: {top_k: 2}\n"),
              ElementsAre("test.yaml:7:17: policies.g.verifiers[0]: unknown verifier "
                          "'tripletz'; did you mean 'triplets'?"));
  EXPECT_THAT(errors_of("  g:\n    hold: sentence\n    actions: {unsupported: block}\n"),
              ElementsAre("test.yaml:7:5: policies.g.hold: has no effect without a verifier "
                          "(add verifiers: [semantic_pieces], or an sql or spl section)",
                          "test.yaml:8:5: policies.g.actions: has no effect without a verifier "
                          "(add verifiers: [semantic_pieces], or an sql or spl section)"));
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces]\n    combine: {support: either}\n"),
              ElementsAre("test.yaml:8:5: policies.g.combine: has no effect unless verifiers "
                          "has both semantic_pieces and triplets"));
}

TEST(PolicyVerifiers, JudgeKeys) {
  LoadResult r = load_policy(R"(  g:
    verifiers: [semantic_pieces]
    judge: {model: gpt-4o-mini, band: [0.2, 0.8], max_sentences: 2, timeout: 3s,
            context_bytes: 4096}
)");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  const PolicyConfig& p = *r.config->find_policy("g");
  ASSERT_TRUE(p.judge.has_value());
  EXPECT_EQ("gpt-4o-mini", p.judge->model);
  ASSERT_TRUE(p.judge->band.has_value());
  EXPECT_EQ(0.2, p.judge->band->low);
  EXPECT_EQ(0.8, p.judge->band->high);
  EXPECT_EQ(2u, p.judge->max_sentences);
  EXPECT_EQ(Millis(3000), p.judge->timeout);
  EXPECT_EQ(4096u, p.judge->context_bytes);
  // Only the model is required.
  r = load_policy("  g: {verifiers: [semantic_pieces], judge: {model: m}}\n");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  EXPECT_FALSE(r.config->find_policy("g")->judge->band.has_value());  // the scorer's, then
  EXPECT_FALSE(
      load_policy("  g: {verifiers: [semantic_pieces]}\n").config->find_policy("g")->judge);
}

TEST(PolicyVerifiers, ScorerThresholds) {
  LoadResult r = load_policy(
      "  g:\n    verifiers: [semantic_pieces]\n    scorer: {doubtful_at: 0.3, unsupported_at: "
      "0.6, contradicted_at: 0.8, answer_at: 0.5}\n");
  ASSERT_TRUE(r.config) << ::testing::PrintToString(messages(r));
  const ScorerConfig& s = r.config->find_policy("g")->scorer;
  EXPECT_EQ(0.3, s.doubtful_at);
  EXPECT_EQ(0.6, s.unsupported_at);
  EXPECT_EQ(0.8, s.contradicted_at);
  EXPECT_EQ(0.5, s.answer_at);
  // The doubt band lies below the flag.
  EXPECT_THAT(
      errors_of("  g:\n    verifiers: [semantic_pieces]\n    scorer: {doubtful_at: 0.7, "
                "unsupported_at: 0.6}\n"),
      ElementsAre("test.yaml:8:27: policies.g.scorer.doubtful_at: above unsupported_at (the "
                  "doubt band lies below it)"));
}

TEST(PolicyVerifiers, JudgeErrorsAreLocated) {
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces]\n    judge: {band: [0.8, 0.2]}\n"),
              ElementsAre("test.yaml:8:12: policies.g.judge: missing required key 'model'",
                          "test.yaml:8:19: policies.g.judge.band: two probabilities [low, high], "
                          "low below high"));
  EXPECT_THAT(errors_of("  g:\n    verifiers: [semantic_pieces]\n    scorer: {model: off}\n"
                        "    judge: {model: m}\n"),
              ElementsAre("test.yaml:9:5: policies.g.judge: asks about the sentences the scorer "
                          "is unsure of: it needs the scorer (scorer.model is off)"));
  EXPECT_THAT(errors_of("  g:\n    judge: {model: m}\n"),
              ElementsAre("test.yaml:7:5: policies.g.judge: has no effect without a verifier "
                          "(add verifiers: [semantic_pieces], or an sql or spl section)"));
}

}  // namespace
}  // namespace groundgate::config
