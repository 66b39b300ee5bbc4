// The "semantic_pieces" verifier in the factory's table: driven by policy.verifiers, compiled
// once per snapshot, with one context-index cache for the snapshot's streams.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "filters/context/context_options.h"
#include "filters/registry/filter_chain_factory.h"
#include "filters/semantic_piece/verifier_options.h"
#include "tests/support/request_view.h"

namespace groundgate::filters::registry {
namespace {

constexpr std::string_view kBody =
    R"({"model":"m","context":["The Eiffel Tower is 330 metres tall. It opened in 1889."],)"
    R"("messages":[{"role":"user","content":"When did it open?"}]})";

const filters::request::RequestView& body_view() {
  static const filters::request::RequestView view = groundgate::testing::view_of(kBody);
  return view;
}

config::PolicyConfig grounded(std::string name) {
  config::PolicyConfig policy;
  policy.name = std::move(name);
  policy.verifiers = {"semantic_pieces"};
  return policy;
}

std::uint64_t count_of(const stream::StreamReport& report, std::string_view key) {
  for (const auto& [name, value] : report.counts) {
    if (name == key) return value;
  }
  ADD_FAILURE() << "no count " << key;
  return 0;
}

TEST(SemanticPiecesRegistry, ConfigDefaultsAreTheEnginesDefaults) {
  // config/ cannot see filters/, so its defaults are copies: keep them equal.
  const config::ContextSourcesConfig c;
  const context::ContextOptions o;
  EXPECT_EQ(o.tool_messages, c.tool_messages);
  EXPECT_EQ(o.extension_fields, c.extension_fields);
  EXPECT_EQ(o.keep_extension_fields, c.keep_extension_fields);
  EXPECT_EQ(o.tagged_blocks, c.tagged_blocks);
  EXPECT_EQ(o.tags, c.tags);
  EXPECT_EQ(o.system_message, c.system_message);
  EXPECT_EQ(o.question, c.question);
  EXPECT_EQ(o.max_bytes, c.max_bytes);
  const config::SemanticPiecesConfig s;
  const semantic_piece::VerifierOptions v;
  EXPECT_EQ(v.top_k, s.top_k);
  EXPECT_EQ(v.min_coverage, s.min_coverage);
  EXPECT_EQ(v.match_overlap, s.match_overlap);
  EXPECT_EQ(v.elsewhere_weight, s.elsewhere_weight);
  EXPECT_EQ(v.question_grounds_words, s.question_grounds_words);
  EXPECT_EQ(v.rule.flag_contradicted, s.flag_contradicted);
  EXPECT_EQ(v.rule.max_unsupported_share, s.max_unsupported_share);
}

TEST(SemanticPiecesRegistry, VerifiersListPutsTheFilterAfterRedact) {
  config::Config config;
  config::PolicyConfig both = grounded("both");
  both.redact = config::RedactConfig{{"secret"}, "***", true};
  config::PolicyConfig plain;
  plain.name = "plain";
  config.policies = {grounded("grounded"), both, plain};
  const auto factory = FilterChainFactory::build(config);
  EXPECT_EQ((std::vector<std::string_view>{"guard"}), factory->filter_names("grounded"));
  EXPECT_EQ((std::vector<std::string_view>{"redact", "guard"}), factory->filter_names("both"));
  EXPECT_FALSE(factory->has_filters("plain"));
  ASSERT_NE(nullptr, factory->index_cache());
  EXPECT_EQ(config.limits.context_cache_bytes, factory->index_cache()->max_memory_bytes());
}

TEST(SemanticPiecesRegistry, AReloadKeepsTheCacheWithTheNewBound) {
  config::Config config;
  config.policies = {grounded("grounded")};
  const auto first = FilterChainFactory::build(config);
  first->create("grounded", {.request = body_view()}).prepare();
  ASSERT_EQ(1u, first->index_cache()->stats().entries);

  config.limits.context_cache_bytes = 32u << 20;
  const auto reloaded = FilterChainFactory::build(config, first->index_cache());
  EXPECT_EQ(first->index_cache(), reloaded->index_cache());
  EXPECT_EQ(32u << 20, reloaded->index_cache()->max_memory_bytes());
  reloaded->create("grounded", {.request = body_view()}).prepare();
  EXPECT_EQ(1u, reloaded->index_cache()->stats().hits) << "the context indexed before the reload";

  config.limits.context_cache_bytes = 0;  // keep nothing
  const auto off = FilterChainFactory::build(config, reloaded->index_cache());
  EXPECT_EQ(0u, off->index_cache()->stats().entries);
  off->create("grounded", {.request = body_view()}).prepare();
  EXPECT_EQ(0u, off->index_cache()->stats().entries);
}

TEST(SemanticPiecesRegistry, StreamsVerifyAgainstTheRequestsContext) {
  config::Config config;
  config.policies = {grounded("grounded")};
  const auto factory = FilterChainFactory::build(config);
  stream::FilterChain chain =
      factory->create("grounded", {.route = "r", .policy = "grounded", .request = body_view()});
  EXPECT_EQ(chain.members_to_strip(), (std::vector<std::string>{"context", "documents"}));

  EXPECT_EQ("It opened in 1899.", chain.on_delta(0, "It opened in 1899.").text);
  chain.on_choice_end(0);
  EXPECT_EQ(1u, count_of(chain.report(), "verdicts.contradicted"));

  // A second stream with the same context is served from the snapshot's cache.
  factory->create("grounded", {.request = body_view()}).prepare();
  EXPECT_EQ(1u, factory->index_cache()->stats().hits);
}

TEST(SemanticPiecesRegistry, PolicyOptionsReachTheFilter) {
  config::Config config;
  config::PolicyConfig keep = grounded("keep");
  keep.context.keep_extension_fields = true;
  config::PolicyConfig no_fields = grounded("no_fields");
  no_fields.context.extension_fields = false;
  config.policies = {keep, no_fields};
  const auto factory = FilterChainFactory::build(config);

  EXPECT_TRUE(factory->create("keep", {.request = body_view()}).members_to_strip().empty())
      << "kept: the original body is forwarded";

  stream::FilterChain chain = factory->create("no_fields", {.request = body_view()});
  chain.on_delta(0, "It opened in 1899.");
  chain.on_choice_end(0);
  EXPECT_EQ(1u, count_of(chain.report(), "verdicts.no_context"));
}

}  // namespace
}  // namespace groundgate::filters::registry
