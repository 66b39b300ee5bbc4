#include "filters/registry/filter_chain_factory.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

namespace groundgate::filters::registry {
namespace {

const filters::request::RequestView kNoRequest;

config::Config config_with_policies() {
  config::Config config;
  config::PolicyConfig redacting;
  redacting.name = "redacting";
  redacting.redact = config::RedactConfig{{"secret", "password"}, "***", true};
  config::PolicyConfig plain;
  plain.name = "plain";
  config::PolicyConfig no_phrases;
  no_phrases.name = "no_phrases";
  no_phrases.redact = config::RedactConfig{};
  config.policies = {redacting, plain, no_phrases};
  return config;
}

TEST(FilterChainFactory, PolicyWithRedactBuildsARedactingChain) {
  // The factory keeps what it compiled: the config may go away.
  const auto factory = FilterChainFactory::build(config_with_policies());
  EXPECT_TRUE(factory->has_filters("redacting"));
  EXPECT_EQ((std::vector<std::string_view>{"redact"}), factory->filter_names("redacting"));

  stream::FilterChain chain =
      factory->create("redacting", {.route = "chat", .policy = "redacting", .request = kNoRequest});
  ASSERT_FALSE(chain.empty());
  std::string out = chain.on_delta(0, "the SECRET pass").text;
  out += chain.on_delta(0, "word is out").text;
  out += chain.on_choice_end(0).text;
  EXPECT_EQ("the *** *** is out", out);
}

TEST(FilterChainFactory, EachStreamGetsItsOwnState) {
  const auto factory = FilterChainFactory::build(config_with_policies());
  stream::FilterChain first = factory->create("redacting", {.request = kNoRequest});
  stream::FilterChain second = factory->create("redacting", {.request = kNoRequest});
  EXPECT_EQ("a ", first.on_delta(0, "a sec").text);
  EXPECT_EQ("b ", second.on_delta(0, "b sec").text);
  EXPECT_EQ("sec", second.on_choice_end(0).text);
  EXPECT_EQ("***", first.on_delta(0, "ret").text);
}

TEST(FilterChainFactory, UnknownEmptyOrFilterlessPolicyGivesAnEmptyChain) {
  const auto factory = FilterChainFactory::build(config_with_policies());
  for (std::string_view policy : {"unknown", "", "plain", "no_phrases"}) {
    EXPECT_FALSE(factory->has_filters(policy)) << policy;
    EXPECT_TRUE(factory->create(policy, {.request = kNoRequest}).empty()) << policy;
    EXPECT_TRUE(factory->filter_names(policy).empty()) << policy;
  }
}

TEST(FilterChainFactory, FirstPolicyOfADuplicatedNameWins) {
  config::Config config = config_with_policies();
  config::PolicyConfig shadow;
  shadow.name = "redacting";
  config.policies.push_back(shadow);
  EXPECT_TRUE(FilterChainFactory::build(config)->has_filters("redacting"));
}

}  // namespace
}  // namespace groundgate::filters::registry
