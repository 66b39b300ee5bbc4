// Every shipped example config loads without errors.
#include <algorithm>
#include <filesystem>

#include <gtest/gtest.h>

#include "config/config_loader.h"
#include "tests/config/config_test_util.h"
#include "tests/config/guarded_routes.h"

namespace groundgate::config {
namespace {

std::string example(const char* name) {
  return std::string(GG_CONFIG_EXAMPLES_DIR) + "/" + name;
}

TEST(Examples, EveryExampleLoads) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(GG_CONFIG_EXAMPLES_DIR)) {
    // Scripts for the mock upstream live beside the configs but are not configs.
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".yaml" || name.ends_with("-mock-script.yaml")) continue;
    ++count;
    LoadResult r = load_config_file(entry.path().string());
    EXPECT_TRUE(r.config) << entry.path() << ": " << ::testing::PrintToString(testing::messages(r));
  }
  EXPECT_GE(count, 3);
}

TEST(Examples, OpenAiUsesTheSystemCaStore) {
  LoadResult r = load_config_file(example("openai.yaml"));
  ASSERT_TRUE(r.config);
  const UpstreamConfig* openai = r.config->find_upstream("openai");
  ASSERT_NE(nullptr, openai);
  EXPECT_TRUE(openai->https);
  EXPECT_EQ("api.openai.com", openai->host);
  EXPECT_EQ(443, openai->port);
  EXPECT_EQ("", openai->tls.ca_file);
  EXPECT_FALSE(openai->tls.insecure_skip_verify);
}

TEST(Examples, DemoRedactsThroughTheMock) {
  LoadResult r = load_config_file(example("demo.yaml"));
  ASSERT_TRUE(r.config);
  const Config& c = *r.config;
  EXPECT_EQ(8080, c.listen.port);
  EXPECT_EQ(9901, c.admin_listen.port);
  const UpstreamConfig* mock = c.find_upstream("mock");
  ASSERT_NE(nullptr, mock);
  EXPECT_EQ(8081, mock->port);
  ASSERT_EQ(4u, c.routes.size());
  EXPECT_EQ("/v1", c.routes[3].match.path_prefix);
  EXPECT_TRUE(c.routes[3].allow_policy_header);
  const PolicyConfig* policy = c.find_policy(c.routes[3].policy);
  ASSERT_NE(nullptr, policy);
  EXPECT_EQ("redact-demo", policy->name);
  ASSERT_TRUE(policy->redact);
  EXPECT_FALSE(policy->redact->phrases.empty());
}

TEST(Examples, DemoHasOneRouteAndPolicyPerAction) {
  LoadResult r = load_config_file(example("demo.yaml"));
  ASSERT_TRUE(r.config);
  const Config& c = *r.config;
  for (const char* action : {"annotate", "block", "rewrite"}) {
    const auto route = std::find_if(c.routes.begin(), c.routes.end(),
                                    [&](const RouteConfig& x) { return x.name == action; });
    ASSERT_NE(c.routes.end(), route) << action;
    EXPECT_EQ(std::string("guard-") + action, route->match.model);
    const PolicyConfig* policy = c.find_policy(route->policy);
    ASSERT_NE(nullptr, policy) << action;
    EXPECT_TRUE(policy->runs("semantic_pieces")) << action;
  }
  EXPECT_EQ(HoldMode::kSentence, c.find_policy("block")->hold);
  EXPECT_EQ(ActionKind::kBlock, c.find_policy("block")->actions.contradicted.kind);
  EXPECT_EQ(RewriteKind::kCorrect, c.find_policy("rewrite")->actions.contradicted.rewrite);
}

TEST(Examples, LocalVllmHasLongTimeouts) {
  LoadResult r = load_config_file(example("local-vllm.yaml"));
  ASSERT_TRUE(r.config);
  const UpstreamConfig& u = r.config->upstreams.at(0);
  EXPECT_FALSE(u.https);
  EXPECT_GT(u.header_timeout, UpstreamConfig{}.header_timeout);
}

// Every example in the folder (a new one cannot be missed): chat completions, legacy
// completions and the Responses API all land on a verifying policy. The demo routes by model,
// one guarded route per action.
TEST(Examples, EveryAnswerApiIsGuardedOutOfTheBox) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(GG_CONFIG_EXAMPLES_DIR)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".yaml" || name.ends_with("-mock-script.yaml")) continue;
    ++count;
    LoadResult r = load_config_file(entry.path().string());
    ASSERT_TRUE(r.config) << name;
    if (name == "demo.yaml") {
      for (const char* model : {"guard-annotate", "guard-block", "guard-rewrite"})
        expect_answers_verified(*r.config, name, model);
    } else {
      expect_answers_guarded(*r.config, name);
    }
  }
  EXPECT_GE(count, 4);
}

TEST(Examples, TheContainerConfigListensOnAllInterfacesWithAdminApart) {
  LoadResult r = load_config_file(example("container.yaml"));
  ASSERT_TRUE(r.config);
  EXPECT_EQ("0.0.0.0", r.config->listen.host);
  EXPECT_EQ(8080, r.config->listen.port);
  EXPECT_NE(r.config->listen.port, r.config->admin_listen.port);
}

TEST(Examples, GroundedPoliciesVerifyWithSemanticPieces) {
  for (const char* name : {"openai.yaml", "local-vllm.yaml", "container.yaml"}) {
    LoadResult r = load_config_file(example(name));
    ASSERT_TRUE(r.config) << name;
    const PolicyConfig* grounded = r.config->find_policy("grounded");
    ASSERT_NE(nullptr, grounded) << name;
    EXPECT_EQ(std::vector<std::string>{"semantic_pieces"}, grounded->verifiers) << name;
    EXPECT_EQ(HoldMode::kStreamFirst, grounded->hold) << name;
    EXPECT_FALSE(grounded->context.keep_extension_fields) << name;
  }
}

}  // namespace
}  // namespace groundgate::config
