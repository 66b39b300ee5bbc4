// What the argument grammars read from each command they know.
#include "filters/spl/command_grammar.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "filters/spl/command_table.h"

namespace groundgate::filters::spl {
namespace {

struct Read {
  CommandFacts facts;
  std::string text;
};

// The facts of the first command of `q` (a leading pipe makes it a named command).
Read read(std::string q) {
  Read r{{}, std::move(q)};
  const ParsedSearch p = parse_search(r.text);
  const Command& c = p.pipeline.commands.at(0);
  r.facts = read_command(c, r.text, c.name.empty() ? nullptr : CommandTable::get().find(c.name));
  return r;
}

std::vector<std::string> names(const std::vector<FieldRef>& fields) {
  std::vector<std::string> out;
  for (const FieldRef& f : fields)
    out.push_back(f.name);
  return out;
}

bool has_issue(const CommandFacts& f, std::string_view code) {
  return std::any_of(f.issues.begin(), f.issues.end(),
                     [&](const SyntaxIssue& i) { return i.code == code; });
}

using V = std::vector<std::string>;

TEST(Grammar, SearchComponentsFieldsTimesAndConditions) {
  const Read r = read(
      R"(index=main sourcetype="aws:cloudtrail" eventName IN (a, b) NOT user=x earliest=-7d src_ip>1 error)");
  const CommandFacts& f = r.facts;
  ASSERT_EQ(f.components.size(), 2u);
  EXPECT_EQ(f.components[0].kind, Kind::kIndex);
  EXPECT_EQ(f.components[1].value, "aws:cloudtrail");
  EXPECT_EQ(names(f.reads), (V{"eventName", "user", "src_ip"}));
  ASSERT_EQ(f.times.size(), 1u);
  EXPECT_EQ(f.times[0].text, "earliest=-7d");
  ASSERT_NE(f.condition_root, UINT32_MAX);
  EXPECT_EQ(f.conditions[f.condition_root].node, Condition::Node::kAnd);
}

TEST(Grammar, OrBindsTighterThanAndInSearches) {
  const Read r = read("sourcetype=a source=b OR source=c x=1");
  const CommandFacts& f = r.facts;
  const Condition& root = f.conditions[f.condition_root];
  ASSERT_EQ(root.node, Condition::Node::kAnd);
  ASSERT_EQ(root.children.size(), 3u);
  EXPECT_EQ(f.conditions[root.children[1]].node, Condition::Node::kOr);
}

TEST(Grammar, EvalCreatesAndReads) {
  const Read r = read("| eval cmd=lower(CommandLine), n=len(cmd) + 1, 'full name'=a.\" \".b");
  EXPECT_EQ(names(r.facts.creates), (V{"cmd", "n", "full name"}));
  EXPECT_EQ(names(r.facts.reads), (V{"CommandLine", "cmd", "a", "b"}));
  EXPECT_TRUE(r.facts.reads_follow_creates);
  EXPECT_TRUE(r.facts.unknown_functions.empty());
}

TEST(Grammar, EvalUnknownFunctionAndMissingAssignment) {
  const Read bad = read("| eval x=lenght(y)");
  ASSERT_EQ(bad.facts.unknown_functions.size(), 1u);
  EXPECT_EQ(bad.facts.unknown_functions[0].name, "lenght");
  EXPECT_TRUE(has_issue(read("| eval lower(x)").facts, "missing_assignment"));
  EXPECT_TRUE(has_issue(read("| eval x=").facts, "missing_operand"));
  EXPECT_TRUE(has_issue(read("| eval").facts, "missing_argument"));
}

TEST(Grammar, WhereReadsFieldsNotLiterals) {
  const Read r = read(R"(| where like(process, "%cmd%") AND count > 5 AND isnull(x) AND y=null)");
  EXPECT_EQ(names(r.facts.reads), (V{"process", "count", "x", "y"}));
}

TEST(Grammar, StatsFunctionsNamesAndByFields) {
  const Read r = read(
      "| stats count min(_time) as firstTime values(eval(if(a=1, b, null))) as v dc(user) by "
      "dest, process_name");
  EXPECT_EQ(names(r.facts.creates),
            (V{"count", "firstTime", "v", "dc(user)", "dest", "process_name"}));
  EXPECT_EQ(names(r.facts.reads), (V{"_time", "a", "b", "user", "dest", "process_name"}));
  EXPECT_EQ(r.facts.output, Output::kReplace);
  ASSERT_EQ(read("| stats cnt(x) by y").facts.unknown_functions.size(), 1u);
  EXPECT_TRUE(has_issue(read("| stats by y").facts, "missing_function"));
  EXPECT_TRUE(has_issue(read("| stats bogus=1 count").facts, "unknown_option"));
}

TEST(Grammar, EventstatsAndStreamstatsKeepTheirInput) {
  EXPECT_EQ(read("| eventstats count by user").facts.output, Output::kKeep);
  const Read s = read("| streamstats window=5 current=f avg(bytes) as avg_bytes by src");
  EXPECT_EQ(s.facts.output, Output::kKeep);
  EXPECT_EQ(names(s.facts.creates), (V{"avg_bytes", "src"}));
  EXPECT_TRUE(s.facts.issues.empty());
}

TEST(Grammar, TstatsOverADataModel) {
  const Read r = read(
      "| tstats summariesonly=t count min(_time) as firstTime from datamodel=Endpoint.Processes "
      "where Processes.process_name=cmd.exe by Processes.dest span=1h");
  const CommandFacts& f = r.facts;
  ASSERT_TRUE(f.datamodel);
  EXPECT_EQ(f.datamodel->model, "Endpoint");
  EXPECT_EQ(f.datamodel->dataset, "Processes");
  EXPECT_TRUE(f.datamodel_fields);
  EXPECT_EQ(names(f.reads), (V{"_time", "Processes.process_name", "Processes.dest"}));
  EXPECT_EQ(names(f.creates), (V{"count", "firstTime", "Processes.dest"}));
  EXPECT_TRUE(f.issues.empty());
  EXPECT_TRUE(read("| tstats append=t count from datamodel=Web").facts.generating_appends);
}

TEST(Grammar, TimechartAddsTimeAndOpensOnSplits) {
  const Read r = read("| timechart span=1h count by host");
  EXPECT_EQ(names(r.facts.creates), (V{"count", "host", "_time"}));
  EXPECT_TRUE(r.facts.open);
}

TEST(Grammar, FieldListCommands) {
  const Read t = read("| table _time, user, Processes.*");
  EXPECT_TRUE(t.facts.keeps);
  EXPECT_EQ(names(t.facts.kept), (V{"_time", "user", "Processes.*"}));
  EXPECT_EQ(names(t.facts.reads), (V{"_time", "user"}));
  EXPECT_TRUE(t.facts.reads[0].shown);
  EXPECT_EQ(names(read("| fields - _raw, punct").facts.removes), (V{"_raw", "punct"}));
  const Read rename = read("| rename Processes.* AS *, src as source_ip");
  ASSERT_EQ(rename.facts.renames.size(), 2u);
  EXPECT_EQ(rename.facts.renames[1].to, "source_ip");
  EXPECT_EQ(names(rename.facts.reads), (V{"src"}));
  EXPECT_TRUE(has_issue(read("| rename a b").facts, "missing_as"));
  EXPECT_EQ(names(read("| dedup 2 user, dest sortby -_time").facts.reads),
            (V{"_time", "user", "dest"}));
  EXPECT_EQ(names(read("| sort 10 -count, +num(bytes), user").facts.reads),
            (V{"count", "bytes", "user"}));
  EXPECT_EQ(names(read("| fillnull value=0 a b").facts.creates), (V{"a", "b"}));
  EXPECT_EQ(names(read("| makemv delim=\",\" tags").facts.reads), (V{"tags"}));
  EXPECT_EQ(names(read("| mvexpand tags limit=5").facts.reads), (V{"tags"}));
  EXPECT_TRUE(has_issue(read("| mvexpand").facts, "missing_argument"));
  const Read bin = read("| bin span=1h _time as hour");
  EXPECT_EQ(names(bin.facts.reads), (V{"_time"}));
  EXPECT_EQ(names(bin.facts.creates), (V{"hour"}));
  EXPECT_TRUE(has_issue(read("| bin span=1h").facts, "missing_argument"));
}

TEST(Grammar, HeadLimitsAndBadArguments) {
  const Read h = read("| head 10");
  ASSERT_TRUE(h.facts.limit);
  EXPECT_EQ(h.facts.limit->count, 10u);
  EXPECT_EQ(read("| head limit=5").facts.limit->count, 5u);
  EXPECT_TRUE(has_issue(read("| head ten").facts, "bad_argument"));
  EXPECT_EQ(names(read("| head (count > 3)").facts.reads), (V{"count"}));
}

TEST(Grammar, RexCreatesNamedGroups) {
  const Read r = read(R"re(| rex field=CommandLine max_match=2 "(?<exe>\S+)\s+(?P<args>.*)")re");
  EXPECT_EQ(names(r.facts.creates), (V{"exe", "args"}));
  EXPECT_EQ(names(r.facts.reads), (V{"CommandLine"}));
  EXPECT_TRUE(read(R"(| rex mode=sed field=x "s/a/b/g")").facts.creates.empty());
  EXPECT_TRUE(has_issue(read(R"re(| rex "(\d+)")re").facts, "no_named_group"));
  EXPECT_TRUE(has_issue(read("| rex field=x").facts, "missing_argument"));
}

TEST(Grammar, LookupInputsAndOutputs) {
  const Read r =
      read("| lookup threat_domains domain as query OUTPUT threat_score category as cat");
  ASSERT_EQ(r.facts.lookups.size(), 1u);
  EXPECT_EQ(r.facts.lookups[0].name, "threat_domains");
  EXPECT_EQ(names(r.facts.lookups[0].lookup_fields), (V{"domain", "threat_score", "category"}));
  EXPECT_EQ(names(r.facts.reads), (V{"query"}));
  EXPECT_EQ(names(r.facts.creates), (V{"threat_score", "cat"}));
  EXPECT_FALSE(r.facts.lookups[0].all_outputs);
  EXPECT_TRUE(read("| lookup known_admins user").facts.lookups[0].all_outputs);
  EXPECT_TRUE(has_issue(read("| lookup").facts, "missing_argument"));
}

TEST(Grammar, InputlookupIsGeneratingWithAWhereClause) {
  const Read r = read("| inputlookup append=true known_admins.csv where team=sec");
  EXPECT_TRUE(r.facts.generating_appends);
  EXPECT_EQ(r.facts.lookups[0].name, "known_admins.csv");
  EXPECT_EQ(names(r.facts.reads), (V{"team"}));
  EXPECT_EQ(r.facts.output, Output::kReplace);
}

TEST(Grammar, JoinAndAppendJoinTheirSubsearch) {
  const Read j = read("| join type=left user [search index=x | fields user team]");
  EXPECT_EQ(names(j.facts.reads), (V{"user"}));
  EXPECT_EQ(j.facts.joined.size(), 1u);
  EXPECT_TRUE(has_issue(read("| join user").facts, "missing_subsearch"));
  EXPECT_EQ(read("| append [| makeresults]").facts.joined.size(), 1u);
}

TEST(Grammar, CommandsWithoutGrammarGetTheirTableEffect) {
  EXPECT_TRUE(read("| spath input=x").facts.open);
  EXPECT_EQ(names(read("| iplocation src").facts.creates),
            (V{"City", "Country", "Region", "lat", "lon"}));
  EXPECT_TRUE(read("| convert ctime(firstTime)").facts.reads.empty());
}

}  // namespace
}  // namespace groundgate::filters::spl
