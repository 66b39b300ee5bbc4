// A policy's `spl:` section: where searches and their metadata come from, and its bounds.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "config/config_loader.h"
#include "tests/config/config_test_util.h"

namespace groundgate::config {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::kPolicyBase;
using testing::load;
using testing::load_policy_g;
using testing::messages;
using testing::policy_g_errors;
using testing::TempDir;

TEST(PolicySpl, DefaultsAndAnSplOnlyPolicy) {
  LoadResult r = load_policy_g("    hold: sentence\n    spl: {}\n");
  ASSERT_TRUE(r.config) << (messages(r).empty() ? "" : messages(r)[0]);
  const PolicyConfig& p = *r.config->find_policy("g");
  ASSERT_TRUE(p.spl);
  EXPECT_TRUE(p.guards());
  EXPECT_FALSE(p.verifies());
  EXPECT_EQ(p.spl->answer, SplConfig::Answer::kFenced);
  EXPECT_TRUE(p.spl->metadata_from_request);
  EXPECT_FALSE(p.spl->keep_metadata_field);
  EXPECT_TRUE(p.spl->metadata_file.empty());
  EXPECT_EQ(p.spl->max_query_bytes, 64u << 10);
}

TEST(PolicySpl, EveryKey) {
  TempDir dir;
  dir.write("metadata.json", R"({"indexes": ["main"]})");
  const std::string yaml = std::string(kPolicyBase) + "  g:\n" +
                           "    hold: sentence\n"
                           "    spl:\n"
                           "      answer: whole\n"
                           "      tool_arguments: [{tool: run_search, argument: query}]\n"
                           "      metadata_file: " +
                           dir.path() +
                           "/metadata.json\n"
                           "      metadata_from_request: false\n"
                           "      keep_metadata_field: true\n"
                           "      max_query_bytes: 8KiB\n";
  LoadResult r = load(yaml);
  ASSERT_TRUE(r.config) << (messages(r).empty() ? "" : messages(r)[0]);
  const SplConfig& spl = *r.config->find_policy("g")->spl;
  EXPECT_EQ(spl.answer, SplConfig::Answer::kWhole);
  ASSERT_EQ(spl.tool_arguments.size(), 1u);
  EXPECT_EQ(spl.tool_arguments[0].tool, "run_search");
  EXPECT_EQ(spl.tool_arguments[0].argument, "query");
  EXPECT_EQ(spl.metadata_file, dir.path() + "/metadata.json");
  EXPECT_FALSE(spl.metadata_from_request);
  EXPECT_TRUE(spl.keep_metadata_field);
  EXPECT_EQ(spl.max_query_bytes, 8u << 10);
}

TEST(PolicySpl, BadValues) {
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    spl: {answer: all}\n"),
              ElementsAre(HasSubstr("spl.answer")));
  EXPECT_THAT(
      policy_g_errors("    hold: sentence\n    spl: {metadata_file: /nonexistent/m.json}\n"),
      ElementsAre(HasSubstr("file '/nonexistent/m.json'")));
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    spl: {tool_arguments: [{tool: q}]}\n"),
              ElementsAre(HasSubstr("argument")));
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    spl: {max_query_bytes: 1MiB}\n"),
              ElementsAre(HasSubstr("at most 128KiB")));
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    spl: {metadata: x}\n"),
              ElementsAre(HasSubstr("metadata")));
}

TEST(PolicySpl, AWholeAnswerSearchHasNoProseAndNoWholeQuery) {
  EXPECT_THAT(policy_g_errors("    hold: sentence\n    verifiers: [semantic_pieces]\n"
                              "    spl: {answer: whole}\n"),
              ElementsAre(HasSubstr("answer: whole makes every answer one search")));
  EXPECT_THAT(
      policy_g_errors("    hold: sentence\n    sql: {answer: whole}\n    spl: {answer: whole}\n"),
      ElementsAre(HasSubstr("both claim the whole answer")));
  LoadResult both = load_policy_g(
      "    hold: sentence\n    verifiers: [semantic_pieces]\n    sql: {}\n    spl: {}\n");
  EXPECT_TRUE(both.config) << (messages(both).empty() ? "" : messages(both)[0]);
}

}  // namespace
}  // namespace groundgate::config
