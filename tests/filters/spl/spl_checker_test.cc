// The checks end to end, finding by finding of the taxonomy.
#include "filters/spl/spl_checker.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/filters/spl/spl_test_support.h"

namespace groundgate::filters::spl {
namespace {

SplVerdict check(std::string_view query, std::string_view question = "") {
  return SplChecker(testing::prompt(), question).check(query).verdict;
}

const Finding* find(const SplVerdict& v, std::string_view code) {
  const auto it = std::find_if(v.findings.begin(), v.findings.end(),
                               [&](const Finding& f) { return f.code == code; });
  return it == v.findings.end() ? nullptr : &*it;
}

std::string_view at(std::string_view query, const Finding& f) {
  return query.substr(f.begin, f.end - f.begin);
}

TEST(SplChecker, ValidSearchesAreSupported) {
  for (std::string_view q :
       {"`sysmon` EventCode=1 Image=*\\\\cmd.exe | stats count min(_time) as firstTime by "
        "Computer, User | `security_content_ctime(firstTime)` | rename Computer as dest",
        "index=cloud sourcetype=aws:cloudtrail eventName=ConsoleLogin | stats count by src_ip, "
        "user | where count > 5 | sort - count | head 5",
        "| tstats count from datamodel=Endpoint.Processes where `process_powershell` by "
        "Processes.dest Processes.user | `drop_dm_object_name(Processes)` | table dest user count",
        "index=endpoint source=\"XmlWinEventLog:Security\" EventCode=4625 | eval account=lower("
        "TargetUserName) | lookup known_admins user as account OUTPUT team | where isnull(team) "
        "| `make_flag(suspicious)` | table account suspicious_flag",
        "index=endpoint (EventCode=4688 OR EventCode=1) | rex field=CommandLine "
        "\"(?<exe>\\S+)\" | eventstats count as n by exe | where n < 3 | fillnull value=0 x "
        "| table exe n x"}) {
    const SplVerdict v = check(q);
    EXPECT_EQ(v.label, Label::kSupported) << q << "\n"
                                          << (v.findings.empty() ? "" : v.findings[0].reason);
    EXPECT_TRUE(v.has_metadata);
  }
}

TEST(SplChecker, SyntaxMisspeltCommandIsCorrected) {
  const std::string_view q = "`sysmon` EventCode=1 | stat count by Computer";
  const SplVerdict v = check(q);
  const Finding* f = find(v, "unknown_command");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->type, FindingType::kSyntax);
  EXPECT_EQ(f->label, Label::kContradicted);
  EXPECT_EQ(at(q, *f), "stat");
  EXPECT_EQ(f->replacement, "stats");
  EXPECT_EQ(v.corrected, "`sysmon` EventCode=1 | stats count by Computer");
}

TEST(SplChecker, SyntaxQuotesBracketsOrderAndFunctions) {
  EXPECT_NE(find(check("`sysmon` Image=\"*cmd.exe | stats count"), "unclosed_quote"), nullptr);
  EXPECT_NE(find(check("`sysmon` [search EventCode=1 | stats count"), "unclosed_bracket"), nullptr);
  EXPECT_NE(find(check("`sysmon` | tstats count"), "generating_not_first"), nullptr);
  EXPECT_EQ(find(check("| tstats count | append [| tstats count]"), "generating_not_first"),
            nullptr);
  EXPECT_NE(find(check("`sysmon` | stats cnt(Image)"), "unknown_function"), nullptr);
  const SplVerdict function = check("`sysmon` | eval l=lowr(Image)");
  const Finding* f = find(function, "unknown_function");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->replacement, "lower");
  const SplVerdict unpiped = check("tstats count from datamodel=Endpoint.Processes");
  const Finding* pipe = find(unpiped, "missing_pipe");
  ASSERT_NE(pipe, nullptr);
  EXPECT_EQ(pipe->replacement, "| tstats");
  EXPECT_NE(find(check("`security_content_ctime(a, b)`"), "macro_arguments"), nullptr);
}

TEST(SplChecker, FabricatedNamesOfEveryKind) {
  const std::string_view q =
      "index=edr sourcetype=sysmon:process `sysmn` | lookup bad_domains d | stats count "
      "by ProcessCommandLine";
  const SplVerdict v = check(q);
  for (std::string_view code :
       {"unknown_index", "unknown_sourcetype", "unknown_macro", "unknown_lookup"}) {
    const Finding* f = find(v, code);
    ASSERT_NE(f, nullptr) << code;
    EXPECT_EQ(f->type, FindingType::kFabrication) << code;
  }
  EXPECT_EQ(find(v, "unknown_macro")->replacement, "`sysmon`");
  const SplVerdict fields = check("`sysmon` | stats count by ProcessCommandLine");
  const Finding* field = find(fields, "unknown_field");
  ASSERT_NE(field, nullptr);
  EXPECT_EQ(field->type, FindingType::kFabrication);
}

TEST(SplChecker, FabricatedFieldWithOneCloseNameIsCorrected) {
  const std::string_view q = "`sysmon` CommandLines=*mimikatz* | table Computer";
  const SplVerdict v = check(q);
  const Finding* f = find(v, "unknown_field");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(at(q, *f), "CommandLines");
  EXPECT_EQ(f->replacement, "CommandLine");
  EXPECT_EQ(v.corrected, "`sysmon` CommandLine=*mimikatz* | table Computer");
}

// A field the searched stream's list lacks, spelt like one it has: Splunk field names are
// case-sensitive, but another rendering of the same events may spell it so.
TEST(SplChecker, ListedFieldSpeltOtherwiseIsUnverified) {
  const std::string_view q = "`sysmon` command_line=*mimikatz* | stats count by Computer";
  const SplVerdict v = check(q);
  const Finding* f = find(v, "field_spelt_otherwise");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->type, FindingType::kUnverified);
  EXPECT_EQ(f->label, Label::kUnsupported);
  EXPECT_EQ(at(q, *f), "command_line");
  EXPECT_EQ(f->replacement, "CommandLine");
  EXPECT_EQ(v.label, Label::kUnsupported);
  EXPECT_EQ(v.report(FindingType::kFabrication).state, CheckState::kPassed);
  EXPECT_FALSE(v.corrected);  // only contradicting findings are corrected
}

// CIM-compliant add-ons add the CIM's names to events at search time: a CIM field the list
// lacks is unverified; a name neither listed nor the CIM's stays a fabrication.
TEST(SplChecker, CimFieldTheListLacksIsUnverified) {
  const SplVerdict cim = check("`sysmon` process_guid=* | stats count by Computer");
  const Finding* f = find(cim, "cim_field_not_listed");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->type, FindingType::kUnverified);
  EXPECT_EQ(cim.label, Label::kUnsupported);
  const SplVerdict made_up = check("`sysmon` process_title=* | stats count by Computer");
  ASSERT_NE(find(made_up, "unknown_field"), nullptr);
  EXPECT_EQ(made_up.label, Label::kContradicted);
  // The CIM's own table is complete: a data model field spelt otherwise contradicts.
  const SplVerdict model =
      check("| tstats count from datamodel=Endpoint.Processes by processes.process_name");
  ASSERT_NE(find(model, "unknown_datamodel_field"), nullptr);
  EXPECT_EQ(find(model, "unknown_datamodel_field")->type, FindingType::kFabrication);
}

// coalesce() takes the first of fields that may be absent: naming one is no claim it exists.
TEST(SplChecker, CoalesceAlternativesMayBeAbsent) {
  EXPECT_EQ(check("`sysmon` | eval account=coalesce(User, src_ip) | table account").label,
            Label::kSupported);  // src_ip: another stream's
  const SplVerdict v =
      check("`sysmon` | eval account=coalesce(User, AccountLabel) | table account");
  const Finding* f = find(v, "alternative_not_listed");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->type, FindingType::kUnverified);
  EXPECT_EQ(v.label, Label::kUnsupported);
  // Outside coalesce the same name is a fabrication.
  EXPECT_NE(
      find(check("`sysmon` | eval account=lower(AccountLabel) | table account"), "unknown_field"),
      nullptr);
}

// After a transforming command the results' fields are known: a name the CIM or the metadata
// knows that they lack is not in the pipeline (shown: an empty column), not fabricated.
TEST(SplChecker, KnownNamesTheResultsLackAreNotFabricated) {
  EXPECT_EQ(check("| tstats count from datamodel=Endpoint.Filesystem by Filesystem.file_name | "
                  "`drop_dm_object_name(Filesystem)` | fields file_name process count")
                .label,
            Label::kSupported);
  const SplVerdict v = check(
      "| tstats count from datamodel=Endpoint.Filesystem by Filesystem.file_name | "
      "`drop_dm_object_name(Filesystem)` | where process=\"x\"");
  const Finding* f = find(v, "field_not_in_pipeline");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->type, FindingType::kSyntax);
  EXPECT_EQ(find(v, "unknown_field"), nullptr);
}

// With no field list at all, a name may have been on the events: after `fields` keeps others
// it is gone, never fabricated.
TEST(SplChecker, WithoutFieldListsADroppedNameIsNotFabricated) {
  auto metadata = std::make_shared<SplMetadata>();
  metadata->add(Kind::kSourcetype, "xmlwineventlog");
  const SplVerdict v = SplChecker(metadata, "")
                           .check(
                               "sourcetype=xmlwineventlog | fields EventCode | stats "
                               "values(TargetServerName) as servers by EventCode")
                           .verdict;
  const Finding* f = find(v, "field_not_in_pipeline");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(find(v, "unknown_field"), nullptr);
}

// A stream's example event shows fields Splunk extracts at search time that its list lacks.
TEST(SplChecker, ExampleEventFieldsArePresent) {
  const auto metadata = metadata_from_json(R"json({"streams": [
      {"sourcetype": "linux:audit", "source": "/var/log/audit/audit.log",
       "fields": ["type", "pid", "exe"],
       "examples": ["type=SERVICE_STOP msg=audit(1.4:48): pid=1 msg='unit=atd comm=\"systemd\"'"]}]})json")
                            .metadata;
  ASSERT_NE(metadata, nullptr);
  const SplChecker checker(metadata, "");
  EXPECT_EQ(checker.check("sourcetype=linux:audit type=SERVICE_STOP | stats count by unit, comm")
                .verdict.label,
            Label::kSupported);
  EXPECT_NE(find(checker.check("sourcetype=linux:audit | stats count by unit_name").verdict,
                 "unknown_field"),
            nullptr);
}

TEST(SplChecker, FieldsThePipelineCreatesAreNoFabrication) {
  EXPECT_EQ(check("`sysmon` | eval exe=lower(Image) | stats count as n by exe | where n > 1 | "
                  "rename exe as executable | table executable n")
                .label,
            Label::kSupported);
  EXPECT_EQ(check("| tstats count from datamodel=Endpoint.Processes by Processes.process_name | "
                  "`drop_dm_object_name(Processes)` | where count > 2 | table process_name")
                .label,
            Label::kSupported);
}

TEST(SplChecker, DataModelNamesAndFields) {
  const SplVerdict model = check("| tstats count from datamodel=Endpointt.Processes");
  ASSERT_NE(find(model, "unknown_datamodel"), nullptr);
  EXPECT_EQ(find(model, "unknown_datamodel")->replacement, "Endpoint");
  EXPECT_NE(find(check("| tstats count from datamodel=Endpoint.ProcessEvents"), "unknown_dataset"),
            nullptr);
  const SplVerdict fields =
      check("| tstats count from datamodel=Endpoint.Processes by Processes.process_title");
  const Finding* field = find(fields, "unknown_datamodel_field");
  ASSERT_NE(field, nullptr);
  EXPECT_EQ(field->type, FindingType::kFabrication);
}

TEST(SplChecker, MixedComponentsThatExistButNotTogether) {
  // Both names exist; no stream has this sourcetype with this source.
  const std::string_view q =
      "sourcetype=aws:cloudtrail source=\"XmlWinEventLog:Security\" | stats count by user";
  const SplVerdict v = check(q);
  const Finding* f = find(v, "combination_not_in_metadata");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->type, FindingType::kMixed);
  // A field of another stream.
  const SplVerdict other = check("`sysmon` eventName=ConsoleLogin | stats count");
  const Finding* field = find(other, "field_of_other_source");
  ASSERT_NE(field, nullptr);
  EXPECT_EQ(field->type, FindingType::kMixed);
  // A data model field of another dataset, a dataset of another model.
  EXPECT_NE(find(check("| tstats count from datamodel=Endpoint.Processes by Processes.file_name"),
                 "field_of_other_dataset"),
            nullptr);
  EXPECT_NE(find(check("| tstats count from datamodel=Endpoint.DNS"), "dataset_of_other_datamodel"),
            nullptr);
  // A data model's field in a search of raw events.
  const SplVerdict events = check("`sysmon` | stats count by Processes.user");
  const Finding* dm = find(events, "datamodel_field_in_event_search");
  ASSERT_NE(dm, nullptr);
  EXPECT_EQ(dm->type, FindingType::kMixed);
}

TEST(SplChecker, MisalignedValueOfAnotherField) {
  const std::string_view q = "index=cloud source=aws:cloudtrail | stats count by user";
  const SplVerdict v = check(q);
  const Finding* f = find(v, "value_of_other_field");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->type, FindingType::kMisaligned);
  EXPECT_EQ(at(q, *f), "source");
  EXPECT_EQ(f->replacement, "sourcetype");
  EXPECT_EQ(v.corrected, "index=cloud sourcetype=aws:cloudtrail | stats count by user");
  const SplVerdict dataset = check("| tstats count from datamodel=Processes");
  const Finding* dm = find(dataset, "dataset_as_datamodel");
  ASSERT_NE(dm, nullptr);
  EXPECT_EQ(dm->type, FindingType::kMisaligned);
  EXPECT_EQ(dm->replacement, "Endpoint.Processes");
}

TEST(SplChecker, MisinterpretationIsUnsupportedNeverContradicted) {
  const std::string_view question = "Which users failed to log in to the console?";
  const SplVerdict time = check(
      "index=cloud sourcetype=aws:cloudtrail eventName=ConsoleLogin earliest=-24h | stats "
      "count by user",
      question);
  const Finding* t = find(time, "time_range_not_asked");
  ASSERT_NE(t, nullptr);
  EXPECT_EQ(t->type, FindingType::kMisinterpretation);
  EXPECT_EQ(t->label, Label::kUnsupported);
  EXPECT_EQ(time.label, Label::kUnsupported);
  EXPECT_EQ(find(check("index=cloud eventName=ConsoleLogin earliest=-24h | stats count by user",
                       "Which users failed to log in during the last 24 hours?"),
                 "time_range_not_asked"),
            nullptr);
  EXPECT_NE(
      find(check("index=cloud eventName=ConsoleLogin | head 10", question), "limit_not_asked"),
      nullptr);
  EXPECT_EQ(
      find(check("index=cloud eventName=ConsoleLogin | head 10", "Show the top 10 console logins"),
           "limit_not_asked"),
      nullptr);
  // aws:cloudtrail is in two indexes; restricting to one the question does not name is a choice.
  EXPECT_NE(find(check("index=cloud sourcetype=aws:cloudtrail | stats count by user", question),
                 "index_not_asked"),
            nullptr);
  EXPECT_EQ(find(check("index=cloud sourcetype=aws:cloudtrail | stats count by user",
                       "Which users logged in according to the cloud index?"),
                 "index_not_asked"),
            nullptr);
  EXPECT_EQ(time.report(FindingType::kMisinterpretation).state, CheckState::kFailed);
  EXPECT_EQ(check("index=cloud | stats count").report(FindingType::kMisinterpretation).note,
            "no_question");
}

TEST(SplChecker, PipelineErrorsAreSyntax) {
  const SplVerdict v = check("`sysmon` | stats count by Computer | where Image=\"x\"");
  const Finding* f = find(v, "field_not_in_pipeline");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->type, FindingType::kSyntax);
}

TEST(SplChecker, NamesFromPromptDefinitionsAreNotHeldAgainstTheModel) {
  SplMetadata m = *testing::prompt();
  m.add_macro({"odd", "sourcetype=never_listed | stat count", {}});
  const SplChecker checker(std::make_shared<const SplMetadata>(m), "");
  const SplVerdict v = checker.check("`odd`").verdict;
  EXPECT_EQ(v.label, Label::kSupported);
}

TEST(SplChecker, WithoutMetadataOnlySyntaxIsChecked) {
  const SplChecker checker(no_metadata(), "");
  const SplVerdict ok =
      checker.check("index=anything sourcetype=whatever | stats count by x").verdict;
  EXPECT_EQ(ok.label, Label::kSupported);
  EXPECT_FALSE(ok.has_metadata);
  EXPECT_EQ(ok.report(FindingType::kFabrication).note, "no_metadata");
  EXPECT_EQ(ok.report(FindingType::kSyntax).state, CheckState::kPassed);
  EXPECT_EQ(checker.check("index=a | stat count").verdict.label, Label::kContradicted);
}

TEST(SplChecker, DeepNestingIsReportedNotRecursedInto) {
  const std::string deep = "`sysmon` | eval x=" + std::string(5000, '(') + "1" +
                           std::string(5000, ')') + " | where " + std::string(5000, '(') + "x" +
                           std::string(5000, ')');
  const SplVerdict v = check(deep);
  EXPECT_NE(find(v, "too_deep"), nullptr);
  const std::string search = "index=x " + std::string(3000, '(') + "a=1" + std::string(3000, ')');
  EXPECT_NE(find(check(search), "too_deep"), nullptr);
}

TEST(SplChecker, BoundsAndEmptyText) {
  SplCheckerConfig config;
  config.max_query_bytes = 10;
  const SplChecker small(testing::prompt(), "", config);
  EXPECT_EQ(small.check("index=endpoint | stats count").error, SplError::kTooLong);
  EXPECT_EQ(SplChecker(testing::prompt(), "").check("  \n").error, SplError::kEmpty);
}

}  // namespace
}  // namespace groundgate::filters::spl
